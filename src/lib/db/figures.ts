/**
 * The counted cards' figures (`FiguresRecord`, schema version 12, issue 41), as the insights'
 * pages read them: kept by the upkeep (`upkeep.ts`) in the transaction that counts, voids,
 * reopens or corrects a card, so nothing here replays a game. Each card comes dated as the
 * standings date it: its class session's day, else the day it ended (`card/play-order.ts`).
 */
import { byPlay, withDate, type DatedFigures } from '$lib/card/play-order';
import type { FiguresRecord } from '$lib/card/records';
import type { PlayerId } from '$lib/rules/types';
import { sessionDates } from './cards';
import { db } from './db';
import { guard } from './errors';
import { sessionsById } from './lists';
import { readInChunks } from './read-in-chunks';

/**
 * Student `playerId`'s counted cards of league `leagueId`, in play order: one index lookup
 * (`*players`) and their sessions' days.
 */
export async function ofStudent(leagueId: string, playerId: PlayerId): Promise<DatedFigures[]> {
	return ofStudents(leagueId, [playerId]);
}

/**
 * The counted cards of league `leagueId` that students `players` played, each once, in play
 * order: one index lookup (`*players`) and their sessions' days. The race for first place reads
 * its leaders' cards this way, not the league's.
 */
export async function ofStudents(
	leagueId: string,
	players: readonly PlayerId[]
): Promise<DatedFigures[]> {
	if (players.length === 0) return [];
	const found = await guard(() =>
		db.figures
			.where('players')
			.anyOf([...players])
			.distinct()
			.toArray()
	);
	return inPlay(found.filter((f) => f.leagueId === leagueId));
}

/**
 * The counted cards of league `leagueId` the instructor corrected after signing, in play order:
 * one range of an index (`correctedIn`) that holds no other card.
 */
export async function correctedOf(leagueId: string): Promise<DatedFigures[]> {
	return inPlay(await guard(() => db.figures.where('correctedIn').equals(leagueId).toArray()));
}

/** `found` dated by their sessions' days (read for them alone), in play order. */
async function inPlay(found: readonly FiguresRecord[]): Promise<DatedFigures[]> {
	const sessions = await sessionsById(found.flatMap((f) => f.sessionId ?? []));
	const dates = new Map([...sessions].map(([id, s]) => [id, s.date]));
	return found.map((f) => withDate(f, dates)).sort(byPlay);
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
	await readInChunks(
		ids,
		size,
		(chunk) => guard(() => db.figures.bulkGet(chunk)),
		(found) => each(found.map((f) => withDate(f, dates)))
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
