/**
 * What a new game is played with, from what starting it gives, without the store: its options
 * (the ruleset's defaults for the rest) and its sides by player. `$lib/db/games.ts` `create`
 * stores the game with them.
 */
import { RuleError } from '$lib/rules/errors';
import { getRuleset } from '$lib/rules/rulesets';
import type { GameOptions, PlayerId, RulesetId } from '$lib/rules/types';
import { plain } from './records';

/** The options a game is played with: the ones given, the ruleset's defaults for the rest. */
export function snapshot(rulesetId: RulesetId, given: GameOptions | undefined): GameOptions {
	const ruleset = getRuleset(rulesetId);
	const options = plain(given ?? {});
	if (ruleset.target && options.target === undefined) options.target = ruleset.target.default;
	if (ruleset.rounds && options.rounds === undefined) options.rounds = ruleset.rounds.default;
	return options;
}

/**
 * The players of each side, from the seats (0-based) of each side; null for no teams.
 * @throws RuleError `bad-sides` for a seat no player sits in
 */
export function sidesBySeat(
	seats: readonly PlayerId[],
	sides: readonly (readonly number[])[] | undefined
): PlayerId[][] | null {
	if (sides === undefined || sides.length === 0) return null;
	return sides.map((side) =>
		side.map((seat) => {
			const id = seats[seat];
			if (id === undefined) throw new RuleError('bad-sides');
			return id;
		})
	);
}
