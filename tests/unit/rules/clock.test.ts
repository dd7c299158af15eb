import { describe, expect, it } from 'vitest';
import {
	elapsed,
	formatClock,
	hasStarted,
	isRunning,
	pause,
	reachesAt,
	remaining,
	runningBetween,
	speakClock,
	start,
	type Clock
} from '$lib/rules/clock';

const S = 1000;
const MIN = 60 * S;
const LIMIT = 15 * MIN;

/** Started at 0, paused at 5 min, resumed at 8 min: 5 minutes run before the resume. */
const resumed: Clock = [0, 5 * MIN, 8 * MIN];

describe('hasStarted and isRunning', () => {
	it.each<[string, Clock, boolean, boolean]>([
		['never started', [], false, false],
		['running', [0], true, true],
		['paused', [0, 10], true, false],
		['resumed', [0, 10, 20], true, true]
	])('reads a clock that is %s', (_, clock, started, running) => {
		expect(hasStarted(clock)).toBe(started);
		expect(isRunning(clock)).toBe(running);
	});
});

describe('elapsed', () => {
	it.each<[string, Clock, number, number]>([
		['nothing before the start', [], 99 * MIN, 0],
		['the running time so far', [0], 3 * MIN, 3 * MIN],
		['nothing while paused', [0, 5 * MIN], 7 * MIN, 5 * MIN],
		['the time before and after a pause', resumed, 10 * MIN, 7 * MIN],
		['only what ran by an earlier now', resumed, 2 * MIN, 2 * MIN]
	])('counts %s', (_, clock, now, expected) => {
		expect(elapsed(clock, now)).toBe(expected);
	});
});

describe('remaining', () => {
	it('counts down across a pause and resume', () => {
		expect(remaining(resumed, LIMIT, 6 * MIN)).toBe(10 * MIN);
		expect(remaining(resumed, LIMIT, 8 * MIN)).toBe(10 * MIN);
		expect(remaining(resumed, LIMIT, 9 * MIN)).toBe(9 * MIN);
	});

	it('gives the same reading whenever it is asked: a reload, or another tab, sees the same time', () => {
		const readings = [9 * MIN, 9 * MIN].map((now) => remaining([...resumed], LIMIT, now));
		expect(readings).toEqual([9 * MIN, 9 * MIN]);
	});

	it('never goes below zero', () => {
		expect(remaining([0], LIMIT, 20 * MIN)).toBe(0);
	});
});

describe('runningBetween', () => {
	it('counts only the running time between two instants', () => {
		expect(runningBetween(resumed, 4 * MIN, 9 * MIN)).toBe(2 * MIN);
		expect(runningBetween(resumed, 6 * MIN, 7 * MIN)).toBe(0);
	});
});

describe('reachesAt', () => {
	it.each<[string, Clock, number | null]>([
		['in the future while running', [0], LIMIT],
		['later by the length of a pause', resumed, LIMIT + 3 * MIN],
		['null while paused short of the limit', [0, 5 * MIN], null],
		['in the past when reached before a pause', [0, 20 * MIN], LIMIT],
		['null before the start', [], null]
	])('is %s', (_, clock, expected) => {
		expect(reachesAt(clock, LIMIT)).toBe(expected);
	});
});

describe('start and pause', () => {
	it('record the instants in turn, and do nothing when already in that state', () => {
		let clock: Clock = [];
		clock = start(clock, 0);
		expect(start(clock, 10)).toBe(clock);
		clock = pause(clock, 5 * MIN);
		expect(pause(clock, 6 * MIN)).toBe(clock);
		clock = start(clock, 8 * MIN);
		expect(clock).toEqual(resumed);
	});

	it('keep the instants in order when asked with an earlier time', () => {
		expect(pause([100], 50)).toEqual([100, 100]);
	});
});

describe('formatClock', () => {
	it.each<[number, string]>([
		[LIMIT, '15:00'],
		[LIMIT - 1, '15:00'],
		[LIMIT - S, '14:59'],
		[45 * MIN, '45:00'],
		[7 * S, '0:07'],
		[1, '0:01'],
		[0, '0:00'],
		[-5, '0:00']
	])('shows %i ms as %s', (ms, text) => {
		expect(formatClock(ms)).toBe(text);
	});
});

describe('speakClock', () => {
	it.each<[number, string]>([
		[LIMIT, '15 minutes left'],
		[MIN + S, '1 minute 1 second left'],
		[7 * S, '7 seconds left'],
		[0, '0 seconds left']
	])('says %i ms as "%s"', (ms, text) => {
		expect(speakClock(ms)).toBe(text);
	});
});
