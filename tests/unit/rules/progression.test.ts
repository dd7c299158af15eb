import { describe, expect, it } from 'vitest';
import { replay } from '$lib/rules/game';
import { progression } from '$lib/rules/progression';
import type { GameEvent, GameSetup, NewGameEvent } from '$lib/rules/types';

const setup: GameSetup = { ruleset: 'classroom', players: ['A', 'B', 'C'] };

function ids(events: NewGameEvent[]): GameEvent[] {
	return events.map((e, i) => ({ ...e, id: `e${i + 1}` }) as GameEvent);
}

describe('progression', () => {
	it('gives each side’s total at the start and after every hand, bonus and corrections included', () => {
		const state = replay(
			setup,
			ids([
				{ type: 'score', player: 'A', count: 10 },
				{
					type: 'hand-end',
					outcome: 'domino',
					wentOut: 'B',
					hands: { A: { pips: 9, tiles: 2 }, C: { pips: 4, tiles: 1 } }
				},
				{ type: 'score', player: 'C', count: 15 },
				{ type: 'adjust', player: 'A', points: -5, note: 'out of turn' },
				{ type: 'end' }
			])
		);
		expect(progression(state)).toEqual({
			hands: [0, 1, 2],
			series: [
				{ side: 'A', totals: [0, 10, 5] },
				{ side: 'B', totals: [0, 3, 3] },
				{ side: 'C', totals: [0, 0, 15] }
			]
		});
	});

	it('leaves out the empty hand a game ended on, and is flat before any score', () => {
		const state = replay(
			setup,
			ids([
				{ type: 'score', player: 'A', count: 10 },
				{
					type: 'hand-end',
					outcome: 'domino',
					wentOut: 'A',
					hands: { B: { pips: 0, tiles: 1 }, C: { pips: 2, tiles: 1 } }
				},
				{ type: 'end' }
			])
		);
		expect(progression(state).hands).toEqual([0, 1]);
		expect(progression(replay(setup, [])).series[0]).toEqual({ side: 'A', totals: [0] });
	});
});
