import { describe, expect, it } from 'vitest';
import { byPlay, inPlayOrder, withDate } from '$lib/card/play-order';
import type { FiguresRecord } from '$lib/card/records';

/** A counted card of session `sessionId` (or none) that ended at `endedAt`. */
function card(gameId: string, sessionId: string | null, endedAt: string): FiguresRecord {
	return { gameId, leagueId: 'L', sessionId, endedAt, players: [], rows: [] };
}

describe('withDate: the day a card counts for', () => {
	const dates = new Map([['S1', '2026-01-05']]);
	it.each([
		{ why: "its session's day", sessionId: 'S1', date: '2026-01-05' },
		{ why: 'the day it ended, with no session', sessionId: null, date: '2026-01-12' },
		{ why: 'the day it ended, its session gone', sessionId: 'S9', date: '2026-01-12' }
	])('$why', ({ sessionId, date }) => {
		expect(withDate(card('g', sessionId, '2026-01-12T10:00:00.000Z'), dates).date).toBe(date);
	});
});

describe('byPlay: the order a term is replayed in', () => {
	it.each([
		{ why: 'day first', a: ['2026-01-05', 'T2', 'b'], b: ['2026-01-06', 'T1', 'a'], sign: -1 },
		{
			why: 'then when it ended',
			a: ['2026-01-05', 'T2', 'a'],
			b: ['2026-01-05', 'T1', 'b'],
			sign: 1
		},
		{ why: 'then game id', a: ['2026-01-05', 'T1', 'a'], b: ['2026-01-05', 'T1', 'b'], sign: -1 },
		{ why: 'equal', a: ['2026-01-05', 'T1', 'a'], b: ['2026-01-05', 'T1', 'a'], sign: 0 }
	])('$why', ({ a, b, sign }) => {
		const [x, y] = [a, b].map(([date = '', endedAt = '', gameId = '']) => ({
			date,
			endedAt,
			gameId
		}));
		expect(Math.sign(byPlay(x!, y!))).toBe(sign);
	});
});

describe('inPlayOrder: standings cards in the order of their figures', () => {
	it('follows the figures, and puts a card with none by day, then game id', () => {
		const order = inPlayOrder([{ gameId: 'late-id' }, { gameId: 'early-id' }]);
		const rows = [
			{ gameId: 'zeta', date: '2026-01-01' },
			{ gameId: 'early-id', date: '2026-01-09' },
			{ gameId: 'alpha', date: '2026-01-01' },
			{ gameId: 'late-id', date: '2026-01-09' }
		];
		expect([...rows].sort(order).map((r) => r.gameId)).toEqual([
			'alpha',
			'zeta',
			'late-id',
			'early-id'
		]);
	});
});
