import { describe, expect, it } from 'vitest';
import type { DatedFigures } from '$lib/card/play-order';
import { HELP_MIN_GAMES, insightLines, TermFold, oftenMissing } from '$lib/league/class-insights';
import { noLearning, type Learning } from '$lib/rules/insights/learning';
import { ratings } from '$lib/rules/insights/ratings';
import { card } from '../rules/insights/cards';

/** Every student's counting over `figures`, folded in one batch. */
const termLearning = (figures: readonly DatedFigures[]) => new TermFold().add(figures).learnt;

/** A kept card whose players counted as `rows` say (null: the log could not be read). */
function kept(gameId: string, rows: Record<string, Partial<Learning> | null>): DatedFigures {
	return {
		gameId,
		leagueId: 'L',
		sessionId: null,
		endedAt: '2026-01-10T10:00:00.000Z',
		date: '2026-01-10',
		players: Object.keys(rows),
		rows: Object.entries(rows).map(([player, l]) => ({
			player,
			side: player,
			points: 0,
			place: 1,
			result: 'won',
			learning: l ? { ...noLearning(), ...l } : null
		}))
	};
}

describe('oftenMissing', () => {
	const figures = [
		kept('g1', {
			Ana: { countsMade: 4, countsMissed: 1 },
			Ben: { countsMade: 1, countsMissed: 2 }
		}),
		kept('g2', { Ana: { countsMade: 4 }, Ben: { countsMade: 2, countsMissed: 1 }, Cleo: null }),
		kept('g3', { Ana: { countsMade: 3 }, Ben: { countsMissed: 1 }, Dev: { countsMissed: 5 } })
	];

	it.each<[string, number, Partial<Learning> | undefined]>([
		['Ana', 3, { countsMade: 11, countsMissed: 1 }],
		['Ben', 3, { countsMade: 3, countsMissed: 4 }],
		['Dev', 1, { countsMissed: 5 }]
	])('adds up %s’s counting over %i games', (player, games, learning) => {
		const mine = termLearning(figures).get(player);
		expect(mine?.games).toBe(games);
		expect(mine?.learning).toMatchObject(learning!);
	});

	it('leaves out a card whose log could not be read', () => {
		expect(termLearning(figures).has('Cleo')).toBe(false);
	});

	it('adds up the same a batch at a time, and leaves the figures as they were', () => {
		const before = structuredClone(figures);
		const folded = new TermFold().add(figures.slice(0, 1)).add(figures.slice(1)).learnt;
		expect(folded).toEqual(termLearning(figures));
		expect(figures).toEqual(before);
	});

	it(`lists who missed 1 count in 5 or more, over ${HELP_MIN_GAMES} games or more, most first`, () => {
		// Ana missed 1 of 12 (under 1 in 5); Dev missed all, but in one game only.
		const listed = oftenMissing(termLearning(figures).values());
		expect(listed.map((h) => [h.player, h.share])).toEqual([['Ben', 4 / 7]]);
	});
});

describe('insightLines', () => {
	it('gives each student of the roster, in its order, rating, streaks and counting', () => {
		const counted = [
			card('g1', '2026-01-10', { Ana: 30, Ben: 10 }),
			card('g2', '2026-01-11', { Ana: 5, Ben: 20 })
		];
		const term = new TermFold().add([
			kept('g1', { Ana: { countsMade: 2, stealsMade: 1 }, Ben: { countsMissed: 1 } })
		]);
		const lines = insightLines(['Zoe', 'Ben', 'Ana'], counted, ratings(counted), term);
		expect(lines.map((l) => [l.player, l.rating, l.ratedGames, l.streaks, l.games])).toEqual([
			['Zoe', null, 0, { current: 0, longest: 0 }, 0],
			['Ben', null, 2, { current: 1, longest: 1 }, 1],
			['Ana', null, 2, { current: 0, longest: 1 }, 1]
		]);
		expect(lines[2]!.learning).toMatchObject({ countsMade: 2, stealsMade: 1 });
		expect(lines[1]!.learning).toMatchObject({ countsMissed: 1 });
	});
});
