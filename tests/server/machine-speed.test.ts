import { describe, expect, it } from 'vitest';
import { referenceWorkMs } from '../../bench/machine-speed';

describe("the bench's reference work (how fast the machine runs)", () => {
	it('times the fixed work as a positive number of ms, the median of the runs', () => {
		const ms = referenceWorkMs(3);
		expect(Number.isFinite(ms)).toBe(true);
		expect(ms).toBeGreaterThan(0);
	});
});
