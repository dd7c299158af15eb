import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FiguresRecord } from '$lib/card/records';
import {
	addWins,
	keyOf,
	keysOf,
	totalsChange,
	totalsOf,
	type CardOnDay,
	type Wins
} from '$lib/card/totals';
import { noLearning, type Learning } from '$lib/rules/insights/learning';

function learnt(countsMade: number, countsMissed: number): Learning {
	return { ...noLearning(), countsMade, countPoints: 5 * countsMade, countsMissed };
}

/** A counted card of league `leagueId` on `date`: each player's points and counting. */
function on(
	date: string,
	gameId: string,
	rows: [string, number, Learning | null, ('won' | 'shared' | 'lost')?][],
	leagueId = 'L'
): CardOnDay {
	const figures: FiguresRecord = {
		gameId,
		leagueId,
		sessionId: null,
		endedAt: `${date}T10:00:00.000Z`,
		players: rows.map(([p]) => p),
		rows: rows.map(([player, points, learning, result = 'won']) => ({
			player,
			side: player,
			points,
			place: 1,
			result,
			learning
		}))
	};
	return { figures, date };
}

const NONE = { students: new Map(), days: new Map() };

describe('totalsOf: a league added up per student and per day', () => {
	it.each([
		{
			name: 'one card: each player once, the day once',
			cards: [
				on('2026-01-10', 'g1', [
					['Ben', 20, learnt(1, 0)],
					['Ana', 35, learnt(2, 1)]
				])
			],
			ana: {
				games: 1,
				points: 35,
				won: 1,
				shared: 0,
				learnedGames: 1,
				countsMade: 2,
				countsMissed: 1
			},
			days: [
				[
					'2026-01-10',
					[
						['Ana', 1, 35],
						['Ben', 1, 20]
					]
				]
			]
		},
		{
			name: 'two days, and a card whose counting could not be read',
			cards: [
				on('2026-01-10', 'g1', [
					['Ana', 35, learnt(2, 1)],
					['Ben', 20, learnt(1, 0)]
				]),
				on('2026-01-10', 'g2', [
					['Ana', 15, null, 'shared'],
					['Cleo', 40, null, 'shared']
				]),
				on('2026-01-12', 'g3', [
					['Ana', 50, learnt(3, 0), 'lost'],
					['Ben', 10, learnt(0, 2)]
				])
			],
			ana: {
				games: 3,
				points: 100,
				won: 2,
				shared: 1,
				learnedGames: 2,
				countsMade: 5,
				countsMissed: 1
			},
			days: [
				[
					'2026-01-10',
					[
						['Ana', 2, 50],
						['Ben', 1, 20],
						['Cleo', 1, 40]
					]
				],
				[
					'2026-01-12',
					[
						['Ana', 1, 50],
						['Ben', 1, 10]
					]
				]
			]
		}
	])('$name', ({ cards, ana, days }) => {
		const totals = totalsOf(cards);
		const mine = totals.students.find((s) => s.player === 'Ana')!;
		expect({
			games: mine.games,
			points: mine.points,
			won: mine.won,
			shared: mine.shared,
			learnedGames: mine.learnedGames,
			countsMade: mine.learning.countsMade,
			countsMissed: mine.learning.countsMissed
		}).toEqual(ana);
		expect(
			totals.days.map((d) => [d.date, d.players.map((p) => [p.player, p.games, p.points])])
		).toEqual(days);
	});
});

describe('totalsChange', () => {
	const g1 = on('2026-01-10', 'g1', [
		['Ana', 35, learnt(2, 1)],
		['Ben', 20, learnt(1, 0)]
	]);
	const g2 = on('2026-01-11', 'g2', [
		['Ana', 10, learnt(0, 3)],
		['Cleo', 40, learnt(4, 0)]
	]);
	const held = (cards: CardOnDay[]) => {
		const { students, days } = totalsOf(cards);
		return {
			students: new Map(students.map((s) => [keyOf([s.leagueId, s.player]), s])),
			days: new Map(days.map((d) => [keyOf([d.leagueId, d.date]), d]))
		};
	};

	it('a voided card leaves: a student and a day with nothing left are deleted', () => {
		const change = totalsChange([g2], [], held([g1, g2]));
		expect(change.noStudents).toEqual([['L', 'Cleo']]);
		expect(change.noDays).toEqual([['L', '2026-01-11']]);
		expect(change.students.map((s) => [s.player, s.games, s.points])).toEqual([['Ana', 1, 35]]);
		expect(change.days).toEqual([]);
	});

	it('a corrected card is taken out as it was and added as it is', () => {
		const corrected = on('2026-01-10', 'g1', [
			['Ana', 40, learnt(2, 1)],
			['Ben', 20, learnt(1, 0)]
		]);
		const change = totalsChange([g1], [corrected], held([g1, g2]));
		expect(change.students.find((s) => s.player === 'Ana')).toMatchObject({ games: 2, points: 50 });
		expect(change.days[0]!.players).toEqual([
			{ player: 'Ana', games: 1, points: 40 },
			{ player: 'Ben', games: 1, points: 20 }
		]);
	});

	it("a card moved to another league leaves the first league's totals for the other's", () => {
		const moved = { ...g1, figures: { ...g1.figures, leagueId: 'M' } };
		const change = totalsChange([g1], [moved], held([g1]));
		expect(change.noStudents).toEqual([
			['L', 'Ana'],
			['L', 'Ben']
		]);
		expect(change.students.map((s) => [s.leagueId, s.player])).toEqual([
			['M', 'Ana'],
			['M', 'Ben']
		]);
		expect(change.noDays).toEqual([['L', '2026-01-10']]);
	});

	it('names each record it touches once (keysOf)', () => {
		expect(keysOf([g1, g2])).toEqual({
			students: [
				['L', 'Ana'],
				['L', 'Ben'],
				['L', 'Cleo']
			],
			days: [
				['L', '2026-01-10'],
				['L', '2026-01-11']
			]
		});
	});

	it('leaves the held records as they were (it works on copies)', () => {
		const before = held([g1, g2]);
		const copy = structuredClone([...before.days.values()]);
		totalsChange([g1], [], before);
		expect([...before.days.values()]).toEqual(copy);
	});

	it('any cards added then some taken out equal the rest added up from nothing', () => {
		const card = fc
			.tuple(
				fc.integer({ min: 10, max: 14 }),
				fc.uniqueArray(fc.constantFrom('Ana', 'Ben', 'Cleo', 'Dev'), {
					minLength: 2,
					maxLength: 4
				}),
				fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 4, maxLength: 4 }),
				fc.boolean()
			)
			.map(
				([day, players, points, read]) =>
					(gameId: string) =>
						on(
							`2026-01-${day}`,
							gameId,
							players.map((p, i) => [p, points[i]!, read ? learnt(points[i]! % 3, i) : null])
						)
			);
		fc.assert(
			fc.property(fc.array(fc.tuple(card, fc.boolean()), { maxLength: 12 }), (made) => {
				const cards = made.map(([make], i) => make(`g${i}`));
				const out = cards.filter((_, i) => made[i]![1]);
				const kept = cards.filter((_, i) => !made[i]![1]);
				const change = totalsChange(out, [], held(cards));
				const after = totalsOf(kept);
				const byKey = (s: { leagueId: string; player: string }) => s.player;
				expect(change.students.map(byKey).sort()).toEqual(
					after.students
						.map(byKey)
						.filter((p) => change.students.some((s) => s.player === p))
						.sort()
				);
				for (const s of change.students) {
					expect(s).toEqual(after.students.find((a) => a.player === s.player));
				}
				for (const d of change.days) {
					expect(d).toEqual(after.days.find((a) => a.date === d.date));
				}
				for (const [, date] of change.noDays) {
					expect(after.days.some((a) => a.date === date)).toBe(false);
				}
			})
		);
	});
});

describe('totalsChange from no held records', () => {
	it('adds a first card', () => {
		const change = totalsChange([], [on('2026-01-10', 'g1', [['Ana', 5, null]])], NONE);
		expect(change.students).toEqual([
			{
				leagueId: 'L',
				player: 'Ana',
				games: 1,
				points: 5,
				won: 1,
				shared: 0,
				learnedGames: 0,
				learning: noLearning()
			}
		]);
	});
});

describe("addWins: schema version 18's games won and shared", () => {
	it.each([
		{ name: 'no card', cards: [] as CardOnDay[], ana: undefined },
		{
			name: 'a win, a shared win and a loss',
			cards: [
				on('2026-01-10', 'g1', [['Ana', 20, null, 'won']]),
				on('2026-01-11', 'g2', [['Ana', 10, null, 'shared']]),
				on('2026-01-12', 'g3', [['Ana', 5, null, 'lost']])
			],
			ana: { won: 2, shared: 1 }
		},
		{
			name: 'only losses: counted, with nothing won',
			cards: [on('2026-01-12', 'g3', [['Ana', 5, null, 'lost']])],
			ana: { won: 0, shared: 0 }
		}
	])('$name', ({ cards, ana }) => {
		const wins = new Map<string, Wins>();
		addWins(
			wins,
			cards.map((c) => c.figures)
		);
		expect(wins.get(keyOf(['L', 'Ana']))).toEqual(ana);
	});

	it('keeps each league apart, ids like __proto__ included, and adds to what it holds', () => {
		const wins = new Map<string, Wins>([[keyOf(['L', '__proto__']), { won: 3, shared: 1 }]]);
		addWins(wins, [
			on('2026-01-10', 'g1', [['__proto__', 20, null, 'shared']]).figures,
			on('2026-01-10', 'g2', [['__proto__', 20, null, 'won']], 'M').figures
		]);
		expect(wins.get(keyOf(['L', '__proto__']))).toEqual({ won: 4, shared: 2 });
		expect(wins.get(keyOf(['M', '__proto__']))).toEqual({ won: 1, shared: 0 });
	});

	it('agrees with the totals added up from nothing', () => {
		const cards = [
			on('2026-01-10', 'g1', [
				['Ana', 20, null, 'won'],
				['Ben', 5, null, 'lost']
			]),
			on('2026-01-11', 'g2', [
				['Ana', 10, null, 'shared'],
				['Ben', 10, null, 'shared']
			])
		];
		const wins = new Map<string, Wins>();
		addWins(
			wins,
			cards.map((c) => c.figures)
		);
		for (const s of totalsOf(cards).students) {
			expect(wins.get(keyOf([s.leagueId, s.player]))).toEqual({ won: s.won, shared: s.shared });
		}
	});
});
