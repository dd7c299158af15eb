import { describe, expect, it } from 'vitest';
import { gameLabel, gradebookSheet } from '$lib/export/sheets';
import type { StandingsRow } from '$lib/rules/standings';

describe('gameLabel', () => {
	it.each<[string, number | null, number | null, string]>([
		['2026-11-03', 2, 1, 'Tue 3 Nov 2026, Session 2, Group 1'],
		['2026-01-14', 1, 12, 'Wed 14 Jan 2026, Session 1, Group 12'],
		['2026-02-28', 3, null, 'Sat 28 Feb 2026, Session 3'],
		['2026-12-31', null, null, 'Thu 31 Dec 2026, outside sessions']
	])('names the game of %s, session %s, group %s', (day, session, group, label) => {
		expect(gameLabel(day, session, group)).toBe(label);
	});

	it('leaves a day it cannot read as it is', () => {
		expect(gameLabel('someday', null, null)).toBe('someday, outside sessions');
	});
});

describe('gradebookSheet', () => {
	const row = (player: string, played: number, won: number, shared: number, points: number) =>
		({ player, played, won, shared, points }) as StandingsRow;

	it('gives every student of the roster a row in roster order, zeros for no games', () => {
		const sheet = gradebookSheet(
			['a', 'b', 'c'],
			[row('c', 2, 1, 1, 25), row('a', 1, 1, 0, 30)],
			(p) => ({ a: 'Ana', b: 'Ben', c: 'Cara' })[p] ?? '?',
			(p) => (p === 'b' ? '' : `S-${p}`)
		);
		expect(sheet.header).toEqual([
			'Student id',
			'Student',
			'Games played',
			'Won',
			'Shared wins',
			'Points'
		]);
		expect(sheet.rows).toEqual([
			['S-a', 'Ana', 1, 1, 0, 30],
			['', 'Ben', 0, 0, 0, 0],
			['S-c', 'Cara', 2, 1, 1, 25]
		]);
	});
});
