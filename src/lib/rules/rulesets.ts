import { RuleError } from './errors';
import type { HandRule, Ruleset, RulesetId } from './types';

/** Went out, else lightest hand; `basis` is what the winner takes (RULES.md §3). */
function wentOutElseLightest(
	basis: Extract<HandRule, { kind: 'to-winner' }>['basis'],
	round5: boolean,
	divisor: number,
	tieBreak: 'none' | 'lowest-domino' = 'none'
): HandRule {
	return {
		kind: 'to-winner',
		winner: 'went-out-else-lightest',
		tieBreak,
		basis,
		round5,
		multiplier: 1,
		divisor
	};
}

const fiveAHand = { 2: 7, 3: 5, 4: 5 };
const keepInBoneyard = { 2: 2, 3: 1, 4: 1 };

const blockAndDraw = {
	scoring: 'none',
	steals: false,
	hand: wentOutElseLightest(
		{ domino: 'opponents-pips', blocked: 'opponents-minus-own-pips' },
		false,
		1,
		'lowest-domino'
	),
	target: { default: 100, choices: [100, 200], when: 'end-of-hand' },
	rounds: null,
	tournament: null
} as const satisfies Partial<Ruleset>;

/** The seven rule sheets (RULES.md), in the order the app offers them. */
export const RULESETS: readonly Ruleset[] = [
	{
		id: 'classroom',
		name: 'Classroom Muggins',
		scoring: 'pips',
		steals: true,
		hand: wentOutElseLightest(
			{ domino: 'opponents-minus-own-pips', blocked: 'opponents-minus-own-pips' },
			true,
			5
		),
		// Ruling: the seed names no target; one may be set, and it is reached at once.
		target: { default: null, choices: [100, 150, 200, 250], when: 'at-once' },
		rounds: null,
		tournament: null,
		table: {
			players: { min: 2, max: 4, preferred: [3, 4] },
			teams: false,
			tilesEach: fiveAHand,
			drawing: { rule: 'until-playable', keep: {} }
		}
	},
	{
		id: 'udl',
		name: 'UDL tournament',
		scoring: 'pips',
		steals: true,
		hand: wentOutElseLightest({ domino: 'opponents-pips', blocked: 'opponents-pips' }, true, 1),
		target: { default: 150, choices: [150], when: 'at-once' },
		rounds: null,
		tournament: {
			gameMinutes: 15,
			matchMinutes: 45,
			bestOf: 3,
			playSeconds: 10,
			chips: { each: 30, worth: 5 }
		},
		table: {
			players: { min: 2, max: 2 },
			teams: false,
			tilesEach: { 2: 7 },
			drawing: { rule: 'until-playable', keep: {} }
		}
	},
	{
		id: 'double-six',
		name: 'Double-Six Muggins',
		scoring: 'pips',
		steals: false,
		hand: {
			kind: 'to-winner',
			winner: 'fewest-tiles',
			tieBreak: 'none',
			basis: { domino: 'opponents-minus-own-tiles', blocked: 'opponents-minus-own-tiles' },
			round5: false,
			multiplier: 5,
			divisor: 1
		},
		target: { default: 250, choices: [250], when: 'end-of-hand' },
		rounds: null,
		tournament: null,
		table: {
			players: { min: 2, max: 2 },
			teams: false,
			tilesEach: { 2: 7 },
			drawing: { rule: 'until-playable', keep: {} }
		}
	},
	{
		id: 'edge-muggins',
		name: 'Edge Muggins',
		scoring: 'fifths',
		steals: false,
		hand: {
			kind: 'to-winner',
			winner: 'lightest',
			tieBreak: 'none',
			basis: { domino: 'opponents-pips', blocked: 'opponents-pips' },
			round5: true,
			multiplier: 1,
			divisor: 5
		},
		target: { default: 61, choices: [61], when: 'at-once' },
		rounds: null,
		tournament: null,
		table: {
			players: { min: 2, max: 4 },
			teams: true,
			tilesEach: { 2: 5, 3: 5, 4: 5 },
			drawing: { rule: 'until-playable', keep: keepInBoneyard }
		}
	},
	{
		id: 'fives-and-threes',
		name: 'Fives and Threes',
		scoring: 'fives-and-threes',
		steals: false,
		hand: { kind: 'each-loses-own-pips' },
		target: null,
		rounds: { default: 5, choices: [5, 7, 11] },
		tournament: null,
		table: {
			players: { min: 2, max: 4 },
			teams: false,
			tilesEach: { 2: 9, 3: 6, 4: 6 },
			drawing: { rule: 'one', keep: {} }
		}
	},
	{
		id: 'block',
		name: 'Block',
		...blockAndDraw,
		table: {
			players: { min: 2, max: 4 },
			teams: false,
			tilesEach: fiveAHand,
			drawing: { rule: 'none', keep: {} }
		}
	},
	{
		id: 'draw',
		name: 'Draw',
		...blockAndDraw,
		table: {
			players: { min: 2, max: 4 },
			teams: false,
			tilesEach: fiveAHand,
			drawing: { rule: 'until-playable', keep: keepInBoneyard }
		}
	}
];

const byId = new Map<string, Ruleset>(RULESETS.map((r) => [r.id, r]));

/** The ruleset called `id`; throws `unknown-ruleset` for any other name. */
export function getRuleset(id: string): Ruleset {
	const r = byId.get(id);
	if (!r) throw new RuleError('unknown-ruleset', { ruleset: id });
	return r;
}

/** Whether `id` names a ruleset. */
export function isRulesetId(id: string): id is RulesetId {
	return byId.has(id);
}

/** The ruleset the app starts a game with when nobody picks one. */
export const DEFAULT_RULESET: RulesetId = 'classroom';
