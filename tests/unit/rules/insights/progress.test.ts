import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	everyStreak,
	MIN_GAMES,
	RECENT_DAYS,
	mostImproved,
	mostImprovedOf,
	pointsByDay,
	streaks
} from '$lib/rules/insights/progress';
import { card } from './cards';

describe('streaks', () => {
	it.each([
		// Ana: won, won, shared (a win), lost, won.
		['Ana', { current: 1, longest: 3 }],
		['Ben', { current: 0, longest: 2 }], // lost, shared, won, lost
		['Dev', { current: 0, longest: 0 }],
		['Zoe', { current: 0, longest: 0 }]
	])('%s: %j', (player, expected) => {
		const cards = [
			card('g5', '2026-01-14', { Ana: 90, Ben: 30 }),
			card('g1', '2026-01-10', { Ana: 150, Ben: 90, Dev: 60 }),
			card('g2', '2026-01-11', { Ana: 120, Dev: 100 }),
			card('g3', '2026-01-12', { Ana: 40, Ben: 40 }),
			card('g4', '2026-01-13', { Ana: 20, Dev: 10, Ben: 50 })
		];
		expect(streaks(cards, player)).toEqual(expected);
	});
});

describe('pointsByDay', () => {
	it('gives the points per game of each day played', () => {
		const cards = [
			card('a', '2026-01-10', { Ana: 100, Ben: 90 }),
			card('b', '2026-01-10', { Ana: 50, Cleo: 90 }),
			card('c', '2026-01-12', { Ana: 30, Ben: 90 })
		];
		expect(pointsByDay(cards, 'Ana')).toEqual([
			{ date: '2026-01-10', games: 2, points: 150, perGame: 75 },
			{ date: '2026-01-12', games: 1, points: 30, perGame: 30 }
		]);
		expect(pointsByDay(cards, 'Zoe')).toEqual([]);
	});
});

describe('mostImproved', () => {
	const day = (n: number) => `2026-02-${String(n).padStart(2, '0')}`;
	/** Ana scores `early` then `late` points a game; Ben always 80; Cleo plays only late. */
	function term(early: number, late: number) {
		const cards = [];
		for (let d = 1; d <= 6; d++) {
			const ana = d <= 6 - RECENT_DAYS ? early : late;
			cards.push(card(`g${d}`, day(d), { Ana: ana, Ben: 80 }));
			if (d > 6 - RECENT_DAYS) cards.push(card(`c${d}`, day(d), { Cleo: 100, Ben: 80 }));
		}
		return cards;
	}

	it('ranks the gain in points per game, recent days against earlier ones', () => {
		expect(mostImproved(term(40, 100))).toEqual([
			{ player: 'Ana', before: 40, recent: 100, gain: 60 }
		]);
	});

	it.each([
		['nobody gained', term(100, 40)],
		['too few days of play', term(40, 100).filter((c) => c.date >= day(6 - RECENT_DAYS + 1))]
	])('is empty when %s', (_why, cards) => {
		expect(mostImproved(cards)).toEqual([]);
	});

	it(`leaves out a student with fewer than ${MIN_GAMES} games before the recent days`, () => {
		const cards = term(40, 100).filter((c) => !(c.gameId === 'g1' || c.gameId === 'g2'));
		expect(mostImproved(cards).map((i) => i.player)).not.toContain('Ana');
	});
});

describe('everyStreak', () => {
	it('gives every player the same streaks as `streaks` does, in one pass', () => {
		const cards = [
			card('g5', '2026-01-14', { Ana: 90, Ben: 30 }),
			card('g1', '2026-01-10', { Ana: 150, Ben: 90, Dev: 60 }),
			card('g2', '2026-01-11', { Ana: 120, Dev: 100 }),
			card('g3', '2026-01-12', { Ana: 40, Ben: 40 }),
			card('g4', '2026-01-13', { Ana: 20, Dev: 10, Ben: 50 })
		];
		const all = everyStreak(cards);
		expect([...all.keys()].sort()).toEqual(['Ana', 'Ben', 'Dev']);
		for (const player of ['Ana', 'Ben', 'Dev']) {
			expect(all.get(player)).toEqual(streaks(cards, player));
		}
		expect(all.get('Ana')).toEqual({ current: 1, longest: 3 });
	});
});

describe('mostImprovedOf: the most improved from kept totals', () => {
	it('finds the same students, in the same order, as mostImproved from the cards', () => {
		const player = fc.constantFrom('Ana', 'Ben', 'Cleo', 'Dev', 'Eli');
		const oneCard = fc.tuple(
			fc.integer({ min: 1, max: 9 }),
			fc.uniqueArray(player, { minLength: 2, maxLength: 4 }),
			fc.array(fc.integer({ min: 0, max: 150 }), { minLength: 4, maxLength: 4 })
		);
		fc.assert(
			fc.property(fc.array(oneCard, { maxLength: 40 }), (made) => {
				const cards = made.map(([day, players, points], i) =>
					card(
						`g${i}`,
						`2026-01-0${day}`,
						Object.fromEntries(players.map((p, j) => [p, points[j]!]))
					)
				);
				const term = new Map<string, { player: string; games: number; points: number }>();
				const days = new Map<
					string,
					Map<string, { player: string; games: number; points: number }>
				>();
				for (const c of cards) {
					for (const side of c.sides) {
						for (const p of side.players) {
							const t = term.get(p) ?? { player: p, games: 0, points: 0 };
							term.set(p, { player: p, games: t.games + 1, points: t.points + side.total });
							const day = days.get(c.date) ?? new Map();
							days.set(c.date, day);
							const d = day.get(p) ?? { player: p, games: 0, points: 0 };
							day.set(p, { player: p, games: d.games + 1, points: d.points + side.total });
						}
					}
				}
				const latest = [...days.keys()]
					.sort()
					.reverse()
					.slice(0, RECENT_DAYS + 1)
					.map((date) => ({ players: [...days.get(date)!.values()] }));
				expect(mostImprovedOf([...term.values()], latest)).toEqual(mostImproved(cards));
			}),
			{ numRuns: 300 }
		);
	});

	it('finds nobody while the league has played on no more than the recent days', () => {
		const day = { players: [{ player: 'Ana', games: 5, points: 100 }] };
		expect(mostImprovedOf([{ player: 'Ana', games: 15, points: 100 }], [day, day, day])).toEqual(
			[]
		);
	});
});
