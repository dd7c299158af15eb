/**
 * The logs of many games at once, for the exports: one read-only IndexedDB transaction per
 * batch, with a `get` of each game's log record, all sent at once and answered in callbacks.
 * The same reads as `games.eventsOf`, below Dexie: at a school's scale (5,400 games in 10
 * classes) Dexie's promise and middleware work per request was about a sixth of the reading
 * time, and an export needs none of it (no write, no live query).
 */
import { db } from './db';
import { guard } from './errors';
import type { PlayedHands } from '$lib/rules/hand-lines';
import type { EventRecord, LogRecord } from '$lib/card/records';

/**
 * The stored events of each game of `ids`, in log order, in the order of `ids` (an empty log
 * for a game without events).
 * @throws DbError `db-closed`, `db-unavailable`
 */
export async function logsOf(ids: readonly string[]): Promise<EventRecord[][]> {
	if (ids.length === 0) return [];
	return guard(async () => {
		if (!db.isOpen()) await db.open();
		return read(db.backendDB(), ids);
	});
}

function read(idb: IDBDatabase, ids: readonly string[]): Promise<EventRecord[][]> {
	return new Promise((resolve, reject) => {
		const tx = idb.transaction('logs', 'readonly');
		const logs = tx.objectStore('logs');
		const out: EventRecord[][] = new Array<EventRecord[]>(ids.length);
		ids.forEach((id, i) => {
			const request = logs.get(id);
			request.onsuccess = () => (out[i] = (request.result as LogRecord | undefined)?.events ?? []);
		});
		tx.oncomplete = () => resolve(out);
		tx.onerror = () => reject(tx.error ?? new Error('the logs could not be read'));
		tx.onabort = () => reject(tx.error ?? new Error('the logs could not be read'));
	});
}

/**
 * The hands kept with the verdicts of the games `ids` (schema version 10), in the order of
 * `ids`: null for a game without a verdict (not locked with its result) or without kept hands.
 * @throws DbError `db-closed`, `db-unavailable`
 */
export async function keptHandsOf(ids: readonly string[]): Promise<(PlayedHands | null)[]> {
	if (ids.length === 0) return [];
	const verdicts = await guard(() => db.verdicts.bulkGet([...ids]));
	return verdicts.map((v) => v?.hands ?? null);
}
