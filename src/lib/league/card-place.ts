import { dayOfTime, formatDay } from '$lib/days';
import type { GameRecord, SessionRecord } from '$lib/card/records';

/**
 * Where a league card was played, in the words a teacher uses: the class session (numbered
 * in date order through the term), the group within it, and the day. Three cards dated
 * "Wed, Nov 25" are told apart by their group.
 */
export interface CardPlace {
	/** The day, `YYYY-MM-DD`: the session's, or the day the game started. */
	date: string;
	/** 1 for the term's first session; null for a game played outside sessions. */
	session: number | null;
	/** 1 for the session's first group; null outside sessions. */
	group: number | null;
}

type PlacedGame = Pick<GameRecord, 'id' | 'sessionId' | 'createdAt'>;
type PlacedSession = Pick<SessionRecord, 'id' | 'date' | 'createdAt' | 'groups'>;

/** Each session's number in the term (1 for the first by date), by session id. */
export function sessionNumbers(
	sessions: readonly Pick<SessionRecord, 'id' | 'date' | 'createdAt'>[]
): Map<string, number> {
	const ordered = [...sessions].sort(
		(a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt)
	);
	return new Map(ordered.map((s, i) => [s.id, i + 1]));
}

/** The place of each of `games` (by game id), given every session of their league. */
export function cardPlaces(
	games: readonly PlacedGame[],
	sessions: readonly PlacedSession[]
): Map<string, CardPlace> {
	return placesFrom(games, sessionNumbers(sessions), new Map(sessions.map((s) => [s.id, s])));
}

/**
 * The place of each of `games` (by game id), given the league's session numbers (`numbers`,
 * by session id) and at least the sessions of these games (`byId`): a page of cards reads
 * only its own sessions.
 */
export function placesFrom(
	games: readonly PlacedGame[],
	numbers: ReadonlyMap<string, number>,
	byId: ReadonlyMap<string, Pick<SessionRecord, 'id' | 'date' | 'groups'>>
): Map<string, CardPlace> {
	const places = new Map<string, CardPlace>();
	for (const game of games) {
		const session = game.sessionId ? byId.get(game.sessionId) : undefined;
		if (!session) {
			places.set(game.id, { date: dayOfTime(game.createdAt), session: null, group: null });
			continue;
		}
		const group = session.groups.findIndex((g) => g.gameId === game.id);
		places.set(game.id, {
			date: session.date,
			session: numbers.get(session.id) ?? null,
			group: group === -1 ? null : group + 1
		});
	}
	return places;
}

/** "Session 3 · Group 2 · Wed, Nov 25, 2026"; "Outside sessions · …" for a quick game. */
export function describePlace(place: CardPlace, style: 'long' | 'short' = 'long'): string {
	const parts = [
		place.session === null ? 'Outside sessions' : `Session ${place.session}`,
		place.group === null ? null : `Group ${place.group}`,
		formatDay(place.date, style)
	];
	return parts.filter((p) => p !== null).join(' · ');
}
