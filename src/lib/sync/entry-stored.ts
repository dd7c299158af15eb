/**
 * Knowing, on a group phone, that an entry was just stored, so it travels at once (issue 40)
 * without putting any network work in the tap: Dexie announces every committed write
 * (`storagemutated`, the same news its live queries follow, from this tab and the others);
 * writes to the log's table call `run` once they have stopped for `wait` ms, so a burst of taps
 * sends one batch.
 */
import Dexie from 'dexie';
import { db } from '$lib/db/db';

/** Whether one of Dexie's changed parts (`idb://<database>/<table>/<index>`) is the log's. */
export function touchesLog(parts: Record<string, unknown>, dbName: string = db.name): boolean {
	const prefix = `idb://${dbName}/logs/`;
	return Object.keys(parts).some((part) => part.startsWith(prefix));
}

/** Calls `run` shortly after entries are stored; gives the way to stop listening. */
export function onEntryStored(run: () => void, wait = 200): () => void {
	let timer: ReturnType<typeof setTimeout> | null = null;
	const listener = (parts: Record<string, unknown>) => {
		if (!touchesLog(parts)) return;
		if (timer) clearTimeout(timer);
		timer = setTimeout(() => {
			timer = null;
			run();
		}, wait);
	};
	Dexie.on.storagemutated.subscribe(listener);
	return () => {
		if (timer) clearTimeout(timer);
		Dexie.on.storagemutated.unsubscribe(listener);
	};
}
