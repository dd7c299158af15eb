import { describe, expect, it } from 'vitest';
import { stacked } from '$lib/components/top-space';

describe('stacked', () => {
	it.each([
		{ heights: [], offsets: [], space: 0 },
		{ heights: [96], offsets: [0], space: 96 },
		{ heights: [96, 50], offsets: [0, 108], space: 158 },
		{ heights: [40, 60, 20], offsets: [0, 52, 124], space: 144 }
	])('banners of $heights px, 12 px apart', ({ heights, offsets, space }) => {
		expect(stacked(heights, 12)).toEqual({ offsets, space });
	});
});
