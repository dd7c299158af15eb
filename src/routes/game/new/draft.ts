/**
 * The "New game" form as plain data, and what it takes to turn it into a game: who sits where,
 * which options are picked, and why the game cannot start yet. Pure, so the page stays a thin
 * view over it and the rules are tested without a browser.
 */
import type { NewGame } from '$lib/db/games';
import { cleanName, MAX_NAME_LENGTH, nameKey } from '$lib/card/names';
import { message, messageFor } from '$lib/messages';
import { isRuleError, RuleError } from '$lib/rules/errors';
import { checkTable } from '$lib/rules/game';
import { RULESETS } from '$lib/rules/rulesets';
import type { GameOptions, GameSetup, PlayerId, Ruleset } from '$lib/rules/types';

/** The most players any ruleset seats; the form offers no more seats than this. */
export const MAX_SEATS = Math.max(...RULESETS.map((r) => r.table.players.max));

/** Partners in team play sit across: seats 1 and 3 against 2 and 4 (0-based for the store). */
export const ACROSS: readonly (readonly number[])[] = [
	[0, 2],
	[1, 3]
];

/** A player in a seat: a name, and the player's id when the device already knows them. */
export interface Seat {
	/** Stable while the seat moves (the name folded), for keyed lists. */
	key: string;
	name: string;
	id: PlayerId | null;
}

/** The target picked: a number, no target at all, or a number still being typed. */
export type TargetPick = { kind: 'set'; value: number | null } | { kind: 'custom'; text: string };

/** Everything the form holds. */
export interface Draft {
	ruleset: Ruleset;
	seats: Seat[];
	/** The teams switch; it only counts where `teamsAllowed` says so. */
	teams: boolean;
	target: TargetPick;
	rounds: number | null;
}

/** The options a ruleset starts with on the form: its own defaults. */
export function defaultOptions(r: Ruleset): Pick<Draft, 'target' | 'rounds'> {
	return {
		target: { kind: 'set', value: r.target?.default ?? null },
		rounds: r.rounds?.default ?? null
	};
}

/** Whether the teams switch applies: a ruleset with teams, and exactly 4 players. */
export function teamsAllowed(r: Ruleset, players: number): boolean {
	return r.table.teams && players === 4;
}

/**
 * Adds `name` (with the id of the known player of that name, if any) to the end of the table,
 * or says why it cannot be added: no name, too long, already seated, or no seat left.
 */
export function addSeat(
	seats: readonly Seat[],
	name: string,
	id: PlayerId | null = null
): { seats: Seat[] } | { problem: string } {
	const clean = cleanName(name);
	if (clean === '') return { problem: message('name-required') };
	if (clean.length > MAX_NAME_LENGTH) {
		return { problem: message('name-too-long', { max: MAX_NAME_LENGTH }) };
	}
	const key = nameKey(clean);
	if (seats.some((s) => s.key === key)) return { problem: message('name-seated', { name: clean }) };
	if (seats.length >= MAX_SEATS) return { problem: message('seats-full', { max: MAX_SEATS }) };
	return { seats: [...seats, { key, name: clean, id }] };
}

/** `seats` with the seat at `index` moved `by` places (−1 up, +1 down); unchanged at an edge. */
export function moveSeat(seats: readonly Seat[], index: number, by: number): Seat[] {
	const to = index + by;
	const moved = [...seats];
	if (index < 0 || index >= seats.length || to < 0 || to >= seats.length) return moved;
	const [seat] = moved.splice(index, 1);
	if (seat) moved.splice(to, 0, seat);
	return moved;
}

/**
 * The target and rounds to store, or a RuleError when a typed target is not a whole number
 * of 1 or more. "No target" is stored as null so the game's snapshot says so explicitly.
 */
export function optionsOf(d: Draft): GameOptions {
	const options: GameOptions = {};
	if (d.ruleset.target) {
		if (d.target.kind === 'set') {
			options.target = d.target.value;
		} else {
			const text = d.target.text.trim();
			const value = Number(text);
			if (text === '' || !Number.isInteger(value) || value < 1) {
				throw new RuleError('bad-option', { option: 'The target' });
			}
			options.target = value;
		}
	}
	if (d.ruleset.rounds && d.rounds !== null) options.rounds = d.rounds;
	return options;
}

/** Whether the form asks for team play (the switch is on and it applies). */
export function playsInTeams(d: Draft): boolean {
	return d.teams && teamsAllowed(d.ruleset, d.seats.length);
}

/** What `games.create` needs for the form: known players by id, new ones by name. */
export function toNewGame(d: Draft): NewGame {
	return {
		ruleset: d.ruleset.id,
		players: d.seats.map((s) => (s.id ? { id: s.id } : s.name)),
		...(playsInTeams(d) ? { sides: ACROSS } : {}),
		options: optionsOf(d)
	};
}

/**
 * Why the game cannot start yet, in the engine's words ("UDL tournament is played by 2
 * players."), or null when it can. The table is checked with stand-in ids for the seats, so
 * the form refuses exactly what `games.create` would.
 */
export function whyNotStart(d: Draft): string | null {
	try {
		const players = d.seats.map((_, i) => `seat${i + 1}`);
		// Checked before the engine's own check, which for fewer than 2 seats would only say
		// that a game has 2 to 4 players, not what this ruleset needs.
		const { min, max } = d.ruleset.table.players;
		if (players.length < min || players.length > max) {
			throw new RuleError('player-count', {
				ruleset: d.ruleset.name,
				range: min === max ? `${min}` : `${min}-${max}`
			});
		}
		const setup: GameSetup = { ruleset: d.ruleset.id, players, options: optionsOf(d) };
		if (playsInTeams(d)) setup.sides = ACROSS.map((side) => side.map((i) => players[i] ?? ''));
		checkTable(setup);
		return null;
	} catch (e) {
		if (isRuleError(e)) return messageFor(e);
		throw e;
	}
}
