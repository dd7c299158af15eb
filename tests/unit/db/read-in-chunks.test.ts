import { describe, expect, it } from 'vitest';
import { readInChunks } from '$lib/db/read-in-chunks';

/** A `bulkGet` over `held` that notes each request's keys. */
function reader(held: ReadonlyMap<number, string>, requests: number[][]) {
	return async (chunk: number[]) => {
		requests.push(chunk);
		return chunk.map((k) => held.get(k));
	};
}

describe('readInChunks', () => {
	const held = new Map([1, 2, 3, 4, 5, 6, 7].map((k) => [k, `r${k}`]));

	it.each([
		{ keys: [1, 2, 3, 4, 5, 6, 7], size: 3, requests: [[1, 2, 3], [4, 5, 6], [7]] },
		{
			keys: [1, 2, 3, 4],
			size: 2,
			requests: [
				[1, 2],
				[3, 4]
			]
		},
		{ keys: [5], size: 200, requests: [[5]] },
		{ keys: [], size: 16, requests: [] }
	])('reads $keys.length keys $size at a time', async ({ keys, size, requests }) => {
		const made: number[][] = [];
		const handed: string[][] = [];
		await readInChunks(keys, size, reader(held, made), (found) => handed.push(found));
		expect(made).toEqual(requests);
		expect(handed).toEqual(requests.map((r) => r.map((k) => `r${k}`)));
	});

	it('hands on only the records found, in key order', async () => {
		const handed: string[][] = [];
		await readInChunks([9, 1, 8, 2], 2, reader(held, []), (found) => handed.push(found));
		expect(handed).toEqual([['r1'], ['r2']]);
	});

	it('hands a chunk on before reading the next', async () => {
		const order: string[] = [];
		await readInChunks(
			[1, 2, 3],
			1,
			async (chunk) => {
				order.push(`read ${chunk[0]}`);
				return chunk.map((k) => held.get(k));
			},
			(found) => order.push(`got ${found[0]}`)
		);
		expect(order).toEqual(['read 1', 'got r1', 'read 2', 'got r2', 'read 3', 'got r3']);
	});

	it.each([0, -1, Number.NaN])('refuses a chunk of %s keys', async (size) => {
		await expect(readInChunks([1], size, reader(held, []), () => {})).rejects.toThrow(RangeError);
	});
});
