/**
 * A game's score progression: each side's total at the start and after every hand, for the
 * chart on a card. Pure: read from the replayed state, whose hand records keep each hand's
 * points by side.
 */
import type { GameState, HandRecord, SideLabel } from './types';

/** The totals over a game, one point per hand boundary. */
export interface Progression {
	/** 0 (the start), then the number of each hand played. */
	hands: number[];
	series: { side: SideLabel; totals: number[] }[];
}

function scored(hand: HandRecord): boolean {
	return [hand.play, hand.bonus, hand.adjust].some((col) =>
		Object.values(col).some((n) => n !== 0)
	);
}

/**
 * The progression of `state`. A last hand without a point in it (the one a game ended early
 * was about to start) is left out; a hand still being played counts with its points so far.
 */
export function progression(state: GameState): Progression {
	const played = state.hands.filter(
		(h, i) => i < state.hands.length - 1 || h.settlement !== null || scored(h)
	);
	const hands = [0, ...played.map((h) => h.number)];
	const series = state.sides.map(({ label }) => {
		let total = 0;
		const totals = [0];
		for (const h of played) {
			total += (h.play[label] ?? 0) + (h.bonus[label] ?? 0) + (h.adjust[label] ?? 0);
			totals.push(total);
		}
		return { side: label, totals };
	});
	return { hands, series };
}
