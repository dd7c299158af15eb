import { describe, expect, it } from 'vitest';
import { applyEvent, checkTable, newGame, replay, replayLenient } from '$lib/rules/game';
import type { GameEvent, GameSetup, NewGameEvent } from '$lib/rules/types';

const classroom3: GameSetup = { ruleset: 'classroom', players: ['A', 'B', 'C'] };
const udl: GameSetup = { ruleset: 'udl', players: ['A', 'B'] };

function ids(events: NewGameEvent[]): GameEvent[] {
	return events.map((e, i) => ({ ...e, id: `e${i + 1}` }) as GameEvent);
}

function refusalOf(setup: GameSetup, events: GameEvent[]): string | undefined {
	return replayLenient(setup, events).refused[0]?.error.code;
}

describe('applyEvent', () => {
	it('never changes the state it is given', () => {
		const s0 = newGame(classroom3);
		const copy = structuredClone(s0);
		applyEvent(s0, { id: 'x', type: 'score', player: 'A', count: 10 });
		expect(() => applyEvent(s0, { id: 'y', type: 'score', player: 'A', count: 11 })).toThrow();
		expect(s0).toEqual(copy);
	});

	const held = { pips: 9, tiles: 2 };
	// The copy shares the hands before the current one: no event may change them, in the copy
	// or in the state it came from, whatever comes next.
	it.each<[string, NewGameEvent]>([
		['a score', { type: 'score', player: 'A', count: 10 }],
		['a steal', { type: 'muggins', by: 'B', from: 'A', count: 15 }],
		['a correction', { type: 'adjust', player: 'C', points: -5, note: 'out of turn' }],
		[
			'the end of a hand',
			{ type: 'hand-end', outcome: 'domino', wentOut: 'B', hands: { A: held, C: held } }
		],
		['the end of the game', { type: 'end' }]
	])('leaves every earlier state as it was after %s in a later hand', (_, next) => {
		const s1 = replay(
			classroom3,
			ids([
				{ type: 'score', player: 'A', count: 10 },
				{ type: 'hand-end', outcome: 'domino', wentOut: 'A', hands: { B: held, C: held } },
				{ type: 'hand-end', outcome: 'domino', wentOut: 'C', hands: { A: held, B: held } }
			])
		);
		const before = structuredClone(s1);
		const s2 = applyEvent(s1, { ...next, id: 'n1' } as GameEvent);
		expect(s1).toEqual(before);
		if (!s2.over) applyEvent(s2, { id: 'n2', type: 'score', player: 'C', count: 20 });
		expect(s1).toEqual(before);
		expect(s2.hands.slice(0, 2)).toEqual(before.hands.slice(0, 2));
	});

	it('keeps muggins points and the bonus apart on the hand record', () => {
		const s = replay(
			classroom3,
			ids([
				{ type: 'score', player: 'A', count: 10 },
				{ type: 'muggins', by: 'B', from: 'A', count: 15 },
				{
					type: 'hand-end',
					outcome: 'domino',
					wentOut: 'B',
					hands: { A: { pips: 9, tiles: 2 }, C: { pips: 4, tiles: 1 } },
					spinner: '5-5'
				},
				{ type: 'adjust', player: 'C', points: -5, note: 'played out of turn' }
			])
		);
		expect(s.hands[0]).toMatchObject({
			number: 1,
			play: { A: 10, B: 15, C: 0 },
			bonus: { B: 3 },
			spinner: '5-5',
			eventIds: ['e1', 'e2', 'e3']
		});
		expect(s.hands[1]).toMatchObject({ number: 2, adjust: { C: -5 }, eventIds: ['e4'] });
		expect(s.totals).toEqual({ A: 10, B: 18, C: -5 });
	});

	it.each<[string, GameSetup, NewGameEvent[], string]>([
		['a repeated id', classroom3, [{ type: 'end' }], 'duplicate-id'],
		['an unknown event type', classroom3, [{ type: 'shuffle' } as never], 'unknown-event'],
		[
			'a stranger scoring',
			classroom3,
			[{ type: 'score', player: 'Z', count: 10 }],
			'unknown-player'
		],
		[
			'a count no layout shows',
			classroom3,
			[{ type: 'score', player: 'A', count: 40 }],
			'count-impossible'
		],
		[
			'a steal where there are none',
			{ ruleset: 'double-six', players: ['A', 'B'] },
			[{ type: 'muggins', by: 'A', from: 'B', count: 10 }],
			'steal-not-allowed'
		],
		[
			'a steal from a partner',
			{
				ruleset: 'classroom',
				players: ['A', 'B', 'C', 'D'],
				sides: [
					['A', 'C'],
					['B', 'D']
				]
			},
			[{ type: 'muggins', by: 'A', from: 'C', count: 10 }],
			'same-side'
		],
		[
			'a score where play scores nothing',
			{ ruleset: 'draw', players: ['A', 'B'] },
			[{ type: 'score', player: 'A', count: 10 }],
			'no-scoring-during-play'
		],
		[
			'a zero correction',
			classroom3,
			[{ type: 'adjust', player: 'A', points: 0, note: 'x' }],
			'bad-points'
		],
		[
			'a correction with no reason',
			classroom3,
			[{ type: 'adjust', player: 'A', points: 5, note: ' ' }],
			'note-required'
		],
		['time-up without a clock', classroom3, [{ type: 'time-up' }], 'no-clock'],
		['time-up twice', udl, [{ type: 'time-up' }, { type: 'time-up' }], 'time-already-up'],
		[
			'a penalty outside UDL',
			classroom3,
			[{ type: 'penalty', player: 'A', kind: 'slow-play' }],
			'penalty-not-allowed'
		],
		[
			'an unknown penalty',
			udl,
			[{ type: 'penalty', player: 'A', kind: 'cheating' as never }],
			'unknown-penalty'
		],
		[
			'a spinner that is no double',
			classroom3,
			[
				{
					type: 'hand-end',
					outcome: 'domino',
					wentOut: 'A',
					hands: { B: { pips: 1, tiles: 1 }, C: { pips: 1, tiles: 1 } },
					spinner: '5-4'
				}
			],
			'bad-spinner'
		]
	])('refuses %s', (_what, setup, events, code) => {
		const all = ids(events);
		if (code === 'duplicate-id') all.push({ ...all[0]!, id: 'e1' });
		expect(refusalOf(setup, all)).toBe(code);
	});
});

describe('void', () => {
	const scored = ids([
		{ type: 'score', player: 'A', count: 10 },
		{ type: 'score', player: 'B', count: 15 }
	]);

	it('undoes an earlier event and keeps it in the log', () => {
		const s = replay(classroom3, [...scored, { id: 'v', type: 'void', target: 'e1' }]);
		expect(s.totals).toEqual({ A: 0, B: 15, C: 0 });
		expect(s.voided).toEqual({ e1: 'v' });
		expect(s.log.map((e) => e.id)).toEqual(['e1', 'e2', 'v']);
		expect(s.effective.map((e) => e.id)).toEqual(['e2']);
	});

	it.each([
		['an event that does not exist', [{ id: 'v', type: 'void', target: 'nope' }], 'void-unknown'],
		[
			'a void',
			[
				{ id: 'v', type: 'void', target: 'e1' },
				{ id: 'w', type: 'void', target: 'v' }
			],
			'void-of-void'
		],
		[
			'an event twice',
			[
				{ id: 'v', type: 'void', target: 'e1' },
				{ id: 'w', type: 'void', target: 'e1' }
			],
			'void-already'
		]
	] as const)('refuses to undo %s', (_what, voids, code) => {
		expect(refusalOf(classroom3, [...scored, ...voids])).toBe(code);
	});

	it('reopens a game when the event that ended it is undone, and only that one', () => {
		const ended = [...scored, { id: 'end', type: 'end' } as GameEvent];
		expect(refusalOf(classroom3, [...ended, { id: 'v', type: 'void', target: 'e1' }])).toBe(
			'game-over'
		);
		const s = replay(classroom3, [...ended, { id: 'v', type: 'void', target: 'end' }]);
		expect(s).toMatchObject({ over: false, winners: [], endCause: null, endedBy: null });
		expect(applyEvent(s, { id: 'e9', type: 'score', player: 'C', count: 5 }).totals.C).toBe(5);
	});

	it('refuses an undo that would make a later event impossible', () => {
		const events = ids([
			{ type: 'adjust', player: 'A', points: -10, note: 'penalty' },
			{ type: 'adjust', player: 'A', points: 65, note: 'earlier hands' },
			{ type: 'score', player: 'B', count: 5 }
		]);
		// Without the −10, A would have reached 61 before B's score, so B's score could not stand.
		const s = replay({ ruleset: 'edge-muggins', players: ['A', 'B'] }, events);
		expect(() => applyEvent(s, { id: 'v', type: 'void', target: 'e1' })).toThrow(
			expect.objectContaining({ code: 'void-conflict' })
		);
	});
});

describe('end of a game', () => {
	it('ends a classroom game with a target the moment a side reaches it', () => {
		const s = replay(
			{ ...classroom3, options: { target: 30 } },
			ids([
				{ type: 'score', player: 'A', count: 20 },
				{ type: 'score', player: 'A', count: 10 }
			])
		);
		expect(s).toMatchObject({ over: true, winners: ['A'], endCause: 'target', endedBy: 'e2' });
	});

	it('plays a classroom game without a target until the end of class', () => {
		const s = replay(
			classroom3,
			ids([{ type: 'adjust', player: 'A', points: 500, note: 'many hands' }])
		);
		expect(s.over).toBe(false);
	});

	it('checks a block target only at the end of a hand, highest total winning', () => {
		const setup: GameSetup = { ruleset: 'block', players: ['A', 'B'], options: { target: 20 } };
		const s1 = replay(
			setup,
			ids([{ type: 'adjust', player: 'B', points: 25, note: 'carried over' }])
		);
		expect(s1.over).toBe(false);
		const s2 = applyEvent(s1, {
			id: 'h',
			type: 'hand-end',
			outcome: 'domino',
			wentOut: 'A',
			hands: { B: { pips: 10, tiles: 2 } }
		});
		expect(s2).toMatchObject({
			over: true,
			winners: ['B'],
			endCause: 'target',
			totals: { A: 10, B: 25 }
		});
	});

	it('ends fives and threes after its default 5 hands', () => {
		const hand = {
			type: 'hand-end',
			outcome: 'domino',
			wentOut: 'A',
			hands: { B: { pips: 3, tiles: 1 } }
		} as const;
		const s = replay(
			{ ruleset: 'fives-and-threes', players: ['A', 'B'] },
			ids(Array(5).fill(hand))
		);
		expect(s).toMatchObject({
			over: true,
			hand: 6,
			winners: ['A'],
			endCause: 'rounds',
			totals: { A: 0, B: -15 }
		});
	});

	it('ends UDL overtime on a hand award too', () => {
		const s = replay(
			udl,
			ids([
				{ type: 'time-up' },
				{ type: 'hand-end', outcome: 'domino', wentOut: 'B', hands: { A: { pips: 4, tiles: 1 } } }
			])
		);
		expect(s).toMatchObject({ over: true, winners: ['B'], endCause: 'overtime', timeUp: true });
	});

	it('keeps UDL overtime going while a hand gives nothing', () => {
		const s = replay(
			udl,
			ids([
				{ type: 'time-up' },
				{ type: 'hand-end', outcome: 'domino', wentOut: 'B', hands: { A: { pips: 2, tiles: 1 } } }
			])
		);
		expect(s).toMatchObject({ over: false, overtime: true });
	});

	it.each([
		['passed-could-play', 'disqualified'],
		['bogus-play', 'bogus-play']
	] as const)('ends a UDL game at once on %s, the offender losing', (kind, cause) => {
		const s = replay(
			udl,
			ids([
				{ type: 'score', player: 'A', count: 30 },
				{ type: 'penalty', player: 'A', kind }
			])
		);
		expect(s).toMatchObject({ over: true, winners: ['B'], endCause: cause });
	});

	it('gives a first slow play only a warning', () => {
		const s = replay(udl, ids([{ type: 'penalty', player: 'B', kind: 'slow-play' }]));
		expect(s).toMatchObject({ over: false, warnings: { B: 1 } });
	});
});

describe('checkTable', () => {
	it.each<[string, GameSetup, string]>([
		['three players at UDL', { ruleset: 'udl', players: ['A', 'B', 'C'] }, 'player-count'],
		['one player', { ruleset: 'classroom', players: ['A'] }, 'bad-players'],
		['a name twice', { ruleset: 'classroom', players: ['A', 'A'] }, 'bad-players'],
		[
			'teams in a ruleset without them',
			{
				ruleset: 'classroom',
				players: ['A', 'B', 'C', 'D'],
				sides: [
					['A', 'C'],
					['B', 'D']
				]
			},
			'teams-not-allowed'
		],
		[
			'partners sitting side by side',
			{
				ruleset: 'edge-muggins',
				players: ['A', 'B', 'C', 'D'],
				sides: [
					['A', 'B'],
					['C', 'D']
				]
			},
			'bad-sides'
		],
		[
			'sides that leave a player out',
			{ ruleset: 'edge-muggins', players: ['A', 'B', 'C', 'D'], sides: [['A', 'C'], ['B']] },
			'bad-sides'
		],
		[
			'rounds on a game without rounds',
			{ ruleset: 'classroom', players: ['A', 'B'], options: { rounds: 3 } },
			'option-not-used'
		],
		[
			'a target of zero',
			{ ruleset: 'block', players: ['A', 'B'], options: { target: 0 } },
			'bad-option'
		],
		['an unknown ruleset', { ruleset: 'poker' as never, players: ['A', 'B'] }, 'unknown-ruleset']
	])('refuses %s', (_what, setup, code) => {
		expect(() => checkTable(setup)).toThrow(expect.objectContaining({ code }));
	});

	it('accepts two teams of partners sitting across', () => {
		expect(
			checkTable({
				ruleset: 'edge-muggins',
				players: ['A', 'B', 'C', 'D'],
				sides: [
					['B', 'D'],
					['C', 'A']
				]
			}).id
		).toBe('edge-muggins');
		expect(
			newGame({
				ruleset: 'edge-muggins',
				players: ['A', 'B', 'C', 'D'],
				sides: [
					['B', 'D'],
					['C', 'A']
				]
			}).sides.map((s) => s.label)
		).toEqual(['A+C', 'B+D']);
	});
});
