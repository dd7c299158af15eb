import { describe, expect, it } from 'vitest';
import { flushWords, startDiskProbe } from '../../bench/disk-probe';

describe('the disk probe beside the live bench', () => {
	it('flushes on its timer until stopped, and hands back when each began and took', async () => {
		const before = Date.now();
		const probe = startDiskProbe(undefined, 10);
		await new Promise((r) => setTimeout(r, 400));
		const flushes = await probe.stop();
		const after = Date.now();
		expect(flushes.length).toBeGreaterThanOrEqual(5);
		for (const [at, ms] of flushes) {
			expect(at).toBeGreaterThanOrEqual(before);
			expect(at).toBeLessThanOrEqual(after);
			expect(ms).toBeGreaterThan(0);
		}
		const starts = flushes.map(([at]) => at);
		expect(starts).toEqual([...starts].sort((a, b) => a - b));
	});

	it('says what it found in words, and that nothing was measured when nothing was', () => {
		expect(flushWords([])).toBe('disk flushes not measured');
		const words = flushWords([
			[1, 0.5],
			[2, 1.5],
			[3, 250]
		]);
		expect(words).toContain('p50 1.5 ms');
		expect(words).toContain('longest 250 ms');
		expect(words).toContain('3 flushes');
	});
});
