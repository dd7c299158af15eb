import { describe, expect, it } from 'vitest';
import { headToHead } from '$lib/rules/insights/head-to-head';
import { card } from './cards';

const league = [
	card('g3', '2026-01-12', { Ana: 40, Ben: 40, Cleo: 10 }),
	card('g1', '2026-01-10', { Ana: 150, Ben: 90, Cleo: 60 }),
	card('g2', '2026-01-11', { Ben: 120, Cleo: 100, Dev: 30 }),
	card('g4', '2026-01-13', { 'Ana+Ben': 61, 'Cleo+Dev': 35 }),
	card('g5', '2026-01-14', { Ana: 20, Dev: 50, Eli: 5 })
];

describe('headToHead', () => {
	it.each([
		['Ana', 'Ben', { first: 1, second: 0, level: 1, asPartners: 1 }, ['g1', 'g3']],
		['Ben', 'Ana', { first: 0, second: 1, level: 1, asPartners: 1 }, ['g1', 'g3']],
		['Ben', 'Cleo', { first: 4, second: 0, level: 0, asPartners: 0 }, ['g1', 'g2', 'g3', 'g4']],
		['Ana', 'Dev', { first: 1, second: 1, level: 0, asPartners: 0 }, ['g4', 'g5']],
		['Eli', 'Cleo', { first: 0, second: 0, level: 0, asPartners: 0 }, []]
	])('%s against %s', (a, b, counts, games) => {
		const found = headToHead(league, a, b);
		expect(found).toMatchObject(counts);
		expect(found.meetings.map((m) => m.gameId)).toEqual(games);
	});

	it('gives each one’s total and who was ahead, game by game', () => {
		expect(headToHead(league, 'Ana', 'Ben').meetings).toEqual([
			{ gameId: 'g1', date: '2026-01-10', totals: [150, 90], ahead: 'first' },
			{ gameId: 'g3', date: '2026-01-12', totals: [40, 40], ahead: 'level' }
		]);
	});

	it('finds nothing for a student against themself', () => {
		expect(headToHead(league, 'Ana', 'Ana').meetings).toEqual([]);
	});
});
