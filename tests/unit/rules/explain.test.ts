import { describe, expect, it } from 'vitest';
import { explainSettlement } from '$lib/rules/explain';
import { settleHand } from '$lib/rules/hand';
import { getRuleset } from '$lib/rules/rulesets';
import { resolveSides } from '$lib/rules/setup';
import type { HandEnd, PlayerId } from '$lib/rules/types';

const names: Record<string, string> = { A: 'Ana', B: 'Ben', C: 'Cara', D: 'Dev' };
const name = (side: string) =>
	side
		.split('+')
		.map((p) => names[p] ?? p)
		.join(' & ');

function explain(id: string, players: PlayerId[], hand: HandEnd, sides?: PlayerId[][]): string {
	const r = getRuleset(id);
	return explainSettlement(r, settleHand(r, resolveSides(players, sides), hand), hand, name);
}

describe('explainSettlement', () => {
	it.each<[string, string, PlayerId[], HandEnd, string]>([
		[
			'the seed 002 example',
			'classroom',
			['A', 'B', 'C', 'D'],
			{
				outcome: 'blocked',
				hands: {
					A: { pips: 3, tiles: 1 },
					B: { pips: 5, tiles: 2 },
					C: { pips: 11, tiles: 3 },
					D: { pips: 13, tiles: 3 }
				}
			},
			'Ana has the lightest hand (3 pips): opponents 29 − own 3 = 26, rounded to 25, ÷ 5 = 5 points to Ana.'
		],
		[
			'a classroom hand someone went out of',
			'classroom',
			['A', 'B', 'C'],
			{
				outcome: 'domino',
				wentOut: 'B',
				hands: { A: { pips: 12, tiles: 3 }, C: { pips: 9, tiles: 2 } }
			},
			'Ben went out: opponents 21 − own 0 = 21, rounded to 20, ÷ 5 = 4 points to Ben.'
		],
		[
			'a classroom bonus that rounds to nothing',
			'classroom',
			['A', 'B'],
			{ outcome: 'domino', wentOut: 'A', hands: { B: { pips: 2, tiles: 1 } } },
			'Ana went out: opponents 2 − own 0 = 2, rounded to 0, ÷ 5 = 0: no bonus.'
		],
		[
			'a UDL domino',
			'udl',
			['A', 'B'],
			{ outcome: 'domino', wentOut: 'A', hands: { B: { pips: 13, tiles: 3 } } },
			'Ana went out: opponents 13, rounded to 15 points to Ana.'
		],
		[
			'double-six dominoes',
			'double-six',
			['A', 'B'],
			{ outcome: 'blocked', hands: { A: { pips: 6, tiles: 1 }, B: { pips: 20, tiles: 4 } } },
			'Ana holds the fewest dominoes (1): dominoes: opponents 4 − own 1 = 3 × 5 = 15 points to Ana.'
		],
		[
			'a tie',
			'classroom',
			['A', 'B'],
			{ outcome: 'blocked', hands: { A: { pips: 4, tiles: 1 }, B: { pips: 4, tiles: 2 } } },
			'Tie for the lightest hand: no bonus.'
		],
		[
			'fives and threes losses',
			'fives-and-threes',
			['A', 'B', 'C'],
			{
				outcome: 'domino',
				wentOut: 'A',
				hands: { B: { pips: 12, tiles: 3 }, C: { pips: 7, tiles: 2 } }
			},
			'Everyone still holding dominoes loses their pips: Ben −12, Cara −7.'
		],
		[
			'the block tie-break',
			'block',
			['A', 'B', 'C'],
			{
				outcome: 'blocked',
				hands: {
					A: { dominoes: ['1-2', '0-3'] },
					B: { dominoes: ['0-1', '2-3'] },
					C: { dominoes: ['4-6'] }
				}
			},
			'Tied on pips; Ben holds the lowest single domino: opponents 16 − own 6 = 10 points to Ben.'
		]
	])('explains %s', (_what, id, players, hand, want) => {
		expect(explain(id, players, hand)).toBe(want);
	});

	it('names both partners of a team', () => {
		expect(
			explain(
				'edge-muggins',
				['A', 'B', 'C', 'D'],
				{
					outcome: 'domino',
					wentOut: 'A',
					hands: { B: { pips: 10, tiles: 2 }, C: { pips: 6, tiles: 1 }, D: { pips: 9, tiles: 2 } }
				},
				[
					['A', 'C'],
					['B', 'D']
				]
			)
		).toBe(
			'Ana & Cara have the lightest hand (6 pips): opponents 19, rounded to 20, ÷ 5 = 4 points to Ana & Cara.'
		);
	});
});
