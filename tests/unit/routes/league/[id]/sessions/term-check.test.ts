import { describe, expect, it } from 'vitest';
import { outsideTerm } from '../../../../../../src/routes/league/[id]/sessions/term-check';

const TERM = { start: '2026-01-05', end: '2026-03-27' };

describe('outsideTerm', () => {
	it.each([
		['2026-01-04', TERM, 'day-before-term'],
		['2026-01-05', TERM, null],
		['2026-02-14', TERM, null],
		['2026-03-27', TERM, null],
		['2026-03-28', TERM, 'day-after-term'],
		['2025-12-31', { start: null, end: '2026-03-27' }, null],
		['2026-04-01', { start: '2026-01-05', end: null }, null],
		['2030-01-01', { start: null, end: null }, null]
	] as const)('says %s in %j is %s', (day, term, code) => {
		expect(outsideTerm(day, term)).toBe(code);
	});
});
