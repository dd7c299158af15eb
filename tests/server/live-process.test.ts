/**
 * The live bench's figures handed from its own process to the whole run (bench/live-process.ts):
 * a figure that is no number (a percentile with a request missing reads NaN) must stay one, or
 * a failed budget would come back as null and read differently in the report.
 */
import { describe, expect, it } from 'vitest';
import { figuresFrom, figuresText } from '../../bench/live-process';
import type { Figure } from '../../bench/report';

const figure = (value: number): Figure => ({
	name: 'server push p95 during live play',
	value,
	unit: 'ms',
	budget: { max: 50, unit: 'ms' },
	pass: value <= 50,
	note: 'run of test'
});

describe('live figures between processes', () => {
	it.each([
		['a number', 21.3],
		['NaN', NaN],
		['Infinity', Infinity],
		['-Infinity', -Infinity],
		['zero', 0]
	])('keeps %s as it was', (_what, value) => {
		const [back] = figuresFrom(figuresText([figure(value)]));
		expect(back).toEqual(figure(value));
		expect(Object.is(back?.value, value)).toBe(true);
	});

	it('keeps a note that reads like a number as text', () => {
		const f = { ...figure(1), note: 'NaN' };
		expect(figuresFrom(figuresText([f]))).toEqual([f]);
	});
});
