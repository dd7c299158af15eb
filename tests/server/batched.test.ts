/**
 * Reads that come in together made as one (server/core/batched.ts): the first goes at once, the
 * ones asked while it is on its way go together in the next, each gets its own answer, and a
 * failed read fails its own asks only.
 */
import { describe, expect, it } from 'vitest';
import { batched } from '../../server/core/batched';

describe('batched', () => {
	it('sends the first ask at once and the ones made meanwhile in one read', async () => {
		const reads: number[][] = [];
		const double = batched(async (asks: number[]) => {
			reads.push(asks);
			await new Promise((r) => setTimeout(r, 5));
			return asks.map((a) => a * 2);
		});
		const answers = await Promise.all([1, 2, 3, 4].map((n) => double(n)));
		expect(answers).toEqual([2, 4, 6, 8]);
		expect(reads).toEqual([[1], [2, 3, 4]]);
		expect(await double(5)).toBe(10);
		expect(reads.at(-1)).toEqual([5]);
	});

	it('fails the asks of a failed read, and reads the next ones', async () => {
		let calls = 0;
		const read = batched((asks: string[]) => {
			calls++;
			if (calls === 1) return Promise.reject(new Error('away'));
			if (calls === 2) throw new Error('thrown');
			return Promise.resolve(asks.map((a) => a.toUpperCase()));
		});
		const first = read('a').catch((e: Error) => e.message);
		const second = read('b').catch((e: Error) => e.message);
		expect(await first).toBe('away');
		expect(await second).toBe('thrown');
		expect(await read('c')).toBe('C');
	});
});
