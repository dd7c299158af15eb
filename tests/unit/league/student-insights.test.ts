import { describe, expect, it } from 'vitest';
import type { DatedFigures } from '$lib/card/play-order';
import { studentInsights } from '$lib/league/student-insights';
import { noLearning, type Learning } from '$lib/rules/insights/learning';
import { card } from '../rules/insights/cards';

/** A kept card of Ana's with her counting `mine` (the others' rows left out). */
function kept(gameId: string, date: string, mine: Partial<Learning> | null): DatedFigures {
	return {
		gameId,
		leagueId: 'L',
		sessionId: null,
		endedAt: `${date}T10:00:00.000Z`,
		date,
		players: ['Ana'],
		rows: [
			{
				player: 'Ana',
				side: 'Ana',
				points: 0,
				place: 1,
				result: 'won',
				learning: mine ? { ...noLearning(), ...mine } : null
			}
		]
	};
}

describe('studentInsights', () => {
	const counted = [
		card('g1', '2026-01-10', { Ana: 10, Ben: 4, Cleo: 2 }),
		card('g2', '2026-01-10', { Ana: 3, Ben: 8 }),
		card('g3', '2026-01-12', { Ana: 6, Cleo: 6 }),
		card('g4', '2026-01-12', { 'Ana+Dev': 9, 'Ben+Cleo': 5 }),
		card('g5', '2026-01-13', { Ben: 7, Cleo: 1 })
	];
	const figures = [
		kept('g1', '2026-01-10', { countsMade: 3, stealsMade: 1, countsMissed: 0 }),
		kept('g2', '2026-01-10', { countsMade: 1, countsMissed: 2, missedPoints: 4 }),
		kept('g3', '2026-01-12', null),
		kept('g4', '2026-01-12', { countsMade: 2, bonuses: 1, bonusPoints: 3 })
	];
	const found = studentInsights(counted, figures, 'Ana');

	it('adds up the counting of every card whose log could be read, and lists it game by game', () => {
		expect(found.learning).toMatchObject({
			countsMade: 6,
			stealsMade: 1,
			countsMissed: 2,
			missedPoints: 4,
			bonuses: 1,
			bonusPoints: 3
		});
		expect(found.games).toBe(3);
		expect(found.byGame.map((g) => [g.gameId, g.date, g.learning.countsMade])).toEqual([
			['g1', '2026-01-10', 3],
			['g2', '2026-01-10', 1],
			['g4', '2026-01-12', 2]
		]);
	});

	it('takes streaks and points per day from the counted cards (a shared win continues a streak)', () => {
		expect(found.streaks).toEqual({ current: 2, longest: 2 });
		expect(found.byDay).toEqual([
			{ date: '2026-01-10', games: 2, points: 13, perGame: 6.5 },
			{ date: '2026-01-12', games: 2, points: 15, perGame: 7.5 }
		]);
	});

	it('lists each opponent with who finished ahead, the most games first, partners apart', () => {
		expect(found.rivals).toEqual([
			// g1: ahead; g2: behind; g4: ahead (Ben was an opponent, Dev a partner).
			{ player: 'Ben', games: 3, ahead: 2, behind: 1, level: 0 },
			// g1: ahead; g3: level; g4: ahead.
			{ player: 'Cleo', games: 3, ahead: 2, behind: 0, level: 1 }
		]);
	});

	it('gives zeros and no rivals to a student with no counted card', () => {
		const none = studentInsights(counted, figures, 'Zoe');
		expect(none).toEqual({
			learning: noLearning(),
			games: 0,
			byGame: [],
			streaks: { current: 0, longest: 0 },
			byDay: [],
			rivals: []
		});
	});
});
