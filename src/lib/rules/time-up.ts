/**
 * When a UDL game's time is up: its own clock (15 minutes) or the match clock (45 minutes,
 * see `match.ts`) has run out while the game is still being played. Pure.
 */
import { reachesAt, remaining, type Clock } from './clock';
import type { GameState, TournamentRule } from './types';

const MINUTE = 60_000;

/** The game's and the match's limits, in milliseconds. */
export function limits(rule: TournamentRule): { game: number; match: number } {
	return { game: rule.gameMinutes * MINUTE, match: rule.matchMinutes * MINUTE };
}

/** Time left for the game at `now`: the shorter of its own clock and the match clock. */
export function gameTimeLeft(
	rule: TournamentRule,
	clocks: { game: Clock; match: Clock },
	now: number
): number {
	const limit = limits(rule);
	return Math.min(
		remaining(clocks.game, limit.game, now),
		remaining(clocks.match, limit.match, now)
	);
}

/**
 * The instant to record a `time-up` at, or null when none is due at `now`: the game is still
 * played, time was never up in it, and one of its clocks has reached zero (the earlier of the
 * two, which may lie in the past when the phone was asleep at that moment).
 *
 * A `time-up` that was undone counts as "time was up": the referee undid it on purpose, so the
 * clock does not record it again.
 */
export function timeUpDue(
	rule: TournamentRule,
	clocks: { game: Clock; match: Clock },
	state: Pick<GameState, 'over' | 'timeUp' | 'log'>,
	now: number
): number | null {
	if (state.over || state.timeUp || state.log.some((e) => e.type === 'time-up')) return null;
	const limit = limits(rule);
	const zeros = [reachesAt(clocks.game, limit.game), reachesAt(clocks.match, limit.match)].filter(
		(t): t is number => t !== null && t <= now
	);
	return zeros.length > 0 ? Math.min(...zeros) : null;
}
