/**
 * A league game seen as the card the instructor collects: whether it counts in the standings,
 * what it contributes to them, and the instructor's void. The standings read what each card
 * that counts contributes (`contributions.ts`, kept from the summary sign-off stores on the
 * game), so a term's table never replays an event nor reads a game record.
 *
 * Whether a signed card's events still match its signatures is judged once per write and kept
 * (`upkeep.ts`); `changedAfterSigning` reads those verdicts.
 */
import Dexie from 'dexie';
import type { StandingsCard } from '$lib/rules/standings';
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import { sessionsById } from './lists';
import { readInChunks } from './read-in-chunks';
import type { GameRecord } from '$lib/card/records';
import {
	addCardsOnPages,
	byDate,
	standingsCards,
	voidReason,
	type CardRecord
} from '$lib/card/standings-cards';

/** Whether a card counts: decided in `contributions.ts`, which keeps what it contributes. */
export { countsInStandings } from '$lib/card/contributions';

/** Where a card stands, and the longest void: the card core's (`standings-cards.ts`). */
export {
	cardStanding,
	MAX_VOID_REASON,
	type CardRecord,
	type CardStanding
} from '$lib/card/standings-cards';

/** Every game of league `leagueId` (counted or not), oldest first. */
export async function ofLeague(leagueId: string): Promise<CardRecord[]> {
	return oldestFirst(await guard(() => db.games.where('leagueId').equals(leagueId).toArray()));
}

/** The games of class session `sessionId` (counted or not), oldest first: one index lookup. */
export async function ofSession(sessionId: string): Promise<CardRecord[]> {
	return oldestFirst(await guard(() => db.games.where('sessionId').equals(sessionId).toArray()));
}

function oldestFirst(games: CardRecord[]): CardRecord[] {
	return games.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The days of league `leagueId`'s sessions, by session id, read from the `[leagueId+date]`
 * index alone: no session record is read.
 */
export async function sessionDates(leagueId: string): Promise<Map<string, string>> {
	const dates = new Map<string, string>();
	await db.sessions
		.where('[leagueId+date]')
		.between([leagueId, ''], [leagueId, '\uffff'])
		.eachKey((key, cursor) => {
			dates.set(cursor.primaryKey as string, (key as [string, string])[1]);
		});
	return dates;
}

/**
 * Contribution pages read at once, of a league's 128 (`PAGES`): a school's pages hold 13 MB of
 * text, which read at once sat beside the cards made from it (issue 39: an export's heap).
 */
const PAGES_READ = 16;

/**
 * The cards of league `leagueId` that count, as the standings take them, in date order (on
 * the same day, by game id). Reads the league's contributions, `PAGES_READ` pages a request,
 * and its sessions' dates in one transaction: no game record, no replay.
 * @param changed ids of cards found changed after signing (`changedAfterSigning`): left out
 */
export async function counted(
	leagueId: string,
	changed: ReadonlySet<string> = new Set()
): Promise<StandingsCard[]> {
	return guard(() =>
		db.transaction('r', db.contributions, db.sessions, async () => {
			const dates = await sessionDates(leagueId);
			const keys = await db.contributions
				.where('[leagueId+page]')
				.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey])
				.primaryKeys();
			const out: StandingsCard[] = [];
			await readInChunks(
				keys,
				PAGES_READ,
				(chunk) => db.contributions.bulkGet(chunk),
				(pages) => addCardsOnPages(out, pages, dates, changed)
			);
			return out.sort(byDate);
		})
	);
}

/**
 * The cards among `games` that count, as `counted` gives them, dated by the sessions of those
 * games alone: a student's page reads the student's games (the `*seats` index), not every
 * contribution of the league.
 * @param changed ids of cards found changed after signing (`changedAfterSigning`): left out
 */
export async function countedAmong(
	games: readonly CardRecord[],
	changed: ReadonlySet<string> = new Set()
): Promise<StandingsCard[]> {
	const sessions = await sessionsById(games.flatMap((g) => g.sessionId ?? []));
	const dates = new Map([...sessions].map(([id, session]) => [id, session.date]));
	return standingsCards(games, dates, changed);
}

/**
 * The signed cards of league `leagueId` whose stored events no longer match what every
 * player signed (edited by hand, a broken import): they show "changed after signing" and do
 * not count. Read from the kept verdicts (`upkeep.ts`), one index range holding only
 * the changed cards: nothing is hashed here, and no game, event or signature is read.
 */
export async function changedAfterSigning(leagueId: string): Promise<Set<string>> {
	const ids = await guard(() =>
		db.verdicts.where('[leagueId+changed]').equals([leagueId, 1]).primaryKeys()
	);
	return new Set(ids);
}

/**
 * The cards of league `leagueId` that count (`counted`) and those changed after signing
 * (`changedAfterSigning`), both read at once: a page shows the one and warns of the other.
 */
export async function countedAndChanged(
	leagueId: string
): Promise<{ counted: StandingsCard[]; changed: Set<string> }> {
	const [all, changed] = await Promise.all([counted(leagueId), changedAfterSigning(leagueId)]);
	return { counted: changed.size === 0 ? all : all.filter((c) => !changed.has(c.gameId)), changed };
}

async function mustGetLeagueGame(gameId: string): Promise<GameRecord> {
	const game = await db.games.get(gameId);
	if (!game) throw new DbError('not-found', { what: 'game' });
	if (game.leagueId === null) throw new DbError('not-a-league-card');
	return game;
}

/**
 * Voids a league card: it stays stored, with `reason`, but no longer counts. Nothing is
 * deleted, and `unvoid` counts it again.
 * @throws DbError `void-reason-required`, `void-reason-too-long`, `not-found`,
 * `not-a-league-card`, `card-voided-already`
 */
export async function voidCard(
	gameId: string,
	reason: string,
	opts: { now?: string } = {}
): Promise<GameRecord> {
	const why = voidReason(reason);
	return guard(() =>
		db.transaction('rw', db.games, async () => {
			const game = await mustGetLeagueGame(gameId);
			if (game.voidedAt !== null) throw new DbError('card-voided-already');
			const voided = { ...game, voidedAt: timestamp(opts.now), voidReason: why };
			await db.games.put(voided);
			return voided;
		})
	);
}

/**
 * Counts a voided card again (the void was a mistake); the old reason is dropped.
 * @throws DbError `not-found`, `not-a-league-card`, `card-not-voided`
 */
export async function unvoid(gameId: string): Promise<GameRecord> {
	return guard(() =>
		db.transaction('rw', db.games, async () => {
			const game = await mustGetLeagueGame(gameId);
			if (game.voidedAt === null) throw new DbError('card-not-voided');
			const restored = { ...game, voidedAt: null, voidReason: null };
			await db.games.put(restored);
			return restored;
		})
	);
}
