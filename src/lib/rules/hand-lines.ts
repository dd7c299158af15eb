/**
 * A game's hands as the hands export lists them: per hand, each side's play points, bonus and
 * corrections, the spinner and who won the hand. Kept with a signed card's verdict (schema
 * version 10), so the export reads them instead of reading and replaying every log. Pure.
 *
 * Points are arrays in the order of `sides`, not objects keyed by side label: a label can be a
 * player id, any string, and a record read back from IndexedDB has a prototype again.
 */
import type { GameState, PlayerId, SideLabel } from './types';

/** One hand of a game. */
export interface HandLine {
	number: number;
	/** Points made during play, per side (in the order of `PlayedHands.sides`). */
	play: number[];
	/** The end-of-hand award or loss, per side. */
	bonus: number[];
	/** Corrections, per side. */
	adjust: number[];
	spinner: string | null;
	/** The side that won the hand; null while it is not settled, or when no side did. */
	winner: SideLabel | null;
	/** Whether the hand was settled (its end recorded). */
	settled: boolean;
}

/** A game's sides and every one of its hands, the current (perhaps empty) one last. */
export interface PlayedHands {
	sides: { label: SideLabel; players: PlayerId[] }[];
	hands: HandLine[];
}

/** The hands of the game `state` replays. */
export function playedHands(state: GameState): PlayedHands {
	const labels = state.sides.map((s) => s.label);
	const per = (points: Readonly<Record<SideLabel, number>>) =>
		labels.map((l) => (Object.hasOwn(points, l) ? (points[l] ?? 0) : 0));
	return {
		sides: state.sides.map((s) => ({ label: s.label, players: [...s.players] })),
		hands: state.hands.map((h) => ({
			number: h.number,
			play: per(h.play),
			bonus: per(h.bonus),
			adjust: per(h.adjust),
			spinner: h.spinner,
			winner: h.settlement?.winner ?? null,
			settled: h.settlement !== null
		}))
	};
}
