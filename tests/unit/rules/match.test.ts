import { describe, expect, it } from 'vitest';
import { assertNextGame, gamesToWin, matchStanding, type MatchGame } from '$lib/rules/match';
import { getRuleset } from '$lib/rules/rulesets';
import type { EndCause, TournamentRule } from '$lib/rules/types';

const rule = getRuleset('udl').tournament as TournamentRule;
const sides = ['A', 'B'];
const TIME = 30 * 60_000;

function won(
	winner: string,
	totals: Record<string, number>,
	endCause: EndCause = 'target'
): MatchGame {
	return { over: true, winners: [winner], endCause, totals };
}
const playing = (totals: Record<string, number> = { A: 0, B: 0 }): MatchGame => ({
	over: false,
	winners: [],
	endCause: null,
	totals
});

describe('gamesToWin', () => {
	it('is 2 in a best of 3', () => {
		expect(gamesToWin(rule)).toBe(2);
	});
});

describe('matchStanding', () => {
	it('shows the first game in play', () => {
		expect(matchStanding(sides, [playing()], rule, TIME)).toEqual({
			wins: { A: 0, B: 0 },
			points: { A: 0, B: 0 },
			playing: 1,
			over: false,
			winner: null,
			decidedBy: null,
			timeUp: false,
			next: null
		});
	});

	it('offers the next game between games', () => {
		const s = matchStanding(sides, [won('A', { A: 150, B: 40 })], rule, TIME);
		expect(s).toMatchObject({ wins: { A: 1, B: 0 }, playing: null, over: false, next: 2 });
	});

	it('gives the match to the first to win 2 games', () => {
		const games = [
			won('A', { A: 150, B: 40 }),
			won('B', { A: 60, B: 155 }, 'time-up'),
			won('A', { A: 70, B: 65 }, 'overtime')
		];
		expect(matchStanding(sides, games.slice(0, 2), rule, TIME)).toMatchObject({ next: 3 });
		expect(matchStanding(sides, games, rule, TIME)).toMatchObject({
			wins: { A: 2, B: 1 },
			points: { A: 280, B: 260 },
			over: true,
			winner: 'A',
			decidedBy: 'games',
			next: null
		});
	});

	it('ends the match at 2-0 without a third game', () => {
		const games = [won('B', { A: 0, B: 150 }), won('B', { A: 5, B: 150 })];
		expect(matchStanding(sides, games, rule, TIME)).toMatchObject({ winner: 'B', next: null });
	});

	it('gives the match to the other player when one is disqualified', () => {
		const s = matchStanding(sides, [won('B', { A: 100, B: 20 }, 'disqualified')], rule, TIME);
		expect(s).toMatchObject({ over: true, winner: 'B', decidedBy: 'disqualified' });
	});

	it('lets a bogus play cost only the game', () => {
		const s = matchStanding(sides, [won('B', { A: 100, B: 20 }, 'bogus-play')], rule, TIME);
		expect(s).toMatchObject({ over: false, next: 2, wins: { A: 0, B: 1 } });
	});

	it('keeps the game in play going when the match clock runs out (its own time-up decides it)', () => {
		const s = matchStanding(sides, [won('A', { A: 150, B: 0 }), playing()], rule, 0);
		expect(s).toMatchObject({ over: false, playing: 2, timeUp: true });
	});

	it('decides the match by games won once its time is up between games', () => {
		const s = matchStanding(sides, [won('A', { A: 60, B: 150 })], rule, 0);
		expect(s).toMatchObject({ over: true, winner: 'A', decidedBy: 'games', timeUp: true });
	});

	it('breaks equal games won by the points over the match when time is up', () => {
		const games = [won('A', { A: 150, B: 100 }), won('B', { A: 40, B: 45 }, 'time-up')];
		expect(matchStanding(sides, games, rule, 0)).toMatchObject({
			over: true,
			winner: 'A',
			decidedBy: 'points',
			points: { A: 190, B: 145 }
		});
	});

	it('is tied when games and points are equal as time runs out', () => {
		const games = [won('A', { A: 150, B: 100 }), won('B', { A: 100, B: 150 })];
		expect(matchStanding(sides, games, rule, 0)).toMatchObject({
			over: true,
			winner: null,
			decidedBy: null
		});
	});

	it('counts a shared game for nobody', () => {
		const shared: MatchGame = { over: true, winners: ['A', 'B'], endCause: 'end', totals: {} };
		expect(matchStanding(sides, [shared], rule, TIME)).toMatchObject({
			wins: { A: 0, B: 0 },
			next: 2
		});
	});
});

describe('assertNextGame', () => {
	it('gives the number of the next game', () => {
		expect(assertNextGame(matchStanding(sides, [won('A', {})], rule, TIME))).toBe(2);
	});

	it.each<[string, MatchGame[], string]>([
		['a game is in play', [playing()], 'game-in-play'],
		['the match is decided', [won('A', {}), won('A', {})], 'match-over']
	])('refuses while %s', (_, games, code) => {
		expect(() => assertNextGame(matchStanding(sides, games, rule, TIME))).toThrow(
			expect.objectContaining({ code })
		);
	});
});
