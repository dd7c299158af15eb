/**
 * Bundled for the page by `profile-restore.ts`: the bench's helpers (`idb-entry.ts`) and a
 * restore timed in its steps (the file read and checked, then staged and written), with the
 * JS heap's peak sampled while it runs.
 */
import './idb-entry';
import { readBackup, restoreBackup, writeBackup } from '$lib/backup/backup';
import Dexie from 'dexie';
import { db } from '$lib/db/db';
import type { StoreDump } from '$lib/card/backup-records';
import type { RestoreShown } from '$lib/backup/restore-progress';
import { TABLES } from '$lib/card/merge-plan';
import { logsOfEvents } from '$lib/card/records';

/** Where a backup table's records go in the store: its events as one log a game (version 16). */
const storeOf = (n: (typeof TABLES)[number]) => (n === 'events' ? 'logs' : n);
const rowsOf = (part: StoreDump, n: (typeof TABLES)[number]): readonly unknown[] =>
	n === 'events' ? logsOfEvents(part.events) : part[n];

function heapMb(): number {
	const m = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
	return (m?.usedJSHeapSize ?? 0) / 1024 / 1024;
}

/**
 * Backs the store up into a Blob, empties it, and restores the Blob (replace), as the bench
 * does: each step timed, with the share of the restore's progress reached at each second.
 */
async function restoreSteps(): Promise<Record<string, unknown>> {
	const blobs: Blob[] = [];
	await writeBackup('bench', (part) => void blobs.push(new Blob([part])));
	const blob = new Blob(blobs, { type: 'application/json' });
	await db.delete();
	await db.open();
	// As the bench does: each restore's own heap, not the backup's garbage.
	(globalThis as { gc?: () => void }).gc?.();
	let peak = heapMb();
	// The peak since the last mark, too: where in the restore the heap is highest.
	let since = 0;
	const sampler = setInterval(() => {
		const now = heapMb();
		peak = Math.max(peak, now);
		since = Math.max(since, now);
	}, 50);
	const marks: string[] = [];
	const t0 = performance.now();
	const backup = await readBackup(blob);
	const readMs = performance.now() - t0;
	let last = -1;
	await restoreBackup(backup, 'replace', {
		// A number before issue 39 (this probe also times the code before it: PROFILE_SRC).
		onProgress: (shown: RestoreShown | number) => {
			const s = Math.floor(performance.now() - t0) / 1000;
			const share = typeof shown === 'number' ? shown : shown.share;
			const words = typeof shown === 'number' ? '' : ` ${shown.doing}; ${shown.left}`;
			if (Math.floor(s / 0.5) !== last) {
				last = Math.floor(s / 0.5);
				marks.push(
					`${s.toFixed(1)}s ${(share * 100).toFixed(0)}% peak ${since.toFixed(0)}MB${words}`
				);
				since = 0;
			}
		}
	} as Parameters<typeof restoreBackup>[2]);
	const totalMs = performance.now() - t0;
	clearInterval(sampler);
	marks.push(`end: peak since the last mark ${since.toFixed(0)}MB`);
	// What the restore left, to tell a run that lost records (the next run's backup would
	// refuse its own file) from one that did not.
	const left = { leagues: await db.leagues.count(), games: await db.games.count() };
	return { mb: blob.size / 1024 / 1024, readMs, totalMs, peakHeapMb: peak, left, marks };
}

/**
 * The floor: the backup's records written with no upkeep, no checks and no staging into a
 * database of their own, `perTxn` parts to a transaction.
 */
async function rawWrites(perTxn = 1): Promise<Record<string, number>> {
	const blobs: Blob[] = [];
	await writeBackup('bench', (part) => void blobs.push(new Blob([part])));
	const backup = await readBackup(new Blob(blobs));
	const parts: StoreDump[] = [];
	for await (const part of backup.parts()) parts.push(part);
	await Dexie.delete('raw-probe');
	const raw = new Dexie('raw-probe');
	raw.version(1).stores({
		players: 'id, nameKey, leagueId',
		games: 'id, [status+createdAt], *seats, leagueId, sessionId',
		logs: 'gameId',
		signatures: 'id, gameId',
		leagues: 'id',
		sessions: 'id, [leagueId+date]',
		matches: 'id, *gameIds',
		inbox: 'id, leagueId, gameId',
		turnIns: 'gameId'
	});
	await raw.open();
	const t0 = performance.now();
	const names = TABLES;
	for (let i = 0; i < parts.length; i += perTxn) {
		await raw.transaction(
			'rw',
			names.map((n) => raw.table(storeOf(n))),
			async () => {
				for (const part of parts.slice(i, i + perTxn)) {
					for (const n of names) {
						if (part[n].length > 0) await raw.table(storeOf(n)).bulkAdd([...rowsOf(part, n)]);
					}
				}
			}
		);
	}
	const ms = performance.now() - t0;
	raw.close();
	await Dexie.delete('raw-probe');
	return { parts: parts.length, perTxn, ms };
}

/** The floor below Dexie: the same records put with IndexedDB's own calls, a part a transaction. */
async function nativeWrites(): Promise<Record<string, number>> {
	const blobs: Blob[] = [];
	await writeBackup('bench', (part) => void blobs.push(new Blob([part])));
	const backup = await readBackup(new Blob(blobs));
	const parts: StoreDump[] = [];
	for await (const part of backup.parts()) parts.push(part);
	await Dexie.delete('native-probe');
	const idb = await new Promise<IDBDatabase>((resolve, reject) => {
		const req = indexedDB.open('native-probe', 1);
		req.onupgradeneeded = () => {
			const d = req.result;
			const games = d.createObjectStore('games', { keyPath: 'id' });
			games.createIndex('a', ['status', 'createdAt']);
			games.createIndex('b', 'seats', { multiEntry: true });
			games.createIndex('c', 'leagueId');
			games.createIndex('d', 'sessionId');
			d.createObjectStore('logs', { keyPath: 'gameId' });
			d.createObjectStore('signatures', { keyPath: 'id' }).createIndex('g', 'gameId');
			for (const n of ['leagues', 'players', 'sessions', 'matches', 'inbox'])
				d.createObjectStore(n, { keyPath: 'id' });
			d.createObjectStore('turnIns', { keyPath: 'gameId' });
		};
		req.onsuccess = () => resolve(req.result);
		req.onerror = () => reject(req.error);
	});
	const names = TABLES;
	const t0 = performance.now();
	let eventsMs = 0;
	for (const part of parts) {
		await new Promise<void>((resolve, reject) => {
			const tx = idb.transaction(names.map(storeOf), 'readwrite');
			const a = performance.now();
			for (const n of names) {
				const store = tx.objectStore(storeOf(n));
				for (const r of rowsOf(part, n)) store.put(r);
			}
			eventsMs += performance.now() - a;
			tx.oncomplete = () => resolve();
			tx.onerror = () => reject(tx.error);
		});
	}
	const ms = performance.now() - t0;
	idb.close();
	await Dexie.delete('native-probe');
	return { parts: parts.length, ms, putCallsMs: eventsMs };
}

(globalThis as unknown as { probe: unknown }).probe = { restoreSteps, rawWrites, nativeWrites };
