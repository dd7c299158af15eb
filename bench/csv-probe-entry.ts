/**
 * Bundled for the page by `profile-csv.ts`: the bench's helpers (`idb-entry.ts`) and probes
 * that time the parts of an export apart (the store's reads alone, the whole export).
 */
import './idb-entry';
import { db } from '$lib/db/db';
import * as lists from '$lib/db/lists';
import { logsOf } from '$lib/db/log-reads';
import { writeLeagueCsv } from '$lib/export/league';

/** Each batch's games and their logs read, nothing written: the reads' share of an export. */
async function readsOnly(leagueId: string, size = 200): Promise<Record<string, number>> {
	let games = 0;
	let events = 0;
	let gamesMs = 0;
	let logsMs = 0;
	const t0 = performance.now();
	const it = lists.batchesOfLeague(leagueId, size)[Symbol.asyncIterator]();
	for (;;) {
		const a = performance.now();
		const next = await it.next();
		gamesMs += performance.now() - a;
		if (next.done) break;
		games += next.value.length;
		const b = performance.now();
		const logs = await logsOf(next.value.map((g) => g.id));
		logsMs += performance.now() - b;
		for (const l of logs) events += l.length;
	}
	return { games, events, gamesMs, logsMs, totalMs: performance.now() - t0 };
}

/** Every event of the device, `chunk` at a time in key order: the store's raw throughput. */
async function rawEvents(chunk = 20000): Promise<Record<string, number>> {
	const idb = db.backendDB();
	const t0 = performance.now();
	let n = 0;
	let lower: IDBValidKey | null = null;
	for (;;) {
		const part: { gameId: string; seq: number }[] = await new Promise((resolve, reject) => {
			const tx = idb.transaction('events', 'readonly');
			const range = lower === null ? null : IDBKeyRange.lowerBound(lower, true);
			const r = tx.objectStore('events').getAll(range, chunk);
			r.onsuccess = () => resolve(r.result);
			r.onerror = () => reject(r.error);
		});
		n += part.length;
		if (part.length < chunk) break;
		const last = part.at(-1)!;
		lower = [last.gameId, last.seq];
	}
	return { events: n, ms: performance.now() - t0 };
}

/**
 * The league's logs copied into a side database, one record per game holding its whole log,
 * then read back a batch at a time: what reading packed logs would cost instead.
 */
async function packedLogs(leagueId: string, size = 200): Promise<Record<string, number>> {
	const open = (): Promise<IDBDatabase> =>
		new Promise((resolve, reject) => {
			const r = indexedDB.open('probe-packed', 1);
			r.onupgradeneeded = () => r.result.createObjectStore('logs', { keyPath: 'gameId' });
			r.onsuccess = () => resolve(r.result);
			r.onerror = () => reject(r.error);
		});
	const idb = await open();
	const done = (tx: IDBTransaction) =>
		new Promise<void>((resolve, reject) => {
			tx.oncomplete = () => resolve();
			tx.onerror = () => reject(tx.error);
		});
	const batches: string[][] = [];
	for await (const batch of lists.batchesOfLeague(leagueId, size)) {
		const ids = batch.map((g) => g.id);
		batches.push(ids);
		const logs = await logsOf(ids);
		const tx = idb.transaction('logs', 'readwrite');
		ids.forEach((id, i) => tx.objectStore('logs').put({ gameId: id, events: logs[i] }));
		await done(tx);
	}
	const t0 = performance.now();
	let events = 0;
	for (const ids of batches) {
		const tx = idb.transaction('logs', 'readonly');
		const out: { events: unknown[] }[] = [];
		ids.forEach((id, i) => {
			const r = tx.objectStore('logs').get(id);
			r.onsuccess = () => (out[i] = r.result);
		});
		await done(tx);
		for (const o of out) events += o.events.length;
	}
	const ms = performance.now() - t0;
	idb.close();
	indexedDB.deleteDatabase('probe-packed');
	return { events, ms };
}

/** The `kind` export timed with `readAhead` batches read ahead, written nowhere. */
async function exportWith(leagueId: string, kind: string, readAhead: number): Promise<number> {
	const t0 = performance.now();
	await writeLeagueCsv(leagueId, kind as 'events', () => undefined, { readAhead });
	return performance.now() - t0;
}

(globalThis as unknown as { probe: unknown }).probe = {
	readsOnly,
	rawEvents,
	packedLogs,
	exportWith
};
(globalThis as unknown as { exports: unknown }).exports = { writeLeagueCsv };
