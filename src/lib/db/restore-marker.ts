/**
 * The marker of a restore under way (`backup/restore.ts`), kept in `meta` under `restore` and
 * read at every start: apart from the restore itself, which loads only when there is one to
 * finish.
 */
import { db } from './db';
import { guard } from './errors';
import type { RestoreMarker } from '$lib/card/device-records';

export type { RestoreMarker } from '$lib/card/device-records';

/** The restore under way on this device, if any (a start finishes or discards it). */
export async function restoreUnderWay(): Promise<RestoreMarker | null> {
	const row = await guard(() => db.meta.get('restore'));
	return row?.key === 'restore' ? row.value : null;
}

/** The marker's row, to put inside a transaction of the caller. */
export function markerRow(marker: RestoreMarker) {
	return { key: 'restore' as const, value: marker };
}

/** Sets the marker, or removes it with null. */
export async function writeMarker(marker: RestoreMarker | null): Promise<void> {
	await guard(async () => {
		if (marker === null) await db.meta.delete('restore');
		else await db.meta.put(markerRow(marker));
	});
}

/** Drops the marker of a restore written whole, and makes `firstLeague` current if none is. */
export async function finishRestore(firstLeague: string | null): Promise<void> {
	await guard(() =>
		db.transaction('rw', db.meta, async () => {
			await db.meta.delete('restore');
			const current = await db.meta.get('currentLeague');
			if (!current && firstLeague) {
				await db.meta.put({ key: 'currentLeague', value: firstLeague });
			}
		})
	);
}
