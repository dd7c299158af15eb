/**
 * The counted cards' figures (`FiguresRecord`, schema version 12, issue 41), as the insights'
 * pages read them: kept by the upkeep (`upkeep.ts`) in the transaction that counts, voids,
 * reopens or corrects a card, so nothing here replays a game. Each card comes dated as the
 * standings date it: its class session's day, else the day it ended.
 */
import { dayOfTime } from '$lib/days';
import type { FiguresRecord } from '$lib/card/records';
import type { PlayerId } from '$lib/rules/types';
import { sessionDates } from './cards';
import { db } from './db';
import { guard } from './errors';
import { sessionsById } from './lists';

/** A counted card's figures with the day it counts for. */
export interface DatedFigures extends FiguresRecord {
	date: string;
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** The order the insights replay a term in: by day, then by when each ended, then by game id. */
export function byPlay(
	a: { date: string; endedAt: string; gameId: string },
	b: { date: string; endedAt: string; gameId: string }
): number {
	return compare(a.date, b.date) || compare(a.endedAt, b.endedAt) || compare(a.gameId, b.gameId);
}

/** `f` dated by its session (`dates`, session id → day) or the day it ended. */
function withDate(f: FiguresRecord, dates: ReadonlyMap<string, string>): DatedFigures {
	return { ...f, date: (f.sessionId ? dates.get(f.sessionId) : undefined) ?? dayOfTime(f.endedAt) };
}

/**
 * `found` dated by their sessions (`dates`, session id → day) or the day they ended, in the
 * order the insights replay a term (`byPlay`: two games of one class session, a streak "now" is
 * the later one's).
 */
export function dated(
	found: readonly FiguresRecord[],
	dates: ReadonlyMap<string, string>
): DatedFigures[] {
	return found.map((f) => withDate(f, dates)).sort(byPlay);
}

/**
 * The order of `figures` (in play order, `byPlay`) as an order of standings cards, for the
 * streaks: a card with no figures (none kept yet) goes by day, then game id.
 */
export function inPlayOrder(
	figures: readonly { gameId: string }[]
): (a: { gameId: string; date: string }, b: { gameId: string; date: string }) => number {
	const place = new Map(figures.map((f, i) => [f.gameId, i]));
	return (a, b) => {
		const pa = place.get(a.gameId);
		const pb = place.get(b.gameId);
		if (pa !== undefined && pb !== undefined) return pa - pb;
		return compare(a.date, b.date) || compare(a.gameId, b.gameId);
	};
}

/**
 * Student `playerId`'s counted cards of league `leagueId`, in play order: one index lookup
 * (`*players`) and their sessions' days.
 */
export async function ofStudent(leagueId: string, playerId: PlayerId): Promise<DatedFigures[]> {
	const found = await guard(() => db.figures.where('players').equals(playerId).toArray());
	const own = found.filter((f) => f.leagueId === leagueId);
	const sessions = await sessionsById(own.flatMap((f) => f.sessionId ?? []));
	return dated(own, new Map([...sessions].map(([id, s]) => [id, s.date])));
}

/** Figures `eachOfLeague` reads in one request. */
const LEAGUE_BATCH = 2_000;

/**
 * Every counted card of league `leagueId`, dated, handed to `each` a batch at a time, in no
 * particular order: its ids read first, then each batch in a short request of its own, so that
 * neither a transaction nor the heap holds a district's league at once (the insights CSV of
 * 100 classes held 74 MB when they were read whole). A card gone meanwhile is left out.
 */
export async function eachOfLeague(
	leagueId: string,
	each: (batch: DatedFigures[]) => void,
	size = LEAGUE_BATCH
): Promise<void> {
	const { ids, dates } = await guard(() =>
		db.transaction('r', db.figures, db.sessions, async () => ({
			ids: await db.figures.where('leagueId').equals(leagueId).primaryKeys(),
			dates: await sessionDates(leagueId)
		}))
	);
	for (let i = 0; i < ids.length; i += size) {
		const found = await guard(() => db.figures.bulkGet(ids.slice(i, i + size)));
		each(found.flatMap((f) => (f ? [withDate(f, dates)] : [])));
	}
}

/** The kept figures of games `ids` that count, by game id (a session's groups). */
export async function ofGames(ids: readonly string[]): Promise<Map<string, FiguresRecord>> {
	if (ids.length === 0) return new Map();
	const found = await guard(() => db.figures.bulkGet([...ids]));
	return new Map(found.filter((f) => f !== undefined).map((f) => [f.gameId, f]));
}

/** How many cards of league `leagueId` count: one count on an index, no record read. */
export async function countOf(leagueId: string): Promise<number> {
	return guard(() => db.figures.where('leagueId').equals(leagueId).count());
}
