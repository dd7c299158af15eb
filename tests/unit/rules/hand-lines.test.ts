import { describe, expect, it } from 'vitest';
import { replay } from '$lib/rules/game';
import { playedHands, type HandLine } from '$lib/rules/hand-lines';
import type { GameEvent, GameSetup, NewGameEvent } from '$lib/rules/types';

function ids(events: NewGameEvent[]): GameEvent[] {
	return events.map((e, i) => ({ ...e, id: `e${i + 1}` }) as GameEvent);
}

// Player ids are any strings: names an object would inherit must still be plain sides.
const players = ['constructor', '__proto__', 'toString'];
const setup: GameSetup = { ruleset: 'classroom', players };
const [a, b, c] = players as [string, string, string];

describe('playedHands', () => {
	it.each<[string, NewGameEvent[], HandLine[]]>([
		[
			'a game not started',
			[],
			[
				{
					number: 1,
					play: [0, 0, 0],
					bonus: [0, 0, 0],
					adjust: [0, 0, 0],
					spinner: null,
					winner: null,
					settled: false
				}
			]
		],
		[
			'a settled hand with a steal, then a correction in the next',
			[
				{ type: 'score', player: a, count: 10 },
				{ type: 'muggins', by: b, from: a, count: 15 },
				{
					type: 'hand-end',
					outcome: 'domino',
					wentOut: b,
					hands: { [a]: { pips: 9, tiles: 2 }, [c]: { pips: 4, tiles: 1 } },
					spinner: '5-5'
				},
				{ type: 'adjust', player: c, points: -5, note: 'out of turn' }
			],
			[
				{
					number: 1,
					play: [10, 15, 0],
					bonus: [0, 3, 0],
					adjust: [0, 0, 0],
					spinner: '5-5',
					winner: b,
					settled: true
				},
				{
					number: 2,
					play: [0, 0, 0],
					bonus: [0, 0, 0],
					adjust: [0, 0, -5],
					spinner: null,
					winner: null,
					settled: false
				}
			]
		]
	])('%s', (_, events, hands) => {
		const played = playedHands(replay(setup, ids(events)));
		expect(played.sides).toEqual(players.map((p) => ({ label: p, players: [p] })));
		expect(played.hands).toEqual(hands);
		// Plain data: what IndexedDB stores and gives back the same.
		expect(structuredClone(played)).toEqual(played);
	});
});
