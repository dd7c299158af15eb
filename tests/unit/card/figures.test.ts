import { describe, expect, it } from 'vitest';
import { figuresAfresh, figuresOf, stateOf } from '$lib/card/figures';
import type { EventRecord, GameRecord } from '$lib/card/records';
import type { NewGameEvent } from '$lib/rules/types';

/** A classroom card of `seats`, signed with these side totals unless told otherwise. */
function game(
	totals: Record<string, number>,
	over: Partial<GameRecord> = {},
	sides: string[][] | null = null
): GameRecord {
	const labels = sides ? sides.map((s) => s.join('+')) : Object.keys(totals);
	const best = Math.max(...Object.values(totals));
	return {
		id: 'g1',
		rulesetId: 'classroom',
		options: { target: null },
		seats: sides ? sides.flat() : Object.keys(totals),
		sides,
		status: 'finished',
		createdAt: '2026-01-12T09:00:00.000Z',
		updatedAt: '2026-01-12T09:40:00.000Z',
		finishedAt: '2026-01-12T09:40:00.000Z',
		leagueId: 'L',
		sessionId: null,
		deviceId: 'd',
		voidedAt: null,
		voidReason: null,
		signedAt: '2026-01-12T09:41:00.000Z',
		fingerprint: 'f',
		result: {
			ruleset: 'classroom',
			players: sides ? sides.flat() : Object.keys(totals),
			sides: labels.map((label) => ({
				label,
				players: label.split('+'),
				total: totals[label]!
			})),
			winners: labels.filter((l) => totals[l] === best),
			hands: 1,
			endCause: null,
			finishedAt: '2026-01-12T09:40:00.000Z'
		},
		...over
	};
}

function log(events: NewGameEvent[]): EventRecord[] {
	return events.map((event, i) => ({
		gameId: 'g1',
		seq: i + 1,
		event: { ...event, id: `e${i}` } as EventRecord['event'],
		at: '2026-01-12T09:00:00.000Z',
		deviceId: 'd',
		redoOf: null
	}));
}

describe('figuresOf', () => {
	it.each<[string, Record<string, number>, Record<string, [number, string]>]>([
		[
			'one winner, three players',
			{ A: 30, B: 20, C: 10 },
			{ A: [1, 'won'], B: [2, 'lost'], C: [3, 'lost'] }
		],
		[
			'a shared win skips the next place',
			{ A: 20, B: 20, C: 5, D: 0 },
			{ A: [1, 'shared'], B: [1, 'shared'], C: [3, 'lost'], D: [4, 'lost'] }
		],
		[
			'a tie below the winner shares its place',
			{ A: 9, B: 4, C: 4 },
			{ A: [1, 'won'], B: [2, 'lost'], C: [2, 'lost'] }
		]
	])('places and results: %s', (_, totals, expected) => {
		const found = figuresOf(game(totals), null, false)!;
		expect(Object.fromEntries(found.rows.map((r) => [r.player, [r.place, r.result]]))).toEqual(
			expected
		);
		expect(found.players).toEqual(Object.keys(totals));
	});

	it("gives partners their side's total and place, one row each, in seat order", () => {
		const found = figuresOf(
			game({ 'A+C': 12, 'B+D': 15 }, {}, [
				['A', 'C'],
				['B', 'D']
			]),
			null,
			false
		)!;
		expect(found.rows.map((r) => [r.player, r.side, r.points, r.place])).toEqual([
			['A', 'A+C', 12, 2],
			['C', 'A+C', 12, 2],
			['B', 'B+D', 15, 1],
			['D', 'B+D', 15, 1]
		]);
	});

	it('keeps the instructor’s corrections, and its league in the index of corrected cards', () => {
		const plain = game({ A: 30, B: 20 });
		const correction = {
			player: 'B',
			side: 'B',
			points: 15,
			note: 'Missed 15',
			at: '2026-01-13T09:00:00.000Z',
			before: 20,
			after: 35
		};
		const corrected = game(
			{ A: 30, B: 35 },
			{ result: { ...plain.result!, corrections: [correction] } }
		);
		const found = figuresOf(corrected, null, false)!;
		expect([found.corrections, found.correctedIn]).toEqual([[correction], 'L']);
		expect(found.corrections![0]).not.toBe(correction);
		const none = figuresOf(plain, null, false)!;
		expect(['corrections' in none, 'correctedIn' in none]).toEqual([false, false]);
	});

	it.each<[string, Partial<GameRecord>, boolean]>([
		['not signed', { signedAt: null, fingerprint: null, result: null }, false],
		['voided', { voidedAt: '2026-01-13T09:00:00.000Z', voidReason: 'x' }, false],
		['a quick game', { leagueId: null }, false],
		['changed after signing', {}, true]
	])('gives none for a card that does not count: %s', (_, over, changed) => {
		expect(figuresOf(game({ A: 5, B: 0 }, over), null, changed)).toBeNull();
	});

	it('takes the counting from the log, with nothing learnt where the rules refuse the setup', () => {
		const events = log([
			{ type: 'score', player: 'A', count: 10 },
			{ type: 'muggins', by: 'B', from: 'A', count: 15 }
		]);
		const found = figuresAfresh(game({ A: 10, B: 15 }), events, false)!;
		expect(found.rows[0]!.learning).toMatchObject({
			countsMade: 1,
			countsMissed: 1,
			missedPoints: 15
		});
		expect(found.rows[1]!.learning).toMatchObject({ stealsMade: 1, stealPoints: 15 });
		const refused = game({ A: 10, B: 15 }, { rulesetId: 'nope' as GameRecord['rulesetId'] });
		expect(stateOf(refused, events)).toBeNull();
		expect(figuresAfresh(refused, events, false)!.rows[0]!.learning).toBeNull();
	});
});
