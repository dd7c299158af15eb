/**
 * A UDL match's clocks as stored, and what changes them, without the store: the mappers between
 * stored instants and the rules' clock (`$lib/rules/clock`), and each change of a match's
 * clocks and play timers, which `$lib/db/matches.ts` writes in its transaction.
 */
import { bare, bareCopy, own } from '$lib/rules/bare';
import { pause, start, type Clock } from '$lib/rules/clock';
import { RuleError } from '$lib/rules/errors';
import type { MatchGame } from '$lib/rules/match';
import type { PlayMark } from '$lib/rules/play';
import { getRuleset } from '$lib/rules/rulesets';
import type { GameState, TournamentRule } from '$lib/rules/types';
import type { GameTimersRecord, MatchRecord } from './backup-records';
import type { GameRecord } from './records';

/** The rules' clock for stored instants. */
export function toClock(instants: readonly string[]): Clock {
	return instants.map((t) => Date.parse(t));
}

/** The rules' play mark for a stored tap. */
export function toPlayMark(play: GameTimersRecord['play']): PlayMark | null {
	return play && { at: Date.parse(play.at), drawing: play.drawing };
}

/** The stored form of an instant given in milliseconds since the epoch. */
export function toInstant(ms: number): string {
	return new Date(ms).toISOString();
}

/** Stored instants for the rules' clock. */
export function fromClock(clock: Clock): string[] {
	return clock.map(toInstant);
}

/** One game of a match, replayed. */
export interface MatchGameView {
	record: GameRecord;
	state: GameState;
}

/** A match with its games, in the order played. */
export interface MatchView {
	record: MatchRecord;
	games: MatchGameView[];
}

/** A game's timers before its clock first starts. */
export const NO_TIMERS: GameTimersRecord = { clock: [], play: null };

/**
 * The match rules of `game`'s ruleset.
 * @throws RuleError `no-clock` when its rules have no matches
 */
export function tournamentOf(game: GameRecord): TournamentRule {
	const ruleset = getRuleset(game.rulesetId);
	if (!ruleset.tournament) throw new RuleError('no-clock', { ruleset: ruleset.name });
	return ruleset.tournament;
}

/** A change of a match's clocks: the new timers per game id, and the new match clock. */
export interface ClockChange {
	timers: Record<string, GameTimersRecord>;
	clock: string[];
}

/** `timers` with game `gameId`'s changed by `change`. */
function withGame(
	match: MatchRecord,
	gameId: string,
	change: (timers: GameTimersRecord) => GameTimersRecord
): Record<string, GameTimersRecord> {
	const timers = bareCopy(match.timers);
	timers[gameId] = change(own(match.timers, gameId) ?? NO_TIMERS);
	return timers;
}

/**
 * The clocks started or resumed at `now`: game `game`'s (while it is being played) and the
 * match's. Running clocks stay as they are, so two tabs tapping at once agree.
 */
export function started(match: MatchRecord, game: GameRecord, now: number): ClockChange {
	return {
		timers:
			game.status === 'in-progress'
				? withGame(match, game.id, (t) => ({
						...t,
						clock: fromClock(start(toClock(t.clock), now))
					}))
				: match.timers,
		clock: fromClock(start(toClock(match.clock), now))
	};
}

/** The match clock and every game clock of the match paused at `now`. */
export function paused(match: MatchRecord, now: number): ClockChange {
	return {
		timers: bare(
			Object.entries(match.timers).map(([id, t]) => [
				id,
				{ ...t, clock: fromClock(pause(toClock(t.clock), now)) }
			])
		),
		clock: fromClock(pause(toClock(match.clock), now))
	};
}

/** Game `gameId`'s play timer restarted at `now`, or held while its player draws (`drawing`). */
export function playMarked(
	match: MatchRecord,
	gameId: string,
	drawing: boolean,
	now: number
): ClockChange {
	return {
		timers: withGame(match, gameId, (t) => ({ ...t, play: { at: toInstant(now), drawing } })),
		clock: match.clock
	};
}

/** What the match rules need to know about a game. */
export function outcome(state: GameState): MatchGame {
	return {
		over: state.over,
		winners: state.winners,
		endCause: state.endCause,
		totals: state.totals
	};
}
