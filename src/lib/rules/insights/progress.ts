/**
 * Streaks and progress (issue 41): a student's current and longest run of wins, their points
 * per game day by day over the term, and the class's most improved students.
 *
 * "Most improved" is defined in words the page repeats: the most points per game gained in the
 * league's last `RECENT_DAYS` days of play, against the student's points per game before them,
 * for students with at least `MIN_GAMES` counted games in each part. A shared win counts as a
 * win in a streak, as it does in the standings (RULES.md §7).
 */
import { gamesOf, type StandingsCard } from '../standings';
import type { PlayerId } from '../types';
import { playOrder } from './ratings';

/** The league's days of play that count as recent for "most improved". */
export const RECENT_DAYS = 3;
/** Counted games a student needs before and within those days. */
export const MIN_GAMES = 2;

/** A student's runs of wins, in games. */
export interface Streaks {
	current: number;
	longest: number;
}

/** An order of a league's cards: negative when `a` was played before `b`. */
export type CardOrder = (a: StandingsCard, b: StandingsCard) => number;

/**
 * `player`'s current and longest winning streaks in league cards `cards`, played in `order`
 * (by day, then game id, unless the caller knows when each game ended: two games of one class
 * session are then taken in the order they ended, which decides the streak "now").
 */
export function streaks(
	cards: readonly StandingsCard[],
	player: PlayerId,
	order: CardOrder = playOrder
): Streaks {
	let current = 0;
	let longest = 0;
	for (const game of gamesOf([...cards].sort(order), player)) {
		current = game.result === 'lost' ? 0 : current + 1;
		longest = Math.max(longest, current);
	}
	return { current, longest };
}

/** Every player's streaks in league cards `cards`, in one pass (`streaks` of each). */
export function everyStreak(
	cards: readonly StandingsCard[],
	order: CardOrder = playOrder
): Map<PlayerId, Streaks> {
	const out = new Map<PlayerId, Streaks>();
	for (const card of [...cards].sort(order)) {
		const winners = new Set(card.winners);
		for (const side of card.sides) {
			for (const player of side.players) {
				const mine = out.get(player) ?? { current: 0, longest: 0 };
				const current = winners.has(side.label) ? mine.current + 1 : 0;
				out.set(player, { current, longest: Math.max(mine.longest, current) });
			}
		}
	}
	return out;
}

/** One day of a student's term. */
export interface DayOfPlay {
	date: string;
	games: number;
	points: number;
	/** Points per game that day. */
	perGame: number;
}

/** `player`'s points per game on each day they played, oldest first. */
export function pointsByDay(cards: readonly StandingsCard[], player: PlayerId): DayOfPlay[] {
	const days: DayOfPlay[] = [];
	for (const game of gamesOf([...cards].sort(playOrder), player)) {
		let day = days.at(-1);
		if (day?.date !== game.date) {
			day = { date: game.date, games: 0, points: 0, perGame: 0 };
			days.push(day);
		}
		day.games += 1;
		day.points += game.points;
		day.perGame = day.points / day.games;
	}
	return days;
}

/** A student's gain in points per game, recent days against the days before. */
export interface Improvement {
	player: PlayerId;
	before: number;
	recent: number;
	gain: number;
}

/**
 * What `mostImproved` reads of a counted card: its day, and each side's players and final
 * total. A standings card is one; so is a card's kept figures, grouped by side.
 */
export interface PlayedCard {
	date: string;
	sides: readonly { players: readonly PlayerId[]; total: number }[];
}

/** A student's counted games and their points, added up over some days. */
export interface GamesAndPoints {
	player: PlayerId;
	games: number;
	points: number;
}

/** A student's games before the recent days and within them (`mostImproved`). */
interface TwoParts {
	before: { games: number; points: number };
	recent: { games: number; points: number };
}

/** The students of `parts` with a gain, most first (`mostImproved` says who counts). */
function improvements(parts: ReadonlyMap<PlayerId, TwoParts>): Improvement[] {
	const out: Improvement[] = [];
	for (const [player, { before, recent }] of parts) {
		if (before.games < MIN_GAMES || recent.games < MIN_GAMES) continue;
		const gain = recent.points / recent.games - before.points / before.games;
		if (gain > 0) {
			out.push({
				player,
				before: before.points / before.games,
				recent: recent.points / recent.games,
				gain
			});
		}
	}
	return out.sort((a, b) => b.gain - a.gain || (a.player < b.player ? -1 : 1));
}

/**
 * The students who gained points per game in the league's last `RECENT_DAYS` days of play,
 * most first; a student without `MIN_GAMES` games on each side of that line is left out.
 */
export function mostImproved(cards: readonly PlayedCard[]): Improvement[] {
	const dates = [...new Set(cards.map((c) => c.date))].sort();
	if (dates.length <= RECENT_DAYS) return [];
	const since = dates[dates.length - RECENT_DAYS]!;
	const parts = new Map<PlayerId, TwoParts>();
	for (const card of cards) {
		for (const side of card.sides) {
			for (const player of side.players) {
				let mine = parts.get(player);
				if (!mine) {
					mine = { before: { games: 0, points: 0 }, recent: { games: 0, points: 0 } };
					parts.set(player, mine);
				}
				const part = card.date >= since ? mine.recent : mine.before;
				part.games += 1;
				part.points += side.total;
			}
		}
	}
	return improvements(parts);
}

/**
 * `mostImproved` from what the store keeps instead of every card: each student's games and
 * points over the term (`term`), and the league's latest days of play, newest first, each with
 * its students' games and points (`latest`: at least `RECENT_DAYS + 1` of them when the league
 * has that many). The same students, in the same order, with the same figures.
 */
export function mostImprovedOf(
	term: readonly GamesAndPoints[],
	latest: readonly { players: readonly GamesAndPoints[] }[]
): Improvement[] {
	if (latest.length <= RECENT_DAYS) return [];
	const recent = new Map<PlayerId, { games: number; points: number }>();
	for (const day of latest.slice(0, RECENT_DAYS)) {
		for (const p of day.players) {
			const mine = recent.get(p.player) ?? { games: 0, points: 0 };
			recent.set(p.player, { games: mine.games + p.games, points: mine.points + p.points });
		}
	}
	const parts = new Map<PlayerId, TwoParts>();
	for (const t of term) {
		const r = recent.get(t.player) ?? { games: 0, points: 0 };
		parts.set(t.player, {
			before: { games: t.games - r.games, points: t.points - r.points },
			recent: r
		});
	}
	return improvements(parts);
}
