/**
 * One short line per event, for the undo toast and a hand's event list: "Ana 15",
 * "Muggins! Ben scores the 10 Ana missed", "Hand ended: Cara went out".
 */
import { pointsForCount } from './scoring';
import type { GameEvent, PlayerId, Ruleset } from './types';

/** Turns a player id into the name people know. */
export type PlayerNamer = (player: PlayerId) => string;

const PENALTY_NAMES = {
	'slow-play': 'slow play',
	'passed-could-play': 'drew while holding a play',
	'bogus-play': 'bogus play'
} as const;

function signed(n: number): string {
	return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}

/** The points a claimed count earns, when they differ from the count itself: " (3 points)". */
function pointsNote(ruleset: Ruleset, count: number): string {
	const points = pointsForCount(ruleset, count);
	return points === count ? '' : ` (${points} ${points === 1 ? 'point' : 'points'})`;
}

/** A short line saying what `event` recorded. */
export function narrate(event: GameEvent, ruleset: Ruleset, name: PlayerNamer): string {
	switch (event.type) {
		case 'score':
			return `${name(event.player)} ${event.count}${pointsNote(ruleset, event.count)}`;
		case 'muggins':
			return `Muggins! ${name(event.by)} scores the ${event.count}${pointsNote(ruleset, event.count)} ${name(event.from)} missed`;
		case 'hand-end':
			return event.outcome === 'domino' && event.wentOut
				? `Hand ended: ${name(event.wentOut)} went out`
				: 'Hand ended: blocked';
		case 'adjust':
		case 'correct':
			return `Correction: ${name(event.player)} ${signed(event.points)} (${event.note})`;
		case 'time-up':
			return 'Time is up';
		case 'penalty':
			return `Penalty: ${name(event.player)}, ${PENALTY_NAMES[event.kind]}`;
		case 'end':
			return event.reason ? `Game ended: ${event.reason}` : 'Game ended';
		case 'void':
			return 'Undo';
	}
}
