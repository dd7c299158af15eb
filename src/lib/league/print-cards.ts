import * as cards from '$lib/db/cards';
import { DbError } from '$lib/db/errors';
import * as leagues from '$lib/db/leagues';
import type { LeagueRecord } from '$lib/card/records';
import * as sessions from '$lib/db/sessions';
import { loadCheckedGame, type CheckedGame } from '$lib/state/checked-game';
import { cardPlaces, describePlace, sessionNumbers, type CardPlace } from './card-place';

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

/**
 * Every score card of league `leagueId`, or of its session `sessionId` only, in the order of
 * the term: by session, then group (games outside sessions by the day they started).
 * @throws DbError `not-found`
 */
export async function printCards(leagueId: string, sessionId: string | null): Promise<PrintCards> {
	const [league, records, all] = await Promise.all([
		leagues.get(leagueId),
		cards.ofLeague(leagueId),
		sessions.list(leagueId)
	]);
	// A session of another league, or a deleted one, is "not found", not an empty print.
	if (sessionId !== null && !all.some((s) => s.id === sessionId))
		throw new DbError('not-found', { what: 'session' });
	const places = cardPlaces(records, all);
	const chosen = records
		.filter((r) => sessionId === null || r.sessionId === sessionId)
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
	const session =
		sessionId === null
			? null
			: {
					number: sessionNumbers(all).get(sessionId) ?? 0,
					date: all.find((s) => s.id === sessionId)?.date ?? ''
				};
	return { league, session, cards: printed };
}
