import { describe, expect, it } from 'vitest';
import { dayWords } from '$lib/format/day-words';

describe('dayWords', () => {
	it.each([
		['2026-11-27', 'long', 'Fri 27 Nov 2026'],
		['2026-01-05', 'long', 'Mon 5 Jan 2026'],
		['2024-02-29', 'long', 'Thu 29 Feb 2024'],
		['2026-11-27', 'short', '27 Nov'],
		['2026-12-31', 'short', '31 Dec']
	] as const)('writes %s (%s) as “%s”', (day, style, words) => {
		expect(dayWords(day, style)).toBe(words);
	});

	it('leaves what is not a day as it is', () => {
		expect(dayWords('27/11/2026')).toBe('27/11/2026');
		expect(dayWords('')).toBe('');
	});
});
