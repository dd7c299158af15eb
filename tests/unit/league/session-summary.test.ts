import { describe, expect, it } from 'vitest';
import type { FiguresRecord, PlayerRecord } from '$lib/card/records';
import { summarise } from '$lib/league/session-summary';
import type { GroupView, SessionView } from '$lib/league/views';
import { noLearning } from '$lib/rules/insights/learning';

const student = (id: string) => ({ id, name: id }) as PlayerRecord;

function group(index: number, players: string[], gameId: string | null): GroupView {
	return {
		index,
		players,
		gameId,
		status: gameId ? 'signed' : 'not-started',
		sides: [],
		winners: [],
		hand: null,
		voidReason: null,
		received: false
	};
}

/** Kept figures of `gameId`: each player's points and steals; the highest points win. */
function kept(gameId: string, rows: Record<string, [number, number]>): FiguresRecord {
	const best = Math.max(...Object.values(rows).map(([p]) => p));
	return {
		gameId,
		leagueId: 'L',
		sessionId: 'S',
		endedAt: '2026-01-12T10:00:00.000Z',
		players: Object.keys(rows),
		rows: Object.entries(rows).map(([player, [points, steals]]) => ({
			player,
			side: player,
			points,
			place: points === best ? 1 : 2,
			result: points === best ? 'won' : 'lost',
			learning: { ...noLearning(), stealsMade: steals }
		}))
	};
}

describe('summarise', () => {
	const view = {
		session: { present: ['Ana', 'Ben', 'Cleo', 'Dev', 'Eli'] },
		students: ['Ana', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus'].map(student),
		groups: [
			group(0, ['Ana', 'Ben'], 'g1'),
			group(1, ['Cleo', 'Dev'], 'g2'),
			group(2, ['Eli'], null),
			group(3, ['Fay'], 'g4')
		]
	} as unknown as SessionView;
	const summary = summarise(
		view,
		new Map([
			['g1', kept('g1', { Ana: [40, 1], Ben: [25, 2] })],
			['g2', kept('g2', { Cleo: [55, 0], Dev: [10, 1] })]
		])
	);

	it('lists who played (a started game) and who was absent, in roster order', () => {
		expect(summary.played).toEqual(['Ana', 'Ben', 'Cleo', 'Dev', 'Fay']);
		expect(summary.absent).toEqual(['Fay', 'Gus']);
	});

	it('adds up each counted group’s steals, none for a card that does not count yet', () => {
		expect(summary.groups.map((g) => g.steals)).toEqual([3, 1, null, null]);
	});

	it('names the day’s best game: the highest winning score', () => {
		expect(summary.best).toEqual({ group: 2, gameId: 'g2', winners: ['Cleo'], total: 55 });
		expect(summarise(view, new Map()).best).toBeNull();
	});
});
