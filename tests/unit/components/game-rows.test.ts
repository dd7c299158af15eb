import { describe, expect, it } from 'vitest';
import { gameRow, UNKNOWN_PLAYER } from '$lib/components/game-rows';
import type { GameRecord } from '$lib/card/records';
import { replay } from '$lib/rules/game';
import type { GameEvent, RulesetId } from '$lib/rules/types';
import { toSetup } from '$lib/card/records';

const names = new Map([
	['a', { name: 'Ana' }],
	['b', { name: 'Ben' }],
	['c', { name: 'Cy' }],
	['d', { name: 'Di' }]
]);

function game(change: Partial<GameRecord> = {}): GameRecord {
	return {
		id: 'g1',
		rulesetId: 'classroom',
		options: { target: null },
		seats: ['a', 'b', 'c'],
		sides: null,
		status: 'in-progress',
		createdAt: '2025-03-12T14:00:00.000Z',
		updatedAt: '2025-03-12T14:00:00.000Z',
		finishedAt: null,
		leagueId: null,
		sessionId: null,
		deviceId: 'device',
		voidedAt: null,
		voidReason: null,
		signedAt: null,
		fingerprint: null,
		result: null,
		...change
	};
}

const row = (g: GameRecord, events: GameEvent[] = []) =>
	gameRow(g, replay(toSetup(g), events), names);

describe('gameRow', () => {
	it('lists each player with their total and the hand being played', () => {
		const g = game();
		const r = row(g, [
			{ id: '1', type: 'score', player: 'b', count: 10 },
			{
				id: '2',
				type: 'hand-end',
				outcome: 'domino',
				wentOut: 'a',
				hands: { b: { pips: 12, tiles: 2 }, c: { pips: 14, tiles: 3 } }
			}
		]);
		expect(r).toEqual({
			id: 'g1',
			ruleset: 'Classroom Muggins',
			sides: [
				{ label: 'a', names: 'Ana', total: 5, won: false },
				{ label: 'b', names: 'Ben', total: 10, won: false },
				{ label: 'c', names: 'Cy', total: 0, won: false }
			],
			hand: 2,
			startedAt: '2025-03-12T14:00:00.000Z',
			finishedAt: null
		});
	});

	it('names partners together and marks the winners of a finished game', () => {
		const g = game({
			rulesetId: 'edge-muggins' as RulesetId,
			options: { target: 61 },
			seats: ['a', 'b', 'c', 'd'],
			sides: [
				['a', 'c'],
				['b', 'd']
			],
			status: 'finished',
			finishedAt: '2025-03-12T15:00:00.000Z'
		});
		const r = row(g, [
			{ id: '1', type: 'score', player: 'c', count: 10 },
			{ id: '2', type: 'end' }
		]);
		expect(r.sides).toEqual([
			{ label: 'a+c', names: 'Ana & Cy', total: 2, won: true },
			{ label: 'b+d', names: 'Ben & Di', total: 0, won: false }
		]);
		expect(r.hand).toBeNull();
		expect(r.finishedAt).toBe('2025-03-12T15:00:00.000Z');
	});

	it('shows a player this device does not know as unknown', () => {
		const g = game({ seats: ['a', 'zed'] });
		expect(row(g).sides.map((s) => s.names)).toEqual(['Ana', UNKNOWN_PLAYER]);
	});
});
