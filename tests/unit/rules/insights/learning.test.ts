import { describe, expect, it } from 'vitest';
import { replay } from '$lib/rules/game';
import { addLearning, learningOf, noLearning, type Learning } from '$lib/rules/insights/learning';
import type { GameEvent, GameSetup, NewGameEvent } from '$lib/rules/types';

const classroom: GameSetup = { ruleset: 'classroom', players: ['Ana', 'Ben', 'Cleo'] };

function ids(events: NewGameEvent[]): GameEvent[] {
	return events.map((e, i) => ({ ...e, id: `e${i}` }) as GameEvent);
}

const played = ids([
	{ type: 'score', player: 'Ana', count: 10 },
	{ type: 'score', player: 'Ben', count: 15 },
	{ type: 'muggins', by: 'Cleo', from: 'Ana', count: 5 },
	{ type: 'score', player: 'Ana', count: 20 },
	{ type: 'void', target: 'e3' },
	{ type: 'score', player: 'Cleo', count: 5 },
	{
		type: 'hand-end',
		outcome: 'domino',
		wentOut: 'Ben',
		hands: { Ana: { pips: 12, tiles: 2 }, Cleo: { pips: 9, tiles: 1 } }
	}
]);

describe('learningOf', () => {
	const figures = learningOf(replay(classroom, played));

	it.each<[string, Partial<Learning>]>([
		// Ana's 20 was undone; Cleo took the 5 she missed.
		['Ana', { countsMade: 1, countPoints: 10, countsMissed: 1, missedPoints: 5, stealsMade: 0 }],
		// The bonus: (12 + 9) rounded to 20, divided by 5.
		['Ben', { countsMade: 1, countPoints: 15, bonuses: 1, bonusPoints: 4 }],
		['Cleo', { countsMade: 1, countPoints: 5, stealsMade: 1, stealPoints: 5, countsMissed: 0 }]
	])('counts what %s made, took and missed', (player, expected) => {
		expect(figures.get(player)).toMatchObject(expected);
	});

	it('lists every seated player, with zeros for one who did nothing', () => {
		const quiet = learningOf(replay(classroom, []));
		expect([...quiet.keys()]).toEqual(['Ana', 'Ben', 'Cleo']);
		expect(quiet.get('Ben')).toEqual(noLearning());
	});

	it('gives partners the side’s bonus each, in team play', () => {
		const teams: GameSetup = {
			ruleset: 'edge-muggins',
			players: ['A', 'B', 'C', 'D'],
			sides: [
				['A', 'C'],
				['B', 'D']
			]
		};
		const state = replay(
			teams,
			ids([
				{
					type: 'hand-end',
					outcome: 'domino',
					wentOut: 'A',
					hands: { B: { pips: 20, tiles: 3 }, C: { pips: 4, tiles: 1 }, D: { pips: 10, tiles: 2 } }
				}
			])
		);
		const bonusOf = (p: string) => learningOf(state).get(p)?.bonusPoints;
		expect(bonusOf('A')).toBeGreaterThan(0);
		expect(bonusOf('C')).toBe(bonusOf('A'));
		expect(bonusOf('B')).toBe(0);
	});
});

describe('addLearning', () => {
	it('adds figure by figure', () => {
		const one = { ...noLearning(), countsMade: 2, countPoints: 25, countsMissed: 1 };
		const two = { ...noLearning(), countsMade: 1, countPoints: 10, stealsMade: 3 };
		expect(addLearning(one, two)).toEqual({
			...noLearning(),
			countsMade: 3,
			countPoints: 35,
			countsMissed: 1,
			stealsMade: 3
		});
	});
});
