import { describe, expect, it } from 'vitest';
import { applyEvent, replay } from '$lib/rules/game';
import { getRuleset } from '$lib/rules/rulesets';
import { gameTimeLeft, limits, timeUpDue } from '$lib/rules/time-up';
import type { GameEvent, GameSetup, TournamentRule } from '$lib/rules/types';

const rule = getRuleset('udl').tournament as TournamentRule;
const udl: GameSetup = { ruleset: 'udl', players: ['A', 'B'] };
const MIN = 60_000;

const tied: GameEvent[] = [
	{ id: 'e1', type: 'score', player: 'A', count: 10 },
	{ id: 'e2', type: 'score', player: 'B', count: 10 }
];

describe('limits', () => {
	it('are 15 minutes a game and 45 a match', () => {
		expect(limits(rule)).toEqual({ game: 15 * MIN, match: 45 * MIN });
	});
});

describe('gameTimeLeft', () => {
	it('is the game clock, or the match clock when that has less left', () => {
		expect(gameTimeLeft(rule, { game: [0], match: [0] }, 5 * MIN)).toBe(10 * MIN);
		expect(gameTimeLeft(rule, { game: [40 * MIN], match: [0] }, 42 * MIN)).toBe(3 * MIN);
	});
});

describe('timeUpDue', () => {
	const state = replay(udl, tied);

	it('is null while time is left', () => {
		expect(timeUpDue(rule, { game: [0], match: [0] }, state, 14 * MIN)).toBeNull();
	});

	it('is the instant the game clock reached zero, even when asked later (a phone asleep)', () => {
		const clocks = { game: [0, 5 * MIN, 7 * MIN], match: [0, 5 * MIN, 7 * MIN] };
		expect(timeUpDue(rule, clocks, state, 17 * MIN - 1)).toBeNull();
		expect(timeUpDue(rule, clocks, state, 17 * MIN)).toBe(17 * MIN);
		expect(timeUpDue(rule, clocks, state, 60 * MIN)).toBe(17 * MIN);
	});

	it('comes from the match clock when it runs out first', () => {
		expect(timeUpDue(rule, { game: [38 * MIN], match: [0] }, state, 46 * MIN)).toBe(45 * MIN);
	});

	it('is null once time is up, when the game is over, and after the referee undid a time-up', () => {
		const clocks = { game: [0], match: [0] };
		const up = applyEvent(state, { id: 't', type: 'time-up' });
		const undone = applyEvent(up, { id: 'v', type: 'void', target: 't' });
		const over = applyEvent(state, { id: 'x', type: 'end' });
		for (const s of [up, undone, over]) expect(timeUpDue(rule, clocks, s, 20 * MIN)).toBeNull();
	});
});

describe('time-up in the engine, as the clock records it', () => {
	it('goes to overtime when the leaders are tied, and the next score wins', () => {
		const at = timeUpDue(rule, { game: [0], match: [0] }, replay(udl, tied), 15 * MIN);
		expect(at).toBe(15 * MIN);
		const overtime = replay(udl, [...tied, { id: 't', type: 'time-up' }]);
		expect(overtime).toMatchObject({ over: false, overtime: true, timeUp: true });
		const next = applyEvent(overtime, { id: 'e3', type: 'score', player: 'B', count: 5 });
		expect(next).toMatchObject({ over: true, winners: ['B'], endCause: 'overtime' });
	});

	it('gives the game to the leader at once when not tied', () => {
		const s = replay(udl, [tied[0] as GameEvent, { id: 't', type: 'time-up' }]);
		expect(s).toMatchObject({ over: true, winners: ['A'], endCause: 'time-up' });
	});
});
