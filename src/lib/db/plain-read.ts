/**
 * The first screen's reads with IndexedDB itself, before Dexie's code has loaded: the device's
 * role (every page) and a scorecard's game. Why: Dexie and the store's modules are half the
 * code a cold start evaluated; read this way, the board is drawn while they load, and the
 * page's live query (`$lib/state/live-query.ts`) takes over once they have. A device with no
 * database yet (a first visit) has no role: its first screen needs no Dexie either.
 *
 * The database is opened as it stands, never upgraded (nor made, where there is none). A game
 * is read only from a database noted at the latest version (`version-note.ts`): its tables are
 * then as `$lib/card/records.ts` has them. The role's row is the same in every version. Any read
 * that cannot be made this way gives undefined or null, and the caller reads through Dexie,
 * which upgrades first.
 */
import type { StoredRole } from '$lib/roles/rules';
import type { MetaRecord } from '$lib/card/device-records';
import type { EventRecord, GameRecord, LogRecord, PlayerRecord } from '$lib/card/records';
import { DB_NAME, notedAtLatest } from './version-note';

/** What opening gives: the connection, `missing` (no database), or null (it failed). */
type Opened = IDBDatabase | 'missing' | null;

/** The one connection while reads are under way, closed when the last one ends. */
let shared: { opened: Promise<Opened>; reads: number } | null = null;

/** The database as it stands (see above). */
function open(): Promise<Opened> {
	return new Promise((resolve) => {
		if (typeof indexedDB === 'undefined') return resolve(null);
		try {
			const request = indexedDB.open(DB_NAME);
			// No database: opening would make an empty one, which Dexie would then have to
			// upgrade. Stopped, so none is made.
			request.onupgradeneeded = () => {
				request.transaction?.abort();
				resolve('missing');
			};
			request.onsuccess = () => {
				const db = request.result;
				// Another tab upgrading waits for no one on account of this connection.
				db.onversionchange = () => db.close();
				resolve(db);
			};
			request.onerror = () => resolve(null);
			request.onblocked = () => resolve(null);
		} catch {
			resolve(null);
		}
	});
}

/**
 * `read` on the shared connection; `missing` when there is no database, null when the read
 * could not be made. Never rejects.
 */
async function withConnection<T>(
	read: (db: IDBDatabase) => Promise<T | null>
): Promise<T | 'missing' | null> {
	const current = (shared ??= { opened: open(), reads: 0 });
	current.reads += 1;
	try {
		const db = await current.opened;
		return db === null || db === 'missing' ? db : await read(db);
	} catch {
		return null;
	} finally {
		current.reads -= 1;
		if (current.reads === 0) {
			if (shared === current) shared = null;
			void current.opened.then((db) => db !== null && db !== 'missing' && db.close());
		}
	}
}

/** Runs `start` in a read transaction over `stores`; resolves with `result()` once it commits. */
function transaction<T>(
	db: IDBDatabase,
	stores: string[],
	start: (tx: IDBTransaction) => void,
	result: () => T
): Promise<T | null> {
	return new Promise((resolve) => {
		const tx = db.transaction(stores, 'readonly');
		tx.oncomplete = () => resolve(result());
		tx.onerror = () => resolve(null);
		tx.onabort = () => resolve(null);
		start(tx);
	});
}

/**
 * The device's role as `role.ts` reads it (null on a device with no database yet), or
 * undefined when it cannot be read plainly.
 */
export async function plainRole(): Promise<StoredRole | undefined> {
	const row = await withConnection((db) => {
		let found: MetaRecord | undefined;
		return transaction(
			db,
			['meta'],
			(tx) => {
				const request = tx.objectStore('meta').get('role');
				request.onsuccess = () => (found = request.result as MetaRecord | undefined);
			},
			() => ({ found })
		);
	});
	if (row === null) return undefined;
	if (row === 'missing') return null;
	return row.found?.key === 'role' ? row.found.value : null;
}

/** A game as stored: its record, its events in order, and its seated players found. */
export interface PlainGame {
	record: GameRecord;
	events: EventRecord[];
	players: Map<string, PlayerRecord>;
}

/** Reads game `id`'s events, in order, in `tx`; `found` gets them. */
function readLog(tx: IDBTransaction, id: string, found: (events: EventRecord[]) => void): void {
	const log = tx.objectStore('logs').get(id);
	log.onsuccess = () => found((log.result as LogRecord | undefined)?.events ?? []);
}

/**
 * Game `id` with its events and players, read in one transaction, or null when it cannot be
 * read plainly or is not on this device (the caller's own read then says so).
 */
export async function plainGame(id: string): Promise<PlainGame | null> {
	if (!notedAtLatest(DB_NAME)) return null;
	const read = await withConnection((db) => {
		let record: GameRecord | undefined;
		let events: EventRecord[] = [];
		const players = new Map<string, PlayerRecord>();
		return transaction(
			db,
			['games', 'logs', 'players'],
			(tx) => {
				const game = tx.objectStore('games').get(id);
				game.onsuccess = () => {
					record = game.result as GameRecord | undefined;
					for (const seat of record?.seats ?? []) {
						const player = tx.objectStore('players').get(seat);
						player.onsuccess = () => {
							const found = player.result as PlayerRecord | undefined;
							if (found) players.set(found.id, found);
						};
					}
				};
				readLog(tx, id, (found) => (events = found));
			},
			() => (record ? { record, events, players } : null)
		);
	});
	return read === 'missing' ? null : read;
}

/** Home's lists as stored (`components/home-games.ts` reads the same through Dexie). */
export interface PlainHome {
	/** The games in progress, the latest started first. */
	active: PlainGame[];
	/** The `limit` games that finished last, the latest first. */
	finished: PlainGame[];
	/** Whether older finished games exist. */
	more: boolean;
	/** What Home's first-start question depends on (`roles/rules.ts` asksWhoUsesDevice). */
	device: { role: StoredRole | null; leagues: number; asked: boolean };
}

/**
 * Home's lists (the games in progress, the `limit` that finished last) with their events and
 * players, and what its first-start question needs, in one transaction; null when they cannot
 * be read plainly, and the empty lists of a new device when it has no database yet.
 */
export async function plainHome(limit: number): Promise<PlainHome | null> {
	if (!notedAtLatest(DB_NAME)) return null;
	const read = await withConnection((db) => {
		const found = { active: [] as GameRecord[], finished: [] as GameRecord[], more: false };
		const logs = new Map<string, EventRecord[]>();
		const players = new Map<string, PlayerRecord>();
		const meta = new Map<string, MetaRecord>();
		let leagues = 0;
		return transaction(
			db,
			['games', 'logs', 'players', 'meta', 'leagues'],
			(tx) => {
				/** Reads the logs and the players of `records`, in this transaction. */
				/** Players asked for already: the same students sit in many games. */
				const asked = new Set<string>();
				const withLogs = (records: GameRecord[]) => {
					for (const record of records) {
						readLog(tx, record.id, (events) => logs.set(record.id, events));
						for (const seat of record.seats) {
							if (asked.has(seat)) continue;
							asked.add(seat);
							const player = tx.objectStore('players').get(seat);
							player.onsuccess = () => {
								const p = player.result as PlayerRecord | undefined;
								if (p) players.set(p.id, p);
							};
						}
					}
				};
				const games = tx.objectStore('games');
				const active = games
					.index('[status+createdAt]')
					.getAll(IDBKeyRange.bound(['in-progress'], ['in-progress', []]));
				// getAll reads oldest first: the list shows the latest started first.
				active.onsuccess = () => {
					found.active = (active.result as GameRecord[]).reverse();
					withLogs(found.active);
				};
				const finished = games
					.index('[status+finishedAt]')
					.openCursor(IDBKeyRange.bound(['finished'], ['finished', []]), 'prev');
				finished.onsuccess = () => {
					const cursor = finished.result;
					if (cursor && found.finished.length < limit) {
						found.finished.push(cursor.value as GameRecord);
						cursor.continue();
						return;
					}
					found.more = cursor !== null;
					withLogs(found.finished);
				};
				for (const key of ['role', 'roleAsked']) {
					const row = tx.objectStore('meta').get(key);
					row.onsuccess = () => {
						if (row.result) meta.set(key, row.result as MetaRecord);
					};
				}
				const count = tx.objectStore('leagues').count();
				count.onsuccess = () => (leagues = count.result);
			},
			(): PlainHome => {
				const game = (record: GameRecord) => ({
					record,
					events: logs.get(record.id) ?? [],
					players
				});
				const role = meta.get('role');
				return {
					active: found.active.map(game),
					finished: found.finished.map(game),
					more: found.more,
					device: {
						role: role?.key === 'role' ? role.value : null,
						leagues,
						asked: meta.has('roleAsked')
					}
				};
			}
		);
	});
	if (read !== 'missing') return read;
	// A new device: no games, and no role or league yet.
	return {
		active: [],
		finished: [],
		more: false,
		device: { role: null, leagues: 0, asked: false }
	};
}
