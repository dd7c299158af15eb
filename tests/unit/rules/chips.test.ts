import { describe, expect, it } from 'vitest';
import { chipStacks } from '$lib/rules/chips';

const chips = { each: 30, worth: 5 };

describe('chipStacks', () => {
	it.each<[string, Record<string, number>, [number, number, number], [number, number, number]]>([
		['start with 30 chips each', { A: 0, B: 0 }, [30, 0, 0], [30, 0, 0]],
		['pass chips to the scorer', { A: 25, B: 10 }, [28, 5, 0], [25, 2, 0]],
		['run out at 150', { A: 150, B: 35 }, [23, 30, 0], [0, 7, 0]],
		['keep points past the last chip apart', { A: 165, B: 0 }, [30, 30, 15], [0, 0, 0]],
		['keep part of a chip apart', { A: 12, B: 0 }, [30, 2, 2], [28, 0, 0]],
		['hand over nothing for a total below zero', { A: -5, B: 5 }, [29, 0, -5], [30, 1, 0]]
	])('%s', (_, totals, a, b) => {
		const [sa, sb] = chipStacks(['A', 'B'], totals, chips);
		expect([sa?.own, sa?.won, sa?.extra]).toEqual(a);
		expect([sb?.own, sb?.won, sb?.extra]).toEqual(b);
	});

	it('always shows each total as the chips won and the extra', () => {
		for (const totals of [
			{ A: 0, B: 0 },
			{ A: 75, B: 140 },
			{ A: 150, B: 5 }
		]) {
			for (const s of chipStacks(['A', 'B'], totals, chips)) {
				expect(s.won * chips.worth + s.extra).toBe(totals[s.side as 'A' | 'B']);
			}
		}
	});

	it('refuses anything but two sides', () => {
		expect(() => chipStacks(['A', 'B', 'C'], {}, chips)).toThrow(
			expect.objectContaining({ code: 'player-count' })
		);
	});
});
