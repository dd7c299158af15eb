/**
 * The sentences of the UDL match strip and match card: the games won, a game's final score,
 * and how the match was decided. Pure, so the wording is tested without a browser.
 */
import type { MatchStanding } from '$lib/rules/match';
import type { GameState, SideLabel } from '$lib/rules/types';

/** Turns a side label into the names people know. */
export type SideNamer = (side: SideLabel) => string;

/** "Ana 1 – 0 Ben": a score between the two sides, in seat order. */
export function versus(
	sides: readonly SideLabel[],
	score: Readonly<Record<SideLabel, number>>,
	sideName: SideNamer
): string {
	const [a, b] = sides;
	if (a === undefined || b === undefined) return '';
	return `${sideName(a)} ${score[a] ?? 0} – ${score[b] ?? 0} ${sideName(b)}`;
}

/** How a finished game ended, as the match card says it. */
const HOW: Record<NonNullable<GameState['endCause']>, string> = {
	end: 'stopped',
	target: 'reached 150',
	rounds: 'all hands played',
	'time-up': 'time up',
	overtime: 'overtime',
	disqualified: 'disqualification',
	'bogus-play': 'bogus play'
};

/** "won by Ana (reached 150)", "in play", "shared (stopped)". */
export function gameOutcome(state: GameState, sideName: SideNamer): string {
	if (!state.over) return state.overtime ? 'in play, overtime' : 'in play';
	const how = state.endCause ? ` (${HOW[state.endCause]})` : '';
	const [winner, ...others] = state.winners;
	if (winner === undefined) return `no winner${how}`;
	if (others.length > 0) return `shared${how}`;
	return `won by ${sideName(winner)}${how}`;
}

/** The match's outcome in one sentence, or null while it is not decided. */
export function matchResult(
	standing: MatchStanding,
	sides: readonly SideLabel[],
	sideName: SideNamer
): string | null {
	if (!standing.over) return null;
	const time = standing.timeUp ? 'Match time is up: ' : '';
	const winner = standing.winner;
	if (winner === null) {
		const tied = 'the match is tied on games and points; the referee decides.';
		return time ? `${time}${tied}` : `${tied[0]?.toUpperCase()}${tied.slice(1)}`;
	}
	const loser = sides.find((s) => s !== winner);
	const games = `${standing.wins[winner] ?? 0}–${loser === undefined ? 0 : (standing.wins[loser] ?? 0)}`;
	const who = sideName(winner);
	switch (standing.decidedBy) {
		case 'disqualified':
			return `${who} wins the match: ${loser === undefined ? 'the opponent' : sideName(loser)} was disqualified.`;
		case 'points':
			return `${time}${who} wins the match on points, ${standing.points[winner] ?? 0} to ${loser === undefined ? 0 : (standing.points[loser] ?? 0)} (games ${games}).`;
		default:
			return `${time}${who} wins the match ${games}.`;
	}
}
