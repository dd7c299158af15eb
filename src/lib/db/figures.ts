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

/**
 * `found` dated by their sessions (`dates`, session id → day) or the day they ended, in the
 * order the insights replay a term: by day, then by when each ended (two games of one class
 * session: a streak "now" is the later one's), then by game id.
 */
export function dated(
	found: readonly FiguresRecord[],
	dates: ReadonlyMap<string, string>
): DatedFigures[] {
	return found
		.map((f) => ({
			...f,
			date: (f.sessionId ? dates.get(f.sessionId) : undefined) ?? dayOfTime(f.endedAt)
		}))
		.sort(
			(a, b) =>
				compare(a.date, b.date) || compare(a.endedAt, b.endedAt) || compare(a.gameId, b.gameId)
		);
}

/**
 * The order of `figures` (`dated`'s) as an order of standings cards, for the streaks: a card
 * with no figures (none kept yet) goes by day, then game id.
 */
export function inPlayOrder(
	figures: readonly DatedFigures[]
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

/** Every counted card of league `leagueId`, in play order, read in one transaction. */
export async function ofLeague(leagueId: string): Promise<DatedFigures[]> {
	return guard(() =>
		db.transaction('r', db.figures, db.sessions, async () => {
			const found = await db.figures.where('leagueId').equals(leagueId).toArray();
			return dated(found, await sessionDates(leagueId));
		})
	);
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
