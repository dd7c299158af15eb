/**
 * A UDL match (seed 000, rule 11): the best of 3 games within a 45-minute match clock. Given
 * each game's outcome and the time left on the match clock, says who has won how many games,
 * which game is in play, and when and to whom the match is decided. Pure.
 *
 * Rulings where the seed is silent:
 * - A disqualification ("disqualification from the match", rules 7, 9 and 10) ends the match:
 *   the other player wins it, whatever the games won.
 * - When the match clock runs out, the game in play ends as at its own time-up (the leader
 *   wins it, or overtime); no further game starts. The match then goes to the player with more
 *   games won; with equal games, to the one with more points over the match's games; still
 *   equal, it is tied and the referee decides.
 * - A game whose winners share the win (stopped early with equal totals) counts for nobody.
 */
import { bare, own } from './bare';
import { RuleError } from './errors';
import type { EndCause, SideLabel, TournamentRule } from './types';

/** What the match needs to know about one of its games. */
export interface MatchGame {
	over: boolean;
	winners: readonly SideLabel[];
	endCause: EndCause | null;
	totals: Readonly<Record<SideLabel, number>>;
}

/** What decided a match: games won, the points tie-break, or a disqualification. */
export type MatchDecision = 'games' | 'points' | 'disqualified';

/** Where a match stands. */
export interface MatchStanding {
	/** Games won per side. */
	wins: Record<SideLabel, number>;
	/** Points per side over all the match's games (the tie-break when time runs out). */
	points: Record<SideLabel, number>;
	/** The number (from 1) of the game being played; null between games and once decided. */
	playing: number | null;
	over: boolean;
	/** The match winner; null while it is not over, and when it ended tied. */
	winner: SideLabel | null;
	/** Null while the match is not over, and when it ended tied. */
	decidedBy: MatchDecision | null;
	/** The match clock ran out. */
	timeUp: boolean;
	/** The number of the game that may start now; null while one is in play or when decided. */
	next: number | null;
}

/** Games a side must win to take the match: 2 of 3. */
export function gamesToWin(rule: TournamentRule): number {
	return Math.floor(rule.bestOf / 2) + 1;
}

/** The single side ahead on `score`, or null when the best are tied. */
function ahead(sides: readonly SideLabel[], score: Record<SideLabel, number>): SideLabel | null {
	const best = Math.max(...sides.map((s) => score[s] ?? 0));
	const top = sides.filter((s) => (score[s] ?? 0) === best);
	return top.length === 1 ? (top[0] ?? null) : null;
}

/**
 * Where the match stands after `games` (in the order played), with `timeLeft` milliseconds on
 * the match clock.
 */
export function matchStanding(
	sides: readonly SideLabel[],
	games: readonly MatchGame[],
	rule: TournamentRule,
	timeLeft: number
): MatchStanding {
	const wins: Record<SideLabel, number> = bare(sides.map((s) => [s, 0]));
	const points: Record<SideLabel, number> = bare(sides.map((s) => [s, 0]));
	const timeUp = timeLeft <= 0;
	const base = { wins, points, timeUp };
	const decided = (winner: SideLabel | null, by: MatchDecision | null): MatchStanding => ({
		...base,
		playing: null,
		over: true,
		winner,
		decidedBy: winner === null ? null : by,
		next: null
	});

	for (const game of games) {
		for (const s of sides) points[s] = (points[s] ?? 0) + (own(game.totals, s) ?? 0);
		if (!game.over) continue;
		const [winner, ...others] = game.winners;
		if (winner === undefined || others.length > 0) continue;
		wins[winner] = (wins[winner] ?? 0) + 1;
		if (game.endCause === 'disqualified') return decided(winner, 'disqualified');
	}

	const needed = gamesToWin(rule);
	const leader = sides.find((s) => (wins[s] ?? 0) >= needed);
	if (leader !== undefined) return decided(leader, 'games');

	const open = { ...base, over: false, winner: null, decidedBy: null };
	const inPlay = games.findIndex((g) => !g.over);
	if (inPlay >= 0) return { ...open, playing: inPlay + 1, next: null };
	if (timeUp || games.length >= rule.bestOf) {
		const byGames = ahead(sides, wins);
		return byGames !== null ? decided(byGames, 'games') : decided(ahead(sides, points), 'points');
	}
	return { ...open, playing: null, next: games.length + 1 };
}

/**
 * Checks that the next game of the match may start now.
 * @throws RuleError `game-in-play` while a game is unfinished, `match-over` once decided
 */
export function assertNextGame(standing: MatchStanding): number {
	if (standing.over) throw new RuleError('match-over');
	if (standing.next === null) throw new RuleError('game-in-play');
	return standing.next;
}
