import { RuleError } from './errors';
import { getRuleset } from './rulesets';
import type { GameOptions, GameSetup, PlayerId, Ruleset, Side, SideLabel } from './types';

/** The sides of a game: each player alone, or the partners given, labelled in seat order. */
export function resolveSides(players: readonly PlayerId[], sides?: readonly PlayerId[][]): Side[] {
	const groups = sides && sides.length > 0 ? sides : players.map((p) => [p]);
	const seat = new Map(players.map((p, i) => [p, i]));
	return groups
		.map((g) => [...g].sort((a, b) => (seat.get(a) ?? 0) - (seat.get(b) ?? 0)))
		.sort((a, b) => (seat.get(a[0] ?? '') ?? 0) - (seat.get(b[0] ?? '') ?? 0))
		.map((g) => ({ label: g.join('+'), players: g }));
}

/** The label of the side `player` plays for. */
export function sideOf(sides: readonly Side[], player: PlayerId): SideLabel {
	const side = sides.find((s) => s.players.includes(player));
	if (!side) throw new RuleError('unknown-player', { player });
	return side.label;
}

function checkPlayers(players: unknown): asserts players is PlayerId[] {
	if (
		!Array.isArray(players) ||
		players.length < 2 ||
		players.length > 4 ||
		players.some((p) => typeof p !== 'string' || p.trim() === '' || p.includes('+')) ||
		new Set(players).size !== players.length
	) {
		throw new RuleError('bad-players');
	}
}

function checkSides(players: readonly PlayerId[], sides: unknown): void {
	if (sides === undefined) return;
	if (!Array.isArray(sides) || sides.some((s) => !Array.isArray(s) || s.length === 0)) {
		throw new RuleError('bad-sides');
	}
	const seen = (sides as unknown[][]).flat();
	const all = new Set(players);
	if (
		seen.length !== players.length ||
		new Set(seen).size !== seen.length ||
		seen.some((p) => typeof p !== 'string' || !all.has(p))
	) {
		throw new RuleError('bad-sides');
	}
}

function wholeOption(option: string, value: unknown): void {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
		throw new RuleError('bad-option', { option });
	}
}

function checkOptions(ruleset: Ruleset, options: GameOptions | undefined): void {
	if (options === undefined) return;
	if (typeof options !== 'object' || options === null) throw new RuleError('bad-event');
	// Ruling (RULES.md §5): a setting the sheet does not name refuses the setup.
	for (const [option, value] of Object.entries(options)) {
		if (value !== undefined && option !== 'target' && option !== 'rounds') {
			throw new RuleError('option-not-used', { ruleset: ruleset.name, option });
		}
	}
	if (options.target !== undefined && options.target !== null) {
		if (!ruleset.target)
			throw new RuleError('option-not-used', { ruleset: ruleset.name, option: 'target' });
		wholeOption('target', options.target);
	}
	if (options.rounds !== undefined) {
		if (!ruleset.rounds)
			throw new RuleError('option-not-used', { ruleset: ruleset.name, option: 'rounds' });
		wholeOption('rounds', options.rounds);
	}
}

/**
 * Checks that a setup can be replayed: a known ruleset, 2-4 distinct players, sides that
 * share out every player exactly once, and options the ruleset uses.
 * @throws RuleError
 */
export function checkSetup(setup: GameSetup): Ruleset {
	if (typeof setup !== 'object' || setup === null) throw new RuleError('bad-players');
	const ruleset = getRuleset(setup.ruleset);
	checkPlayers(setup.players);
	checkSides(setup.players, setup.sides);
	checkOptions(ruleset, setup.options);
	return ruleset;
}

/**
 * Everything `checkSetup` checks, plus what the table must look like for the ruleset: its
 * number of players, and teams only where it has them (two pairs of partners sitting across).
 * Used when a game is started; replay accepts any setup that passes `checkSetup`.
 * @throws RuleError
 */
export function checkTable(setup: GameSetup): Ruleset {
	const ruleset = checkSetup(setup);
	const { min, max } = ruleset.table.players;
	const n = setup.players.length;
	if (n < min || n > max) {
		throw new RuleError('player-count', {
			ruleset: ruleset.name,
			range: min === max ? `${min}` : `${min}-${max}`
		});
	}
	const sides = resolveSides(setup.players, setup.sides);
	if (sides.some((s) => s.players.length > 1)) {
		if (!ruleset.table.teams) throw new RuleError('teams-not-allowed', { ruleset: ruleset.name });
		const [p1, p2, p3, p4] = setup.players;
		const across =
			sides.length === 2 &&
			sides.some((s) => s.label === `${p1}+${p3}`) &&
			sides.some((s) => s.label === `${p2}+${p4}`);
		if (!across) throw new RuleError('bad-sides');
	}
	return ruleset;
}

/** The points target of a game, or null when nothing but its other end conditions ends it. */
export function targetOf(ruleset: Ruleset, options?: GameOptions): number | null {
	if (!ruleset.target) return null;
	return options?.target ?? ruleset.target.default;
}

/** The number of hands that ends a game, or null when the ruleset does not count hands. */
export function roundsOf(ruleset: Ruleset, options?: GameOptions): number | null {
	if (!ruleset.rounds) return null;
	return options?.rounds ?? ruleset.rounds.default;
}
