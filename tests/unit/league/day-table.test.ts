import { describe, expect, it } from 'vitest';
import { dayTable } from '$lib/league/day-table';
import type { GroupStatus, GroupView } from '$lib/league/views';

/** A group whose game ended with `totals` by player (each player a side of one), the highest winning. */
function played(status: GroupStatus, totals: Record<string, number>): GroupView {
	const best = Math.max(...Object.values(totals));
	const sides = Object.entries(totals).map(([p, total]) => ({ label: p, players: [p], total }));
	return {
		index: 0,
		players: Object.keys(totals),
		gameId: 'g',
		status,
		sides,
		winners: sides.filter((s) => s.total === best).map((s) => s.label),
		hand: null,
		voidReason: null,
		received: false
	};
}

describe('the day’s table of a session', () => {
	it.each<[string, GroupView[], [string, number, number, number, number][]]>([
		['no group signed yet', [played('in-progress', { ana: 10, ben: 5 })], []],
		[
			'one signed card: the winner first',
			[played('signed', { ana: 10, ben: 25 })],
			[
				['ben', 1, 1, 1, 25],
				['ana', 2, 1, 0, 10]
			]
		],
		[
			'cards that do not count are left out',
			[
				played('signed', { ana: 10, ben: 25 }),
				played('unsigned', { ana: 50, cara: 0 }),
				played('changed', { ana: 50, cara: 0 }),
				played('voided', { ana: 50, cara: 0 }),
				played('handed-out', { ana: 50, cara: 0 })
			],
			[
				['ben', 1, 1, 1, 25],
				['ana', 2, 1, 0, 10]
			]
		],
		[
			'wins first, then points; a shared win is a win for each',
			[
				played('signed', { ana: 30, ben: 10, cara: 5 }),
				played('signed', { ben: 40, dan: 20 }),
				played('signed', { cara: 30, dan: 30 })
			],
			[
				['ben', 1, 2, 1, 50],
				['dan', 1, 2, 1, 50],
				['cara', 3, 2, 1, 35],
				['ana', 4, 1, 1, 30]
			]
		],
		[
			'two students level on wins and points',
			[played('signed', { ana: 20, ben: 5 }), played('signed', { cara: 20, dan: 5 })],
			[
				['ana', 1, 1, 1, 20],
				['cara', 1, 1, 1, 20],
				['ben', 3, 1, 0, 5],
				['dan', 3, 1, 0, 5]
			]
		]
	])('%s', (_, groups, expected) => {
		expect(dayTable(groups).map((r) => [r.player, r.place, r.played, r.won, r.points])).toEqual(
			expected
		);
	});
});
