import { describe, expect, it } from 'vitest';
import type { StandingsRow } from '$lib/rules/standings';
import { SHOW_ALL, shownStandings } from '$lib/league/shown-standings';

function row(player: string, place: number, played: number): StandingsRow {
	return {
		player,
		played,
		won: 0,
		shared: 0,
		winRate: 0,
		points: 0,
		perGame: 0,
		place,
		tied: false,
		honour: null
	};
}

const rows = [row('a', 1, 3), row('b', 2, 3), row('c', 2, 2), row('d', 4, 1), row('e', 5, 0)];
const names = new Map([
	['a', 'Ana Bell'],
	['b', 'Ben Cole'],
	['c', 'Ana Diaz'],
	['d', 'Dev'],
	['e', 'Eli Fox']
]);

describe('shownStandings', () => {
	it.each([
		['everyone', SHOW_ALL, ['a', 'b', 'c', 'd', 'e']],
		['the top 2 places, ties kept', { ...SHOW_ALL, top: 2 }, ['a', 'b', 'c']],
		['students who have played', { ...SHOW_ALL, playedOnly: true }, ['a', 'b', 'c', 'd']]
	])('shows %s', (_what, options, players) => {
		expect(shownStandings(rows, names, options).rows.map((r) => r.player)).toEqual(players);
	});

	it('shortens names to first names, with an initial where two share one', () => {
		const { names: shown } = shownStandings(rows, names, { ...SHOW_ALL, firstNames: true });
		expect([...shown.values()]).toEqual(['Ana B.', 'Ben', 'Ana D.', 'Dev', 'Eli']);
	});
});
