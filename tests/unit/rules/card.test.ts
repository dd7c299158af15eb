import { describe, expect, it } from 'vitest';
import { cardResult, cardStatus, type StatusInput } from '$lib/rules/card';
import { replay } from '$lib/rules/game';
import type { GameEvent } from '$lib/rules/types';

const FINISHED = '2026-01-12T09:45:00.000Z';

describe('cardResult', () => {
	it('sums up a finished classroom game: sides, totals, winner, hands played', () => {
		const events: GameEvent[] = [
			{ id: '1', type: 'score', player: 'A', count: 15 },
			{ id: '2', type: 'score', player: 'B', count: 10 },
			{
				id: '3',
				type: 'hand-end',
				outcome: 'domino',
				wentOut: 'A',
				hands: { B: { pips: 9, tiles: 2 }, C: { pips: 12, tiles: 3 } }
			},
			{ id: '4', type: 'score', player: 'C', count: 5 },
			{ id: '5', type: 'end' }
		];
		const state = replay({ ruleset: 'classroom', players: ['A', 'B', 'C'] }, events);
		expect(cardResult(state, FINISHED)).toEqual({
			ruleset: 'classroom',
			players: ['A', 'B', 'C'],
			sides: [
				{ label: 'A', players: ['A'], total: 19 },
				{ label: 'B', players: ['B'], total: 10 },
				{ label: 'C', players: ['C'], total: 5 }
			],
			winners: ['A'],
			hands: 1,
			endCause: 'end',
			finishedAt: FINISHED
		});
	});

	it('keeps teams as sides and a shared win as two winners', () => {
		const state = replay(
			{
				ruleset: 'edge-muggins',
				players: ['A', 'B', 'C', 'D'],
				sides: [
					['A', 'C'],
					['B', 'D']
				]
			},
			[{ id: '1', type: 'end' }]
		);
		const result = cardResult(state, FINISHED);
		expect(result.sides.map((s) => [s.label, s.players, s.total])).toEqual([
			['A+C', ['A', 'C'], 0],
			['B+D', ['B', 'D'], 0]
		]);
		expect(result.winners).toEqual(['A+C', 'B+D']);
		expect(result.hands).toBe(0);
	});

	it('refuses a game still being played', () => {
		const state = replay({ ruleset: 'classroom', players: ['A', 'B'] }, []);
		expect(() => cardResult(state, FINISHED)).toThrow(/not over/);
	});
});

describe('cardStatus', () => {
	const players = ['A', 'B', 'C'];
	const by = (fingerprints: Record<string, string>) =>
		Object.entries(fingerprints).map(([player, fingerprint]) => ({ player, fingerprint }));

	it.each<[string, string, Omit<StatusInput, 'players'>]>([
		['nobody signed', 'unsigned', { signatures: [], locked: null, current: 'f1' }],
		[
			'one of three signed',
			'signing',
			{ signatures: by({ A: 'f1' }), locked: null, current: 'f1' }
		],
		[
			'all signed, but one of them an earlier version',
			'signing',
			{ signatures: by({ A: 'f0', B: 'f1', C: 'f1' }), locked: null, current: 'f1' }
		],
		[
			'all signed this card and it is locked with it',
			'signed',
			{ signatures: by({ A: 'f1', B: 'f1', C: 'f1' }), locked: 'f1', current: 'f1' }
		],
		[
			'a stored event was changed after the card was locked',
			'changed-after-signing',
			{ signatures: by({ A: 'f1', B: 'f1', C: 'f1' }), locked: 'f1', current: 'f2' }
		],
		[
			'the lock was rewritten to the changed card',
			'changed-after-signing',
			{ signatures: by({ A: 'f1', B: 'f1', C: 'f1' }), locked: 'f2', current: 'f2' }
		],
		[
			'locked while a signature is missing',
			'changed-after-signing',
			{ signatures: by({ A: 'f1', B: 'f1' }), locked: 'f1', current: 'f1' }
		],
		[
			'a full set of signatures without the lock',
			'changed-after-signing',
			{ signatures: by({ A: 'f1', B: 'f1', C: 'f1' }), locked: null, current: 'f1' }
		],
		[
			'a signature by someone not at the table only',
			'unsigned',
			{ signatures: by({ Z: 'f1' }), locked: null, current: 'f1' }
		]
	])('%s: %s', (_, status, input) => {
		expect(cardStatus({ players, ...input })).toBe(status);
	});
});
