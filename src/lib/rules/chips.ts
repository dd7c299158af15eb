/**
 * UDL scoring chips (seed 000): each of the two players starts with 30 chips of their own
 * colour, worth 5 points each (the 150 of a game). Whenever a player scores, the opponent hands
 * over chips for the points made, so a player's points are the opponent's chips they hold.
 * Pure: the chips are read off the totals, never kept apart from them.
 */
import { RuleError } from './errors';
import type { SideLabel, TournamentRule } from './types';

/** The chips in front of one player. */
export interface ChipStack {
	side: SideLabel;
	/** Chips of the player's own colour not yet handed over. */
	own: number;
	/** The opponent's chips the player has won. */
	won: number;
	/**
	 * Points the chips cannot show: the part of the total past the opponent's last chip, or
	 * short of a whole chip (after a correction that is not a multiple of 5), or below zero.
	 */
	extra: number;
}

/**
 * The chips of the two sides of a game with `totals`.
 * @throws RuleError `player-count` unless there are exactly two sides, as chips pass between two
 */
export function chipStacks(
	sides: readonly SideLabel[],
	totals: Readonly<Record<SideLabel, number>>,
	chips: TournamentRule['chips']
): ChipStack[] {
	if (sides.length !== 2) throw new RuleError('player-count', { ruleset: 'Chips', range: '2' });
	const won = sides.map((s) =>
		Math.min(chips.each, Math.max(0, Math.floor((totals[s] ?? 0) / chips.worth)))
	);
	return sides.map((side, i) => {
		const mine = won[i] ?? 0;
		return {
			side,
			own: chips.each - (won[1 - i] ?? 0),
			won: mine,
			extra: (totals[side] ?? 0) - mine * chips.worth
		};
	});
}
