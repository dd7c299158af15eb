import { describe, expect, it } from 'vitest';
import { narrate } from '$lib/rules/narrate';
import { getRuleset } from '$lib/rules/rulesets';
import type { GameEvent } from '$lib/rules/types';

const names: Record<string, string> = { A: 'Ana', B: 'Ben', C: 'Cara' };
const name = (p: string) => names[p] ?? p;

describe('narrate', () => {
	it.each<[string, GameEvent, string]>([
		['classroom', { id: '1', type: 'score', player: 'A', count: 15 }, 'Ana 15'],
		['edge-muggins', { id: '1', type: 'score', player: 'A', count: 15 }, 'Ana 15 (3 points)'],
		['fives-and-threes', { id: '1', type: 'score', player: 'A', count: 3 }, 'Ana 3 (1 point)'],
		[
			'classroom',
			{ id: '1', type: 'muggins', by: 'B', from: 'A', count: 10 },
			'Muggins! Ben scores the 10 Ana missed'
		],
		[
			'classroom',
			{ id: '1', type: 'hand-end', outcome: 'domino', wentOut: 'C', hands: {} },
			'Hand ended: Cara went out'
		],
		[
			'classroom',
			{ id: '1', type: 'hand-end', outcome: 'blocked', hands: {} },
			'Hand ended: blocked'
		],
		[
			'classroom',
			{ id: '1', type: 'adjust', player: 'B', points: -5, note: 'out of turn' },
			'Correction: Ben −5 (out of turn)'
		],
		[
			'udl',
			{ id: '1', type: 'penalty', player: 'B', kind: 'slow-play' },
			'Penalty: Ben, slow play'
		],
		['classroom', { id: '1', type: 'end', reason: 'Class is over' }, 'Game ended: Class is over'],
		['udl', { id: '1', type: 'time-up' }, 'Time is up']
	])('under %s says %j as %s', (id, event, want) => {
		expect(narrate(event, getRuleset(id), name)).toBe(want);
	});
});
