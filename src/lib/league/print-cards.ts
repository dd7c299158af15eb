import * as cards from '$lib/db/cards';
import { DbError } from '$lib/db/errors';
import * as leagues from '$lib/db/leagues';
import * as lists from '$lib/db/lists';
import type { GameRecord, LeagueRecord } from '$lib/card/records';
import * as sessions from '$lib/db/sessions';
import { loadCheckedGame, type CheckedGame } from '$lib/state/checked-game';
import { cardPlaces, describePlace, placesFrom, type CardPlace } from './card-place';

/** Games read at once: each is a few small reads and a hash, so a term is read in bounded steps. */
const BATCH = 8;

/** One score card to print, with where it was played. */
export interface PrintCard {
	game: CheckedGame;
	place: CardPlace;
	/** "Session 3 · Group 2 · Wed, Nov 25, 2026". */
	where: string;
}

/** What the "print every card" page prints. */
export interface PrintCards {
	league: LeagueRecord;
	/** The session printed, or null for the whole term. */
	session: { number: number; date: string } | null;
	cards: PrintCard[];
}

/** The games to print, each with its place, and the session printed (null: the term). */
interface Chosen {
	records: GameRecord[];
	places: Map<string, CardPlace>;
	session: PrintCards['session'];
}

/**
 * Every score card of league `leagueId`, or of its session `sessionId` only, in the order of
 * the term: by session, then group (games outside sessions by the day they started).
 * @throws DbError `not-found`
 */
export async function printCards(leagueId: string, sessionId: string | null): Promise<PrintCards> {
	const [league, { records, places, session }] = await Promise.all([
		leagues.get(leagueId),
		sessionId === null ? wholeTerm(leagueId) : oneSession(leagueId, sessionId)
	]);
	const chosen = records
		.map((r) => ({ id: r.id, place: places.get(r.id) as CardPlace }))
		.sort(
			(a, b) =>
				(a.place.session ?? Infinity) - (b.place.session ?? Infinity) ||
				a.place.date.localeCompare(b.place.date) ||
				(a.place.group ?? 0) - (b.place.group ?? 0)
		);
	const printed: PrintCard[] = [];
	for (let i = 0; i < chosen.length; i += BATCH) {
		const batch = chosen.slice(i, i + BATCH);
		const games = await Promise.all(batch.map((c) => loadCheckedGame(c.id)));
		games.forEach((game, n) => {
			const place = batch[n]!.place;
			printed.push({ game, place, where: describePlace(place) });
		});
	}
	return { league, session, cards: printed };
}

/** Every game of the league, placed among all its sessions. */
async function wholeTerm(leagueId: string): Promise<Chosen> {
	const [records, all] = await Promise.all([cards.ofLeague(leagueId), sessions.list(leagueId)]);
	return { records, places: cardPlaces(records, all), session: null };
}

/**
 * The games of one session, numbered among the league's sessions from the index: printing a
 * session's few cards reads neither the league's games nor its sessions (a school's league
 * holds 54,000 and 6,000).
 */
async function oneSession(leagueId: string, sessionId: string): Promise<Chosen> {
	const [session, held, numbers] = await Promise.all([
		sessions.get(sessionId),
		cards.ofSession(sessionId),
		lists.sessionNumbers(leagueId, new Set([sessionId]))
	]);
	// A session of another league, or a deleted one, is "not found", not an empty print.
	if (session.leagueId !== leagueId) throw new DbError('not-found', { what: 'session' });
	const records = held.filter((r) => r.leagueId === leagueId);
	return {
		records,
		places: placesFrom(records, numbers, new Map([[session.id, session]])),
		session: { number: numbers.get(sessionId) ?? 0, date: session.date }
	};
}
