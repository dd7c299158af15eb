/**
 * The check a staged merge runs before it writes anything: each staged part compared, read
 * only, with what the device holds of the same ids (`storeDump.checkMerge`), so that a part
 * which would take over another league's records refuses the whole restore while the store is
 * still untouched. (A replace empties the store first, so nothing can be taken over.) Each
 * read is its own short request: no transaction is held across the parts, or across a part.
 */
import * as storeDump from './store-dump';
import type { StoreDump } from '$lib/card/backup-records';

/**
 * Checks the staged parts 0 to `count` - 1, read through `partOf`; `outside` as in
 * `storeDump.writePart`.
 * @throws DbError or CardError `incoming-id-taken`, CardError `student-id-taken`,
 * BrokenCardError `transfer-damaged`
 */
export async function checkStaged(
	partOf: (n: number) => Promise<StoreDump>,
	count: number,
	outside: ReadonlySet<string> | null = null
): Promise<void> {
	for (let n = 0; n < count; n++) await storeDump.checkMerge(await partOf(n), outside);
}
