import { describe, expect, it } from 'vitest';
import { said } from '../support/said';
import { ALL_DOMINOES, dominoName, parseDomino, settleHand } from '$lib/rules/hand';
import { getRuleset } from '$lib/rules/rulesets';
import { resolveSides } from '$lib/rules/setup';
import type { HandEnd, PlayerId } from '$lib/rules/types';

function settle(id: string, players: PlayerId[], hand: HandEnd, sides?: PlayerId[][]) {
	return settleHand(getRuleset(id), resolveSides(players, sides), hand);
}

describe('parseDomino', () => {
	it.each([
		['6-4', [4, 6]],
		[' 0 - 3 ', [0, 3]],
		['2-2', [2, 2]]
	])('reads %j as %j', (text, want) => {
		expect(parseDomino(text)).toEqual(want);
	});

	it.each(['7-1', '6/4', '64', '', 12])('refuses %j with bad-domino', (text) => {
		expect(() => parseDomino(text)).toThrow(expect.objectContaining({ code: 'bad-domino' }));
	});

	it('lists the 28 dominoes of a double-six set, 168 pips in all', () => {
		expect(ALL_DOMINOES).toHaveLength(28);
		expect(new Set(ALL_DOMINOES.map(dominoName)).size).toBe(28);
		expect(ALL_DOMINOES.reduce((n, [a, b]) => n + a + b, 0)).toBe(168);
	});
});

describe('settleHand', () => {
	it('explains the classroom award of seed 002: 29 − 3 = 26, rounded to 25, ÷ 5 = 5', () => {
		const s = settle('classroom', ['A', 'B', 'C', 'D'], {
			outcome: 'blocked',
			hands: {
				A: { pips: 3, tiles: 1 },
				B: { pips: 5, tiles: 2 },
				C: { pips: 11, tiles: 3 },
				D: { pips: 13, tiles: 3 }
			}
		});
		expect(s.working).toEqual({
			basis: 'opponents-minus-own-pips',
			opponents: 29,
			own: 3,
			raw: 26,
			rounded: 25,
			multiplier: 1,
			divisor: 5,
			points: 5
		});
		expect(s.held.map((h) => h.pips)).toEqual([3, 5, 11, 13]);
	});

	it('gives nothing when a partner of the player who went out holds more than the opponents', () => {
		const s = settle(
			'edge-muggins',
			['A', 'B', 'C', 'D'],
			{
				outcome: 'domino',
				wentOut: 'A',
				hands: { B: { pips: 2, tiles: 1 }, C: { pips: 30, tiles: 4 }, D: { pips: 3, tiles: 1 } }
			},
			[
				['A', 'C'],
				['B', 'D']
			]
		);
		// Edge Muggins gives the hand to the lightest side, which here is not the one that went out.
		expect(s.winner).toBe('B+D');
		expect(s.awards).toEqual({ 'B+D': 6 });
	});

	it('breaks a block tie only when every tied side listed its dominoes', () => {
		const s = settle('draw', ['A', 'B'], {
			outcome: 'blocked',
			hands: { A: { pips: 6, tiles: 2 }, B: { dominoes: ['0-1', '2-3'] } }
		});
		expect(s.winner).toBeNull();
		expect(s.noWinner).toBe('tie');
	});

	it('reports the block tie-break when it decides the hand', () => {
		const s = settle('block', ['A', 'B'], {
			outcome: 'blocked',
			hands: { A: { dominoes: ['1-2', '0-3'] }, B: { dominoes: ['0-1', '2-3'] } }
		});
		expect(s).toMatchObject({ winner: 'B', tieBroken: true, awards: {} });
	});

	it('scores the double-six bonus from dominoes, not pips', () => {
		const s = settle('double-six', ['A', 'B'], {
			outcome: 'domino',
			wentOut: 'B',
			hands: { A: { pips: 2, tiles: 2 } }
		});
		expect(s.awards).toEqual({ B: 10 });
	});

	it('takes pips and dominoes together when they agree with the list', () => {
		const s = settle('classroom', ['A', 'B'], {
			outcome: 'domino',
			wentOut: 'A',
			hands: { B: { dominoes: ['6-6'], pips: 12, tiles: 1 } as never }
		});
		expect(s.awards).toEqual({ A: 2 });
	});

	it.each<[string, HandEnd, string]>([
		['an unknown outcome', { outcome: 'won' as never, hands: {} }, 'bad-outcome'],
		[
			'a domino without who went out',
			{ outcome: 'domino', hands: { B: { pips: 1, tiles: 1 } } },
			'went-out-required'
		],
		[
			'who went out in a blocked hand',
			{ outcome: 'blocked', wentOut: 'A', hands: {} },
			'went-out-with-blocked'
		],
		['a stranger went out', { outcome: 'domino', wentOut: 'Z', hands: {} }, 'unknown-player'],
		[
			'a stranger holds dominoes',
			{
				outcome: 'domino',
				wentOut: 'A',
				hands: { B: { pips: 1, tiles: 1 }, Z: { pips: 1, tiles: 1 } }
			},
			'unknown-player'
		],
		[
			'fractional pips',
			{ outcome: 'domino', wentOut: 'A', hands: { B: { pips: 1.5, tiles: 1 } } },
			'hand-not-integer'
		],
		[
			'negative dominoes',
			{ outcome: 'domino', wentOut: 'A', hands: { B: { pips: 0, tiles: -1 } } },
			'negative-hand'
		],
		[
			'pips without dominoes',
			{ outcome: 'domino', wentOut: 'A', hands: { B: { pips: 3, tiles: 0 } } },
			'pips-impossible'
		],
		[
			'an empty hand in a blocked game',
			{ outcome: 'blocked', hands: { A: { pips: 0, tiles: 0 }, B: { pips: 4, tiles: 1 } } },
			'blocked-with-empty-hand'
		],
		[
			'more than 168 pips',
			{ outcome: 'domino', wentOut: 'A', hands: { B: { pips: 169, tiles: 15 } } },
			'too-many-pips'
		],
		[
			'more than 28 dominoes',
			{ outcome: 'domino', wentOut: 'A', hands: { B: { pips: 100, tiles: 29 } } },
			'too-many-tiles'
		],
		[
			'a list that disagrees with the pips',
			{ outcome: 'domino', wentOut: 'A', hands: { B: { dominoes: ['6-6'], pips: 11 } as never } },
			'hand-mismatch'
		],
		[
			'a badly written domino',
			{ outcome: 'domino', wentOut: 'A', hands: { B: { dominoes: ['6-7'] } } },
			'bad-domino'
		]
	])('refuses %s', (_what, hand, code) => {
		expect(() => settle('classroom', ['A', 'B'], hand)).toThrow(expect.objectContaining({ code }));
	});

	it('says what is wrong in plain words', () => {
		expect(
			said(() =>
				settle('classroom', ['Ana', 'Ben'], {
					outcome: 'domino',
					wentOut: 'Ana',
					hands: { Ben: { pips: 20, tiles: 1 } }
				})
			)
		).toBe('Ben cannot hold 20 pips in 1 domino: at most 12 a domino.');
	});
});
