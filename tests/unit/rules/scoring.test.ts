import { describe, expect, it } from 'vitest';
import { RuleError } from '$lib/rules/errors';
import { getRuleset, RULESETS } from '$lib/rules/rulesets';
import { countOfEnds, pointsForCount, round5, scoringCounts } from '$lib/rules/scoring';

describe('round5', () => {
	it.each([
		[0, 0],
		[7, 5],
		[8, 10],
		[12, 10],
		[13, 15],
		[18, 20],
		[168, 170]
	])('rounds %i to %i', (n, want) => {
		expect(round5(n)).toBe(want);
	});

	it.each([-1, 2.5, NaN])('refuses %s', (n) => {
		expect(() => round5(n)).toThrow(RuleError);
	});
});

describe('pointsForCount', () => {
	it.each([
		['classroom', 25, 25],
		['classroom', 24, 0],
		['edge-muggins', 35, 7],
		['fives-and-threes', 36, 12],
		['fives-and-threes', 35, 7],
		['fives-and-threes', 1, 0],
		['block', 15, 0],
		['draw', 30, 0]
	])('under %s gives %i → %i points', (id, count, points) => {
		expect(pointsForCount(getRuleset(id), count)).toBe(points);
	});

	it.each([0, 37, -5, 2.5])('refuses the impossible count %s with count-impossible', (count) => {
		expect(() => pointsForCount(getRuleset('udl'), count)).toThrow(
			expect.objectContaining({ code: 'count-impossible' })
		);
	});
});

describe('scoringCounts', () => {
	it('offers 5, 10 … 35 for pips scoring', () => {
		expect(scoringCounts(getRuleset('classroom')).map((c) => c.count)).toEqual([
			5, 10, 15, 20, 25, 30, 35
		]);
	});

	it('offers the same counts as fifths, with their points', () => {
		expect(scoringCounts(getRuleset('edge-muggins'))).toEqual(
			[1, 2, 3, 4, 5, 6, 7].map((p) => ({ count: p * 5, points: p }))
		);
	});

	it('offers every multiple of 3 or 5 from 3 to 36 for fives and threes', () => {
		const counts = scoringCounts(getRuleset('fives-and-threes')).map((c) => c.count);
		expect(counts[0]).toBe(3);
		expect(counts.at(-1)).toBe(36);
		expect(counts).toEqual(
			Array.from({ length: 36 }, (_, i) => i + 1).filter((c) => c % 3 === 0 || c % 5 === 0)
		);
	});

	it('offers nothing where play does not score', () => {
		expect(scoringCounts(getRuleset('block'))).toEqual([]);
	});

	it('covers every ruleset without throwing', () => {
		for (const r of RULESETS) expect(Array.isArray(scoringCounts(r))).toBe(true);
	});
});

describe('countOfEnds', () => {
	it.each([
		[
			[
				{ pips: 1, double: false },
				{ pips: 4, double: false }
			],
			5
		],
		[
			[
				{ pips: 6, double: true },
				{ pips: 3, double: false }
			],
			15
		],
		[[{ pips: 5, double: true }], 10],
		[
			[
				{ pips: 6, double: true },
				{ pips: 5, double: true },
				{ pips: 4, double: true },
				{ pips: 3, double: true }
			],
			36
		]
	])('adds %j up to %i', (ends, want) => {
		expect(countOfEnds(ends)).toBe(want);
	});

	it.each([
		[[], 'bad-end-count'],
		[[{ pips: 7, double: false }], 'bad-end'],
		[
			[
				{ pips: 6, double: true },
				{ pips: 6, double: true }
			],
			'double-repeated'
		]
	])('refuses %j with %s', (ends, code) => {
		expect(() => countOfEnds(ends)).toThrow(expect.objectContaining({ code }));
	});
});
