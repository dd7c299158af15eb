import { describe, expect, it } from 'vitest';
import { planWords } from '../../../../../../../src/routes/league/[id]/sessions/[sid]/plan-words';

describe('planWords', () => {
	it.each([
		[[4, 4, 4, 4, 4, 4], '6 groups of 4'],
		[[3, 3], '2 groups of 3'],
		[[2], '1 group of 2'],
		[[4, 4, 4, 3, 3, 3, 3], '7 groups: 3 of 4 and 4 of 3'],
		[[3, 2], '2 groups: 1 of 3 and 1 of 2'],
		[[4, 3, 2], '3 groups: 1 of 4 and 1 of 3 and 1 of 2']
	])('says %j as “%s”', (sizes, words) => {
		expect(planWords(sizes)).toBe(words);
	});
});
