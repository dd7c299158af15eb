/**
 * One page of a list shown the latest first, read in one bounded request: the sessions of a
 * league, the cards of its inbox. Each list says where a page ends (its cursor), and which
 * records come after a cursor: those of the cursor's own time with a lower id.
 */
import type { Collection, IndexableType } from 'dexie';

/**
 * The first `size` records of `range` read backwards, those for which `after` holds (all when
 * it is null), and the cursor of the next page (`cursorOf` its last record; null on the last).
 */
export async function latestPage<T, C, I = T>(
	range: Collection<T, IndexableType, I>,
	after: ((record: T) => boolean) | null,
	size: number,
	cursorOf: (record: T) => C
): Promise<{ items: T[]; next: C | null }> {
	const read = await range
		.reverse()
		.filter((r) => after === null || after(r))
		.limit(size + 1)
		.toArray();
	const items = read.slice(0, size);
	const last = items.at(-1);
	return { items, next: read.length > size && last ? cursorOf(last) : null };
}
