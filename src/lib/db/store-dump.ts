/**
 * The whole store in and out, for backup and restore: every league, player, session, game,
 * event, signature and UDL match, and the cards received and turned in. Device settings stay: the device id, the current league and the PIN
 * belong to the device, not to the data.
 */
import type { Checked } from '$lib/card/card-check';
import { vouched } from '$lib/card/incoming-check';
import {
	logsOfEvents,
	signaturesByGame,
	type GameRecord,
	type LeagueRecord
} from '$lib/card/records';
import type { RestoreMarker } from '$lib/card/device-records';
import type { StoreDump } from '$lib/card/backup-records';
import {
	TABLES,
	emptyDump,
	joinParts,
	type RestoreMode,
	type mergePlan
} from '$lib/card/merge-plan';
import { db } from './db';
import { guard } from './errors';
import { receiveChecked } from './inbox';
import { markerRow } from './restore-marker';
import { leaveLeagueWide, vouchPrints } from './upkeep';

/** The ids of the leagues this device holds: those a merge from outside never changes. */
export async function heldLeagues(): Promise<Set<string>> {
	return new Set(await guard(() => db.leagues.toCollection().primaryKeys()));
}

/** Whether the store holds none of what a backup holds: a new device, or one emptied. */
export async function isEmpty(): Promise<boolean> {
	return guard(() =>
		db.transaction('r', tables(), async () => {
			for (const table of tables()) {
				if ((await table.limit(1).primaryKeys()).length > 0) return false;
			}
			return true;
		})
	);
}

/** Every table a backup holds, for a transaction over them all. */
export function tables() {
	return [
		db.leagues,
		db.players,
		db.sessions,
		db.games,
		db.logs,
		db.matches,
		db.gameSignatures,
		db.inbox,
		db.turnIns
	];
}

/** Games whose events and signatures a replacing restore deletes at a time. */
const CLEAR_GAMES = 500;

/** The records of `ids` held in `table`, those found. */
async function heldOf<T>(
	table: { bulkGet(keys: string[]): PromiseLike<(T | undefined)[]> },
	ids: readonly string[]
): Promise<T[]> {
	if (ids.length === 0) return [];
	return (await table.bulkGet([...ids])).filter((r): r is T => r !== undefined);
}

/** The records of `table` with the ids of `rows`, those the device holds. */
function heldById<T>(
	table: { bulkGet(keys: string[]): PromiseLike<(T | undefined)[]> },
	rows: readonly { id: string }[]
): Promise<T[]> {
	return heldOf(
		table,
		rows.map((r) => r.id)
	);
}

/** What the device holds of the records in `file` (games' events and signatures left out). */
export async function heldFor(file: StoreDump): Promise<StoreDump> {
	return {
		leagues: await heldById(db.leagues, file.leagues),
		players: await heldById(db.players, file.players),
		sessions: await heldById(db.sessions, file.sessions),
		games: await heldById(db.games, file.games),
		events: [],
		matches: await heldById(db.matches, file.matches),
		signatures: [],
		inbox: await heldById(db.inbox, file.inbox),
		turnIns: await heldOf(
			db.turnIns,
			file.turnIns.map((r) => r.gameId)
		)
	};
}

/** `league` with no owner named: the device that holds it owns it (`device-key.ts`). */
function claimed(league: LeagueRecord): LeagueRecord {
	const mine = { ...league };
	delete mine.ownerKey;
	return mine;
}

/**
 * Writes a checked part of a backup (`checkDump`), inside the caller's `rw` transaction over
 * every table: added as it is after a replace has cleared the tables, else merged with what
 * the device holds of the same records, as `check` (`backup/merge-check.ts`) works it out
 * within the same transaction. A game's events and signatures must
 * come in the same part as the game. `outside`, for a file from outside this device, holds the
 * leagues the device held when the restore began (none, for a replace): a merge changes none of
 * them, and their cards go to the inbox (`card/outside-part.ts`). Null for this device's own
 * file, which keeps the owners it names (a phone's pinned instructor key among them).
 * @throws DbError `incoming-id-taken`
 */
async function writePart(
	part: StoreDump,
	mode: RestoreMode,
	outside: ReadonlySet<string> | null,
	prints: Readonly<Record<string, string>> | null,
	check: MergeCheck
): Promise<void> {
	// Restoring another device's file is the instructor's act on this one: the leagues it
	// brings become this device's (issue 37), as a new laptop takes over from the old one,
	// whose key stays there.
	const file = outside ? { ...part, leagues: part.leagues.map(claimed) } : part;
	// Events and signatures go in before their games: the verdicts' upkeep then judges (hashes)
	// each signed game once, when the game is written, instead of again for its events and for
	// its signatures.
	if (mode === 'replace') {
		await db.leagues.bulkAdd(file.leagues);
		await db.players.bulkAdd(file.players);
		await db.sessions.bulkAdd(file.sessions);
		const logs = logsOfEvents(file.events);
		if (prints) vouchPrints(vouched(file.games, logs, file.signatures, prints));
		await db.logs.bulkAdd(logs);
		await db.gameSignatures.bulkAdd(signaturesByGame(file.signatures));
		await db.games.bulkAdd(file.games);
		await db.matches.bulkAdd(file.matches);
		await db.inbox.bulkAdd(file.inbox);
		await db.turnIns.bulkAdd(file.turnIns);
		return;
	}
	const m = await check(file, outside);
	// A league held here keeps the owner it names: a file never changes who owns a league.
	const held = await db.leagues.bulkGet(m.leagues.write.map((l) => l.id));
	await db.leagues.bulkPut(
		m.leagues.write.map((l, i) => {
			const ownerKey = held[i]?.ownerKey;
			return ownerKey ? { ...l, ownerKey } : l;
		})
	);
	await db.players.bulkPut(m.players.write);
	await db.sessions.bulkPut(m.sessions.write);
	await db.logs.bulkDelete([...m.taken]);
	await db.gameSignatures.bulkDelete([...m.taken]);
	await db.logs.bulkAdd(logsOfEvents(m.events.write));
	await db.gameSignatures.bulkAdd(signaturesByGame(m.signatures.write));
	await db.games.bulkPut(m.games.write);
	await db.matches.bulkPut(m.matches.write);
	await db.inbox.bulkPut(m.inbox.write);
	await db.turnIns.bulkPut(m.turnIns.write);
	for (const { leagueId, checked } of m.cards) {
		await receiveChecked(checked, leagueId, { sender: null, fromBackup: true });
	}
}

/**
 * Writes a restore's batch `parts` in one transaction: a replace's as one part (a bulk write per
 * table, the upkeep working out the derived data of the whole batch at once), a merge's one
 * after the other, each compared with the store as the parts before it left it. `outside`,
 * `prints` and `check` as in `writePart`. With `opts.marker`, the restore's marker is put in the same
 * transaction; with `opts.leaveLeagueWide`, the batch leaves the league-wide records to
 * `rebuildLeagueWide` (a replace onto an empty device, `leaveLeagueWide`).
 */
export function writeBatch(
	parts: readonly StoreDump[],
	mode: RestoreMode,
	outside: ReadonlySet<string> | null,
	prints: Readonly<Record<string, string>> | null,
	check: MergeCheck,
	opts: { marker?: RestoreMarker; leaveLeagueWide?: boolean } = {}
): Promise<void> {
	const { marker } = opts;
	return guard(() =>
		db.transaction('rw', marker ? [...tables(), db.meta] : tables(), async () => {
			if (opts.leaveLeagueWide) leaveLeagueWide();
			if (mode === 'replace') await writePart(joinParts(parts), 'replace', outside, prints, check);
			else for (const part of parts) await writePart(part, 'merge', outside, null, check);
			if (marker) await db.meta.put(markerRow(marker));
		})
	);
}

/** What merging a part writes (`backup/merge-check.ts`): its plan, and the cards for the inbox. */
export type MergeWrite = ReturnType<typeof mergePlan> & {
	cards: readonly { leagueId: string; checked: Checked }[];
};

/** Works out, inside the writer's transaction, what merging `part` writes (or refuses it). */
export type MergeCheck = (
	part: StoreDump,
	outside: ReadonlySet<string> | null
) => Promise<MergeWrite>;

/** `read` as one snapshot: a read-only transaction over every table a backup holds. */
export function snapshot<T>(read: () => Promise<T>): Promise<T> {
	return guard(() => db.transaction('r', tables(), read));
}

/** How many events and signatures the games `ids` hold, which a merge replaces. */
export async function rowsOf(
	ids: Iterable<string>
): Promise<{ events: number; signatures: number }> {
	const out = { events: 0, signatures: 0 };
	for (const gameId of ids) {
		out.events += (await guard(() => db.logs.get(gameId)))?.events.length ?? 0;
		out.signatures += (await guard(() => db.gameSignatures.get(gameId)))?.signatures.length ?? 0;
	}
	return out;
}

/** The fingerprints of the games among `ids` this device holds, by game id. */
export async function heldPrints(ids: readonly string[]): Promise<Map<string, string | null>> {
	const held = await guard(() => heldOf<GameRecord>(db.games, ids));
	return new Map(held.map((g) => [g.id, g.fingerprint]));
}

/**
 * Empties every table a backup holds, `CLEAR_GAMES` games (with their events and signatures)
 * per transaction, then the rest: what a replacing restore removes is committed, and its room
 * given back, before the file's records are written. Run again after a stop, it goes on.
 */
export async function clearInSteps(): Promise<void> {
	for (;;) {
		const more = await guard(() =>
			db.transaction('rw', tables(), async () => {
				const ids = await db.games.orderBy(':id').limit(CLEAR_GAMES).primaryKeys();
				if (ids.length === 0) return false;
				const first = ids[0]!;
				const last = ids.at(-1)!;
				await db.logs.where(':id').between(first, last, true, true).delete();
				await db.gameSignatures.where(':id').between(first, last, true, true).delete();
				await db.games.bulkDelete(ids);
				return true;
			})
		);
		if (!more) break;
	}
	// Events or signatures of no game (none in a sound store) go with the rest.
	await guard(() =>
		db.transaction('rw', tables(), async () => {
			for (const table of tables()) await table.clear();
		})
	);
}

/**
 * How many records each table of a backup holds; the events and the signatures (a record a
 * game each, schema versions 16 and 17) only with `rows` (they are counted by reading every
 * log and every game's signatures), else 0.
 */
export async function counts(rows = true): Promise<Record<keyof StoreDump, number>> {
	return guard(() =>
		db.transaction('r', tables(), async () => {
			const out = {} as Record<keyof StoreDump, number>;
			for (const t of TABLES) {
				out[t] = t === 'events' || t === 'signatures' ? 0 : await db.table(t).count();
			}
			if (rows) {
				await db.logs.each((log) => (out.events += log.events.length));
				await db.gameSignatures.each((g) => (out.signatures += g.signatures.length));
			}
			return out;
		})
	);
}

/**
 * The store part by part, for a backup written as it is read: each part is read in its own
 * short transaction, so a backup never holds the store (a score tap is never kept waiting)
 * and never holds it whole in memory. A game comes with its events and its signatures, read
 * in the same transaction. Records that point at others come before those they point at
 * (received and turned-in cards, matches, games, sessions, players, leagues): a record added
 * by another tab while the backup runs is in the file whenever anything in it names it.
 * @param size records (games, for the games) per part
 */
export async function* dumpInParts(size = 500): AsyncGenerator<StoreDump> {
	for (const name of ['turnIns', 'inbox', 'matches'] as const) {
		yield* pagesOf(name, size);
	}
	let after: string | null = null;
	for (;;) {
		const from: string | null = after;
		const part: StoreDump | null = await guard(() =>
			db.transaction(
				'r',
				db.games,
				db.logs,
				db.gameSignatures,
				async (): Promise<StoreDump | null> => {
					const games: GameRecord[] = await (
						from === null ? db.games.orderBy(':id') : db.games.where(':id').above(from)
					)
						.limit(size)
						.toArray();
					if (games.length === 0) return null;
					const first = games[0]!.id;
					const last = games.at(-1)!.id;
					const ids = new Set(games.map((g) => g.id));
					const [logs, signatures] = await Promise.all([
						db.logs.where(':id').between(first, last, true, true).toArray(),
						db.gameSignatures.where(':id').between(first, last, true, true).toArray()
					]);
					return {
						...emptyDump(),
						games,
						events: logs.filter((l) => ids.has(l.gameId)).flatMap((l) => l.events),
						signatures: signatures.filter((s) => ids.has(s.gameId)).flatMap((s) => s.signatures)
					};
				}
			)
		);
		if (!part) break;
		after = part.games.at(-1)!.id;
		yield part;
	}
	for (const name of ['sessions', 'players', 'leagues'] as const) {
		yield* pagesOf(name, size);
	}
}

/** The records of one table, `size` at a time in primary-key order, each page in its own read. */
async function* pagesOf(
	name: 'turnIns' | 'inbox' | 'matches' | 'sessions' | 'players' | 'leagues',
	size: number
): AsyncGenerator<StoreDump> {
	const table = db.table(name);
	let after: string | null = null;
	for (;;) {
		const from = after;
		const page = await guard(() =>
			(from === null ? table.orderBy(':id') : table.where(':id').above(from)).limit(size).toArray()
		);
		if (page.length === 0) return;
		const key = (r: { id?: string; gameId?: string }) => (name === 'turnIns' ? r.gameId : r.id)!;
		after = key(page.at(-1) as { id?: string; gameId?: string });
		yield { ...emptyDump(), [name]: page };
	}
}
