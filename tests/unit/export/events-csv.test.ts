import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRows } from '$lib/export/csv';
import { eventsCsv } from '$lib/export/events-csv';
import { eventsSheet, type LoggedGame } from '$lib/export/sheets';
import type { KeptEvent } from '$lib/card/records';
import type { GameEvent } from '$lib/rules/types';

/** Text a CSV writer must take care with: separators, quotes, line ends, formula starts. */
const nasty = fc.oneof(
	fc.string({ maxLength: 8 }),
	fc.string({
		unit: fc.constantFrom('a', ' ', ',', '"', '\r', '\n', '\uFEFF', '=', '+', '-', '@', '\t', 'é'),
		maxLength: 8
	}),
	fc.constantFrom('', ' ', '=1', '"', '-0', ' x', 'x ', 'López, Ana')
);

const players = ['p1', 'p2', 'p3', '', 'unknown'];
const player = fc.constantFrom(...players);

const event: fc.Arbitrary<GameEvent> = fc.oneof(
	fc.record({
		id: nasty,
		type: fc.constant('score'),
		player,
		count: fc.constantFrom(5, 10, 15, 20)
	}),
	fc.record({
		id: nasty,
		type: fc.constant('muggins'),
		by: player,
		from: player,
		count: fc.constantFrom(5, 10, 15)
	}),
	fc.record(
		{
			id: nasty,
			type: fc.constant('hand-end'),
			outcome: fc.constantFrom('domino', 'blocked'),
			wentOut: player,
			hands: fc.constant({ p1: { pips: 3, tiles: 1 }, p2: { dominoes: ['5-5', '0-1'] } }),
			spinner: nasty
		},
		{ requiredKeys: ['id', 'type', 'outcome', 'hands'] }
	),
	fc.record({
		id: nasty,
		type: fc.constantFrom('adjust', 'correct'),
		player,
		points: fc.oneof(fc.integer(), fc.double()),
		note: nasty
	}),
	fc.record({ id: nasty, type: fc.constant('time-up') }),
	fc.record({
		id: nasty,
		type: fc.constant('penalty'),
		player,
		kind: fc.constantFrom('slow-play', 'passed-could-play', 'bogus-play')
	}),
	fc.record(
		{ id: nasty, type: fc.constant('end'), reason: nasty },
		{ requiredKeys: ['id', 'type'] }
	),
	fc.record({ id: nasty, type: fc.constant('void'), target: nasty })
) as fc.Arbitrary<GameEvent>;

const kept: fc.Arbitrary<KeptEvent> = fc.record({
	seq: fc.integer({ min: 1, max: 999 }),
	event,
	at: fc.constantFrom('2026-03-27T10:00:00.000Z', '', '=now'),
	deviceId: fc.constantFrom('dev-1', 'dev,2', ''),
	redoOf: fc.oneof(fc.constant(null), nasty)
});

const game: fc.Arbitrary<LoggedGame> = fc.record({
	line: fc.record({
		gameId: fc.constant('g'),
		number: fc.integer({ min: 1, max: 9999 }),
		place: nasty,
		date: fc.constantFrom('2026-03-27', '=1'),
		status: fc.constantFrom('in-progress', 'unsigned', 'signed', 'changed', 'voided'),
		counts: fc.boolean(),
		voidReason: fc.oneof(fc.constant(null), nasty),
		rulesetId: fc.constantFrom('classroom', 'udl', 'fives-and-threes'),
		hands: fc.nat(9),
		seats: fc.constant(['p1', 'p2']),
		sides: fc.constant([]),
		winners: fc.constant([]),
		over: fc.boolean()
	}),
	events: fc.array(kept, { maxLength: 6 }),
	// Some events undone (by id, as `voided` maps them), one by an empty void id.
	voided: fc.dictionary(nasty, fc.constantFrom('v1', ''), { maxKeys: 3 })
});

/** Names with every character a cell must quote or defuse; one player without a name. */
const names = new Map([
	['p1', 'López, Ana'],
	['p2', '=Ben "Bones"'],
	['p3', ' Cara\nSecond line ']
]);
const name = (id: string) => names.get(id) ?? 'Unknown player';
const idOf = (id: string) => (id === 'p1' ? '+00123' : id === 'p2' ? 'S-2' : '');

/** A signed, counted Classroom Muggins game of one hand, seating p1, on 3 Nov 2026. */
function signedLine(gameId: string, number: number, place: string): LoggedGame['line'] {
	return {
		gameId,
		number,
		place,
		date: '2026-11-03',
		status: 'signed',
		counts: true,
		voidReason: null,
		rulesetId: 'classroom',
		hands: 1,
		seats: ['p1'],
		sides: [],
		winners: [],
		over: true
	};
}

describe('eventsCsv', () => {
	it('writes the bytes csvRows writes of eventsSheet, on random games', () => {
		fc.assert(
			fc.property(fc.array(game, { maxLength: 4 }), (games) => {
				const sheet = eventsSheet(games, name, idOf);
				expect(eventsCsv(games, name, idOf)).toEqual({
					text: csvRows(sheet.rows),
					rows: sheet.rows.length
				});
			}),
			{ numRuns: 400 }
		);
	});

	it('writes nothing for no games, and no student ids by default', () => {
		expect(eventsCsv([], name)).toEqual({ text: '', rows: 0 });
		const games: LoggedGame[] = [
			{
				line: signedLine('g', 1, 'Tue 3 Nov 2026, Session 2, Group 1'),
				events: [
					{
						seq: 1,
						event: { id: 'e1', type: 'score', player: 'p1', count: 10 },
						at: 't',
						deviceId: 'd',
						redoOf: null
					}
				],
				voided: {}
			}
		];
		expect(eventsCsv(games, name).text).toBe(
			'2026-11-03,"Tue 3 Nov 2026, Session 2, Group 1",1,signed,yes,,Classroom Muggins,1,t,d,e1,score,,' +
				'"López, Ana",,10,,,,,,no,,"López, Ana 10",\r\n'
		);
	});
});
