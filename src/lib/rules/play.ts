/**
 * The UDL play timer (seed 000, rule 10): each player has a number of seconds per play. It is
 * restarted by a "Next play" tap and by any score; a player who draws from the boneyard is not
 * timed until they hold a playable domino ("Has a play"). It only runs while the game clock
 * runs, so a break granted by the referee stops it too. Pure: times come in as arguments.
 */
import { hasStarted, isRunning, runningBetween, type Clock } from './clock';
import type { GameEvent } from './types';

/** The scorekeeper's last tap: a restart ("Next play", "Has a play"), or a player drawing. */
export interface PlayMark {
	/** When it was tapped (milliseconds since the epoch). */
	at: number;
	/** A player is drawing from the boneyard: the timer waits for "Has a play". */
	drawing: boolean;
}

/** What the play timer shows. */
export type PlayTimer =
	/** Nothing to time yet: the game clock has not started, or no play this hand so far. */
	| { phase: 'waiting' }
	/** A player is drawing from the boneyard. */
	| { phase: 'drawing' }
	/**
	 * Timing the player on turn since `from`; `running` is false while the game clock is paused.
	 * At `remaining` 0 the player is over their time.
	 */
	| { phase: 'timing'; from: number; remaining: number; running: boolean };

/** A stored event with the time it was recorded. */
export interface TimedEvent {
	event: GameEvent;
	/** Milliseconds since the epoch. */
	at: number;
}

/** When the current hand began and when its last score was made, from the events in effect. */
export interface HandTimes {
	/** The end of the previous hand; null in the first hand. */
	handStart: number | null;
	/** The last score (a claimed count) of the current hand; null before the first. */
	lastScore: number | null;
}

/**
 * The instants the play timer restarts from, read from a game's events in log order, keeping
 * only those whose ids are in `inEffect` (undone events do not count).
 */
export function handTimes(events: readonly TimedEvent[], inEffect: ReadonlySet<string>): HandTimes {
	let handStart: number | null = null;
	let lastScore: number | null = null;
	for (const { event, at } of events) {
		if (!inEffect.has(event.id)) continue;
		if (event.type === 'hand-end') {
			handStart = at;
			lastScore = null;
		} else if (event.type === 'score') {
			lastScore = at;
		}
	}
	return { handStart, lastScore };
}

/** What the play timer shows at `now`. */
export function playTimer(input: {
	/** The game clock. */
	clock: Clock;
	/** Seconds allowed per play. */
	seconds: number;
	mark: PlayMark | null;
	times: HandTimes;
	now: number;
}): PlayTimer {
	const { clock, seconds, times, now } = input;
	if (!hasStarted(clock)) return { phase: 'waiting' };
	// A tap from an earlier hand belongs to that hand: the new one waits for its first play.
	const mark = input.mark && input.mark.at >= (times.handStart ?? -Infinity) ? input.mark : null;
	const score = times.lastScore;
	if (mark === null && score === null) return { phase: 'waiting' };
	if (mark !== null && mark.drawing && (score === null || mark.at >= score)) {
		return { phase: 'drawing' };
	}
	const from = Math.max(mark?.at ?? -Infinity, score ?? -Infinity);
	const used = runningBetween(clock, from, now);
	return {
		phase: 'timing',
		from,
		remaining: Math.max(0, seconds * 1000 - used),
		running: isRunning(clock)
	};
}
