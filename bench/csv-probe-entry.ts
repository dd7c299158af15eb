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

/** Every log of the device, `chunk` at a time in key order: the store's raw throughput. */
async function rawLogs(chunk = 1000): Promise<Record<string, number>> {
	const idb = db.backendDB();
	const t0 = performance.now();
	let logs = 0;
	let events = 0;
	let lower: IDBValidKey | null = null;
	for (;;) {
		const part: { gameId: string; events: unknown[] }[] = await new Promise((resolve, reject) => {
			const tx = idb.transaction('logs', 'readonly');
			const range = lower === null ? null : IDBKeyRange.lowerBound(lower, true);
			const r = tx.objectStore('logs').getAll(range, chunk);
			r.onsuccess = () => resolve(r.result);
			r.onerror = () => reject(r.error);
		});
		logs += part.length;
		for (const log of part) events += log.events.length;
		if (part.length < chunk) break;
		lower = part.at(-1)!.gameId;
	}
	return { logs, events, ms: performance.now() - t0 };
}

/** The `kind` export timed with `readAhead` batches read ahead, written nowhere. */
async function exportWith(leagueId: string, kind: string, readAhead: number): Promise<number> {
	const t0 = performance.now();
	await writeLeagueCsv(leagueId, kind as 'events', () => undefined, { readAhead });
	return performance.now() - t0;
}

(globalThis as unknown as { probe: unknown }).probe = {
	readsOnly,
	rawLogs,
	exportWith
};
(globalThis as unknown as { exports: unknown }).exports = { writeLeagueCsv };
