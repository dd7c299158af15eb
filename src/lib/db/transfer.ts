/**
 * The whole store in and out, for backup and restore: every league, player, session, game,
 * event, signature and UDL match, and the cards received and turned in. Device settings stay: the device id, the current league and the PIN
 * belong to the device, not to the data.
 */
import Dexie from 'dexie';
import { db } from './db';
import { guard } from './errors';
import { assertOwnIds, assertSameLeague, checkDump } from './incoming';
import type {
	EventRecord,
	GameRecord,
	InboxRecord,
	LeagueRecord,
	MatchRecord,
	PlayerRecord,
	SessionRecord,
	SignatureRecord,
	TurnInRecord
} from './records';

/** Every record a backup holds, by table. */
export interface StoreDump {
	leagues: LeagueRecord[];
	players: PlayerRecord[];
	sessions: SessionRecord[];
	games: GameRecord[];
	events: EventRecord[];
	matches: MatchRecord[];
	signatures: SignatureRecord[];
	inbox: InboxRecord[];
	turnIns: TurnInRecord[];
}

/** How a restore treats what the device already holds. */
export type RestoreMode = 'merge' | 'replace';

/** What a restore will do to one table. */
export interface TablePlan {
	/** Records not on the device: added. */
	added: number;
	/** Records on the device that the file has in a newer version: replaced by it. */
	updated: number;
	/** Records the device already has as they are, or in a newer version: kept. */
	kept: number;
	/** Records on the device that a replace removes. */
	removed: number;
}

/** What a restore will do, table by table. */
export type RestorePlan = Record<keyof StoreDump, TablePlan>;

const TABLES = [
	'leagues',
	'players',
	'sessions',
	'games',
	'events',
	'matches',
	'signatures',
	'inbox',
	'turnIns'
] as const;

function tables() {
	return [
		db.leagues,
		db.players,
		db.sessions,
		db.games,
		db.events,
		db.matches,
		db.signatures,
		db.inbox,
		db.turnIns
	];
}

/** Everything, read in one transaction (a consistent copy while another tab writes). */
export async function dump(): Promise<StoreDump> {
	return guard(() =>
		db.transaction('r', tables(), async () => ({
			leagues: await db.leagues.toArray(),
			players: await db.players.toArray(),
			sessions: await db.sessions.toArray(),
			games: await db.games.toArray(),
			events: await db.events.toArray(),
			matches: await db.matches.toArray(),
			signatures: await db.signatures.toArray(),
			inbox: await db.inbox.toArray(),
			turnIns: await db.turnIns.toArray()
		}))
	);
}

type Stamped = { id: string; updatedAt: string };

/**
 * When a record last changed. A game's `updatedAt` follows its log only, so its void and its
 * signing (a field issue 4 adds) count too.
 */
function changedAt(record: Stamped): string {
	const { voidedAt, signedAt } = record as { voidedAt?: unknown; signedAt?: unknown };
	return [record.updatedAt, voidedAt, signedAt]
		.filter((t): t is string => typeof t === 'string')
		.reduce((a, b) => (b > a ? b : a));
}

/** Which of the file's records a merge writes: new ones, and newer versions of ones held. */
function newer<T extends Stamped>(incoming: readonly T[], held: ReadonlyMap<string, T>) {
	const write: T[] = [];
	let added = 0;
	let updated = 0;
	for (const record of incoming) {
		const mine = held.get(record.id);
		if (!mine) added++;
		else if (changedAt(record) > changedAt(mine)) updated++;
		else continue;
		write.push(record);
	}
	return { write, added, updated, kept: incoming.length - write.length };
}

function byId<T extends { id: string }>(records: readonly T[]): Map<string, T> {
	return new Map(records.map((r) => [r.id, r]));
}

/**
 * Records without a time of change, by `key`: the file's are added where the device has none
 * of that key, or where `later` says the file's is newer; the device's are kept otherwise.
 */
function missing<T>(
	file: readonly T[],
	held: readonly T[],
	key: (r: T) => string,
	later: (a: T, b: T) => boolean = () => false
): { write: T[]; added: number; updated: number; kept: number } {
	const mine = new Map(held.map((r) => [key(r), r]));
	const write: T[] = [];
	let added = 0;
	let updated = 0;
	for (const r of file) {
		const m = mine.get(key(r));
		if (!m) added++;
		else if (later(r, m)) updated++;
		else continue;
		write.push(r);
	}
	return { write, added, updated, kept: file.length - write.length };
}

/**
 * The rows that belong to a game (its events, its signatures) and go with it: those of the
 * games taken from the file replace the device's rows of those games.
 */
function following<T extends { gameId: string }>(
	file: readonly T[],
	held: readonly T[],
	taken: ReadonlySet<string>
): { write: T[]; plan: TablePlan } {
	const write = file.filter((r) => taken.has(r.gameId));
	const replaced = held.filter((r) => taken.has(r.gameId)).length;
	return {
		write,
		plan: {
			added: Math.max(0, write.length - replaced),
			updated: Math.min(write.length, replaced),
			kept: file.length - write.length,
			removed: Math.max(0, replaced - write.length)
		}
	};
}

/**
 * The merge: records by id, where the same record twice is one record and, of two versions,
 * the later change wins. A game and its rows go together: a game taken from the file brings
 * its whole log and its signatures, replacing the device's, so two logs are never interleaved
 * and a signature never meets a version of the card it did not sign.
 */
function mergePlan(file: StoreDump, held: StoreDump) {
	const games = newer(file.games, byId(held.games));
	const taken = new Set(games.write.map((g) => g.id));
	return {
		leagues: newer(file.leagues, byId(held.leagues)),
		players: newer(file.players, byId(held.players)),
		sessions: newer(file.sessions, byId(held.sessions)),
		games,
		matches: newer(file.matches, byId(held.matches)),
		events: following(file.events, held.events, taken),
		signatures: following(file.signatures, held.signatures, taken),
		// A received card is kept as it arrived; its state is the device's to change.
		inbox: missing(file.inbox, held.inbox, (r) => r.id),
		turnIns: missing(
			file.turnIns,
			held.turnIns,
			(r) => r.gameId,
			(a, b) => a.at > b.at
		),
		taken
	};
}

function plainPlan(p: { added: number; updated: number; kept: number }): TablePlan {
	return { added: p.added, updated: p.updated, kept: p.kept, removed: 0 };
}

/** What restoring `file` in `mode` would do, without doing it. */
export async function plan(file: StoreDump, mode: RestoreMode): Promise<RestorePlan> {
	const held = await dump();
	if (mode === 'replace') {
		const out = {} as RestorePlan;
		for (const t of TABLES) {
			out[t] = { added: file[t].length, updated: 0, kept: 0, removed: held[t].length };
		}
		return out;
	}
	const m = mergePlan(file, held);
	return {
		leagues: plainPlan(m.leagues),
		players: plainPlan(m.players),
		sessions: plainPlan(m.sessions),
		games: plainPlan(m.games),
		events: m.events.plan,
		matches: plainPlan(m.matches),
		signatures: m.signatures.plan,
		inbox: plainPlan(m.inbox),
		turnIns: plainPlan(m.turnIns)
	};
}

/**
 * Restores `file`: with `replace`, the device's leagues, players, sessions, games and events
 * are deleted first; with `merge`, see `mergePlan`. One `rw` transaction over every table:
 * if anything fails, nothing changed.
 */
export async function restore(incoming: StoreDump, mode: RestoreMode): Promise<void> {
	// Every record is checked, and what the standings count derived, before anything is written.
	const file = await checkDump(incoming);
	await guard(() =>
		db.transaction('rw', tables(), async () => {
			if (mode === 'replace') {
				for (const table of tables()) await table.clear();
				await db.leagues.bulkAdd(file.leagues);
				await db.players.bulkAdd(file.players);
				await db.sessions.bulkAdd(file.sessions);
				await db.games.bulkAdd(file.games);
				await db.events.bulkAdd(file.events);
				await db.matches.bulkAdd(file.matches);
				await db.signatures.bulkAdd(file.signatures);
				await db.inbox.bulkAdd(file.inbox);
				await db.turnIns.bulkAdd(file.turnIns);
				return;
			}
			const held = {
				leagues: await db.leagues.toArray(),
				players: await db.players.toArray(),
				sessions: await db.sessions.toArray(),
				games: await db.games.toArray(),
				events: [] as EventRecord[],
				matches: await db.matches.toArray(),
				signatures: [] as SignatureRecord[],
				inbox: await db.inbox.toArray(),
				turnIns: await db.turnIns.toArray()
			};
			const m = mergePlan(file, held);
			assertSameLeague(m.games.write, byId(held.games));
			assertSameLeague(m.sessions.write, byId(held.sessions));
			assertSameLeague(m.players.write, byId(held.players));
			await assertOwnIds(m.signatures.write);
			await db.leagues.bulkPut(m.leagues.write);
			await db.players.bulkPut(m.players.write);
			await db.sessions.bulkPut(m.sessions.write);
			await db.games.bulkPut(m.games.write);
			await db.matches.bulkPut(m.matches.write);
			await db.inbox.bulkPut(m.inbox.write);
			await db.turnIns.bulkPut(m.turnIns.write);
			for (const gameId of m.taken) {
				await db.events
					.where('[gameId+seq]')
					.between([gameId, Dexie.minKey], [gameId, Dexie.maxKey])
					.delete();
				await db.signatures.where('gameId').equals(gameId).delete();
			}
			await db.events.bulkAdd(m.events.write);
			await db.signatures.bulkAdd(m.signatures.write);
		})
	);
}
