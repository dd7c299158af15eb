/**
 * Bounded reads for the pages that list games (issue 14): Home's last finished games, a
 * league's cards a page at a time, a student's games, an export's batches. Each reads one
 * index range of at most what the page shows, never a whole league or device. Apart from
 * `cards.ts` and `games.ts` so the scorecard's first-load JavaScript does not carry them.
 */
import Dexie from 'dexie';
import type { GameState } from '$lib/rules/types';
import { db } from './db';
import { guard } from './errors';
import { readInChunks } from './read-in-chunks';
import { replayRecords } from '$lib/card/log';
import { toSetup, type GameRecord, type SessionRecord } from '$lib/card/records';
import { numbered, sharingADay, type KeyedSession } from '$lib/card/session-numbers';

/**
 * The games of league `leagueId` player `playerId` sat in, oldest first, read through the
 * `*seats` index: a student's page reads their games only, not the league's.
 */
export async function ofPlayer(leagueId: string, playerId: string): Promise<GameRecord[]> {
	const seated = await guard(() => db.games.where('seats').equals(playerId).toArray());
	return seated
		.filter((g) => g.leagueId === leagueId)
		.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The latest `limit` games of league `leagueId`, the latest started first, and whether the
 * league holds older ones: one bounded range of the `[leagueId+createdAt+id]` index, then the
 * key of one older game, if any. Nothing counts the league's games (a count walks the whole
 * range). The older key is read without its record, so a live query of the page runs again
 * when a game is added or removed below it, not for each score tap in an older game.
 */
export async function latestOfLeague(
	leagueId: string,
	limit: number
): Promise<{ games: GameRecord[]; more: boolean }> {
	return guard(() =>
		db.transaction('r', db.games, async () => {
			const games = await leagueRange(leagueId).reverse().limit(limit).toArray();
			const last = games.at(-1);
			if (!last || games.length < limit) return { games, more: false };
			const older = await db.games
				.where('[leagueId+createdAt+id]')
				.between([leagueId, Dexie.minKey], [leagueId, last.createdAt, last.id], true, false)
				.limit(1)
				.primaryKeys();
			return { games, more: older.length > 0 };
		})
	);
}

function leagueRange(leagueId: string) {
	return db.games
		.where('[leagueId+createdAt+id]')
		.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey]);
}

/** How many games league `leagueId` holds, counted on its index without reading a record. */
export async function countOfLeague(leagueId: string): Promise<number> {
	return guard(() => leagueRange(leagueId).count());
}

/**
 * League `leagueId`'s games in the order they were started, `size` at a time: each batch is
 * read in its own short transaction from the `[leagueId+createdAt+id]` index, so an export of a
 * whole school never holds a read transaction (nor every record) at once.
 */
export async function* batchesOfLeague(
	leagueId: string,
	size: number
): AsyncGenerator<GameRecord[]> {
	// The id in the key tells apart games started in the same millisecond.
	let after: [string, string, string] | null = null;
	for (;;) {
		const lower: unknown[] = after ?? [leagueId, Dexie.minKey];
		const batch: GameRecord[] = await guard(() =>
			db.games
				.where('[leagueId+createdAt+id]')
				.between(lower, [leagueId, Dexie.maxKey], after === null, true)
				.limit(size)
				.toArray()
		);
		if (batch.length === 0) return;
		yield batch;
		if (batch.length < size) return;
		const last = batch.at(-1)!;
		after = [leagueId, last.createdAt, last.id];
	}
}

/**
 * The `limit` games that finished last, the latest first, read from the `[status+finishedAt]`
 * index (Home lists a few without reading every finished game of the device), and whether older
 * finished games exist: the one older key is read without its record (nothing is counted).
 */
export async function latestFinished(
	limit: number
): Promise<{ games: GameRecord[]; more: boolean }> {
	return guard(() =>
		db.transaction('r', db.games, async () => {
			const games = await db.games
				.where('[status+finishedAt]')
				.between(['finished', Dexie.minKey], ['finished', Dexie.maxKey])
				.reverse()
				.limit(limit)
				.toArray();
			const last = games.at(-1);
			if (!last?.finishedAt || games.length < limit) return { games, more: false };
			const older = await db.games
				.where('[status+finishedAt]')
				.between(['finished', Dexie.minKey], ['finished', last.finishedAt], true, false)
				.limit(1)
				.primaryKeys();
			return { games, more: older.length > 0 };
		})
	);
}

/** Sessions read at once to order those sharing a day: a few hundred kilobytes. */
const SESSIONS_READ = 200;

/**
 * Each session of league `leagueId` by its number in the term (1 for the first by date), by
 * session id: read from the `[leagueId+date]` index keys, no record, except the sessions
 * sharing a day, which are read to order them as they were created (`card-place.ts`).
 * @param wanted only these sessions' numbers (a page of cards): then only the days holding one
 * of them are read, not every day that classes shared (all of them, in a school's league)
 */
export async function sessionNumbers(
	leagueId: string,
	wanted?: ReadonlySet<string>
): Promise<Map<string, number>> {
	return guard(() =>
		db.transaction('r', db.sessions, async () => {
			const keyed: KeyedSession[] = [];
			await db.sessions
				.where('[leagueId+date]')
				.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey])
				.eachKey((key, cursor) => {
					keyed.push({ id: cursor.primaryKey as string, date: (key as [string, string])[1] });
				});
			const shared = sharingADay(keyed, wanted);
			// A bounded request at a time, only the creation time kept: every day of a school's
			// league is shared, and its 6,000 sessions read at once (groups and all) were 40 MB
			// of heap held at once, which set the size the heap grew to for a whole export.
			const created = new Map<string, string>();
			await readInChunks(
				shared,
				SESSIONS_READ,
				(chunk) => db.sessions.bulkGet(chunk),
				(found) => {
					for (const s of found) created.set(s.id, s.createdAt);
				}
			);
			return numbered(keyed, created, wanted);
		})
	);
}

/** The sessions among `ids` this device holds, by id: a page of cards reads its own only. */
export async function sessionsById(ids: Iterable<string>): Promise<Map<string, SessionRecord>> {
	const wanted = [...new Set(ids)];
	if (wanted.length === 0) return new Map();
	const found = await guard(() => db.sessions.bulkGet(wanted));
	return new Map(found.filter((s) => s !== undefined).map((s) => [s.id, s]));
}

/**
 * The replays of `records`, by game id: their logs read in one request, through Dexie so a
 * live query follows them, then replayed.
 */
export async function replaysOf(records: readonly GameRecord[]): Promise<Map<string, GameState>> {
	if (records.length === 0) return new Map();
	const logs = await guard(() => db.logs.bulkGet(records.map((r) => r.id)));
	return new Map(
		records.map((r, i) => [r.id, replayRecords(toSetup(r), logs[i]?.events ?? []).state])
	);
}
