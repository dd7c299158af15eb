import { describe, expect, it } from 'vitest';
import { replay } from '$lib/rules/game';
import { getRuleset } from '$lib/rules/rulesets';
import type { GameEvent, GameSetup, NewGameEvent } from '$lib/rules/types';
import { stealsBySide } from '../../../../../src/routes/game/[id]/hand-steals';

const three: GameSetup = { ruleset: 'classroom', players: ['A', 'B', 'C'] };
const teams: GameSetup = {
	ruleset: 'classroom',
	players: ['A', 'B', 'C', 'D'],
	sides: [
		['A', 'C'],
		['B', 'D']
	]
};

function ids(events: NewGameEvent[]): GameEvent[] {
	return events.map((e, i) => ({ ...e, id: `e${i + 1}` }) as GameEvent);
}

/** The steals of hand `n` (1-based) of the game `events` make, as plain pairs. */
function steals(setup: GameSetup, events: NewGameEvent[], n = 1): [string, number][] {
	const state = replay(setup, ids(events));
	const byId = new Map(state.effective.map((e) => [e.id, e]));
	const hand = state.hands[n - 1]!;
	return [...stealsBySide(hand, byId, state.sides, getRuleset(setup.ruleset))];
}

describe('stealsBySide', () => {
	it.each<[string, GameSetup, NewGameEvent[], [string, number][]]>([
		['no steal in a hand of counts', three, [{ type: 'score', player: 'A', count: 10 }], []],
		[
			'one steal, credited to the side that called it',
			three,
			[
				{ type: 'score', player: 'A', count: 10 },
				{ type: 'muggins', by: 'B', from: 'A', count: 15 }
			],
			[['B', 15]]
		],
		[
			'two steals by one player, added up',
			three,
			[
				{ type: 'muggins', by: 'C', from: 'A', count: 10 },
				{ type: 'muggins', by: 'C', from: 'B', count: 5 }
			],
			[['C', 15]]
		],
		[
			'a steal by a partner, on the team’s side',
			teams,
			[{ type: 'muggins', by: 'C', from: 'B', count: 20 }],
			[['A+C', 20]]
		]
	])('gives %s', (_what, setup, events, expected) => {
		expect(steals(setup, events)).toEqual(expected);
	});

	it('leaves out a steal that was voided', () => {
		expect(
			steals(three, [
				{ type: 'muggins', by: 'B', from: 'A', count: 15 },
				{ type: 'void', target: 'e1' }
			])
		).toEqual([]);
	});

	it('counts only the hand asked for', () => {
		const held = { pips: 5, tiles: 1 };
		const events: NewGameEvent[] = [
			{ type: 'muggins', by: 'B', from: 'A', count: 15 },
			{ type: 'hand-end', outcome: 'domino', wentOut: 'A', hands: { B: held, C: held } },
			{ type: 'score', player: 'C', count: 10 }
		];
		expect(steals(three, events, 1)).toEqual([['B', 15]]);
		expect(steals(three, events, 2)).toEqual([]);
	});
});
