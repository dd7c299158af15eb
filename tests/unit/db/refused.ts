/**
 * Refusals that change nothing: for tests of what comes from outside (codes, files, the school
 * server), the store is read whole before and after.
 */
import { expect } from 'vitest';
import { db } from '$lib/db/db';
import { messageFor } from '$lib/messages';

/** The device's own id and key: made at their first use, whatever was taken in. */
const OWN = new Set(['deviceId', 'deviceKey']);

/** Every table's rows, but the device's own id and key. */
export async function storeRows(): Promise<Record<string, unknown[]>> {
	const out: Record<string, unknown[]> = {};
	for (const table of db.tables) {
		const rows: unknown[] = await table.toArray();
		out[table.name] =
			table.name === 'meta' ? rows.filter((r) => !OWN.has((r as { key: string }).key)) : rows;
	}
	return out;
}

/** What a refused `act` says, after checking that the store is as it was. */
export async function refused(act: () => Promise<unknown>): Promise<string> {
	const before = await storeRows();
	const said = await act().then(
		() => expect.fail('expected a refusal'),
		(e: unknown) => messageFor(e)
	);
	expect(await storeRows()).toEqual(before);
	return said;
}
