import { RuleError } from './errors';
import type { Ruleset } from './types';

/** The lowest and highest count a real layout can show (RULES.md §1). */
export const MIN_COUNT = 1;
export const MAX_COUNT = 36;

/**
 * The nearest multiple of 5 to `n` (n ≥ 0): a remainder of 1 or 2 rounds down, 3 or 4 up.
 * @throws RuleError `bad-number` for a negative or fractional n
 */
export function round5(n: number): number {
	if (!Number.isInteger(n) || n < 0) throw new RuleError('bad-number', { value: n });
	return Math.floor((n + 2) / 5) * 5;
}

/**
 * Throws `count-impossible` unless `count` is a whole number a layout can show.
 */
export function assertCount(count: unknown): asserts count is number {
	if (
		typeof count !== 'number' ||
		!Number.isInteger(count) ||
		count < MIN_COUNT ||
		count > MAX_COUNT
	) {
		throw new RuleError('count-impossible', { count: String(count) });
	}
}

/**
 * Points a count earns under `ruleset` (RULES.md §2); 0 when it earns nothing.
 * @throws RuleError `count-impossible` when no layout can show `count`
 */
export function pointsForCount(ruleset: Ruleset, count: number): number {
	assertCount(count);
	switch (ruleset.scoring) {
		case 'pips':
			return count % 5 === 0 ? count : 0;
		case 'fifths':
			return count % 5 === 0 ? count / 5 : 0;
		case 'fives-and-threes':
			return (count % 5 === 0 ? count / 5 : 0) + (count % 3 === 0 ? count / 3 : 0);
		case 'none':
			return 0;
	}
}

/** Every count that scores under `ruleset`, lowest first, with its points (for the score pad). */
export function scoringCounts(ruleset: Ruleset): { count: number; points: number }[] {
	const out: { count: number; points: number }[] = [];
	for (let count = MIN_COUNT; count <= MAX_COUNT; count++) {
		const points = pointsForCount(ruleset, count);
		if (points > 0) out.push({ count, points });
	}
	return out;
}

/** One open end of a layout: its pips, and whether a double stands there (counting both halves). */
export interface OpenEnd {
	pips: number;
	double: boolean;
}

/**
 * The count of a layout's open ends: their sum, a double at an end counting both halves.
 * @throws RuleError `bad-end-count`, `bad-end` or `double-repeated` when no layout looks like that
 */
export function countOfEnds(ends: readonly OpenEnd[]): number {
	if (ends.length < 1 || ends.length > 4) throw new RuleError('bad-end-count');
	const doubles = new Set<number>();
	let sum = 0;
	for (const end of ends) {
		if (!Number.isInteger(end.pips) || end.pips < 0 || end.pips > 6) throw new RuleError('bad-end');
		if (end.double) {
			if (doubles.has(end.pips)) {
				throw new RuleError('double-repeated', { domino: `${end.pips}-${end.pips}` });
			}
			doubles.add(end.pips);
		}
		sum += end.double ? 2 * end.pips : end.pips;
	}
	return sum;
}
