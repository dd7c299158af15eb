import { describe, expect, it } from 'vitest';
import {
	handTimes,
	playTimer,
	type HandTimes,
	type PlayMark,
	type TimedEvent
} from '$lib/rules/play';
import type { Clock } from '$lib/rules/clock';

const S = 1000;
const none: HandTimes = { handStart: null, lastScore: null };

function timer(clock: Clock, mark: PlayMark | null, times = none, now = 0) {
	return playTimer({ clock, seconds: 10, mark, times, now });
}

describe('handTimes', () => {
	const events: TimedEvent[] = [
		{ event: { id: 's1', type: 'score', player: 'A', count: 10 }, at: 1 * S },
		{ event: { id: 'h1', type: 'hand-end', outcome: 'blocked', hands: {} }, at: 2 * S },
		{ event: { id: 's2', type: 'score', player: 'B', count: 5 }, at: 3 * S },
		{ event: { id: 's3', type: 'score', player: 'A', count: 15 }, at: 4 * S },
		{ event: { id: 'v', type: 'void', target: 's3' }, at: 5 * S }
	];

	it('gives the start of the current hand and its last score still in effect', () => {
		expect(handTimes(events, new Set(['s1', 'h1', 's2']))).toEqual({
			handStart: 2 * S,
			lastScore: 3 * S
		});
	});

	it('gives no score in a hand that has none yet', () => {
		expect(handTimes(events.slice(0, 2), new Set(['s1', 'h1']))).toEqual({
			handStart: 2 * S,
			lastScore: null
		});
	});
});

describe('playTimer', () => {
	it('waits until the game clock has started', () => {
		expect(timer([], { at: 0, drawing: false })).toEqual({ phase: 'waiting' });
	});

	it('waits for the first play of a hand', () => {
		expect(timer([0], null)).toEqual({ phase: 'waiting' });
		expect(
			timer([0], { at: 1 * S, drawing: false }, { handStart: 2 * S, lastScore: null }, 3 * S)
		).toEqual({ phase: 'waiting' });
	});

	it('counts down from a "Next play" tap', () => {
		expect(timer([0], { at: 1 * S, drawing: false }, none, 4 * S)).toEqual({
			phase: 'timing',
			from: 1 * S,
			remaining: 7 * S,
			running: true
		});
	});

	it('restarts from a score made after the last tap', () => {
		const t = timer(
			[0],
			{ at: 1 * S, drawing: false },
			{ handStart: null, lastScore: 9 * S },
			12 * S
		);
		expect(t).toMatchObject({ from: 9 * S, remaining: 7 * S });
	});

	it('reaches zero and stays there when the player is over time', () => {
		expect(timer([0], { at: 0, drawing: false }, none, 30 * S)).toMatchObject({ remaining: 0 });
	});

	it('holds while a player draws, until "Has a play" or a score restarts it', () => {
		const drawing = { at: 2 * S, drawing: true };
		expect(timer([0], drawing, none, 60 * S)).toEqual({ phase: 'drawing' });
		expect(timer([0], drawing, { handStart: null, lastScore: 50 * S }, 52 * S)).toMatchObject({
			phase: 'timing',
			remaining: 8 * S
		});
		expect(timer([0], { at: 58 * S, drawing: false }, none, 60 * S)).toMatchObject({
			remaining: 8 * S
		});
	});

	it('stops while the game clock is paused', () => {
		const clock = [0, 5 * S, 60 * S];
		expect(timer(clock.slice(0, 2), { at: 1 * S, drawing: false }, none, 40 * S)).toEqual({
			phase: 'timing',
			from: 1 * S,
			remaining: 6 * S,
			running: false
		});
		expect(timer(clock, { at: 1 * S, drawing: false }, none, 62 * S)).toMatchObject({
			remaining: 4 * S,
			running: true
		});
	});
});
