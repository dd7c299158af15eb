import { describe, expect, it } from 'vitest';
import { applyEvent, replay } from '$lib/rules/game';
import { settleHand } from '$lib/rules/hand';
import { matchStanding } from '$lib/rules/match';
import { getRuleset, RULESETS } from '$lib/rules/rulesets';
import { resolveSides } from '$lib/rules/setup';
import type { GameEvent, HandEnd } from '$lib/rules/types';

/** Ids that are also names of members every plain object inherits (RULES.md §5). */
const MEMBER_IDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

/** A hand-end as it arrives in a file: parsed JSON, where `__proto__` is an own key. */
function parsedHand(json: string): HandEnd {
	return JSON.parse(json) as HandEnd;
}

describe('ids named like object members (RULES.md §5)', () => {
	it.each(MEMBER_IDS)('a player %s is disqualified by a second slow play', (id) => {
		const s = replay({ ruleset: 'udl', players: [id, 'B'] }, [
			{ id: 'p1', type: 'penalty', player: id, kind: 'slow-play' },
			{ id: 'p2', type: 'penalty', player: id, kind: 'slow-play' }
		]);
		expect(s.over).toBe(true);
		expect(s.endCause).toBe('disqualified');
		expect(s.winners).toEqual(['B']);
		expect(s.warnings[id]).toBe(2);
	});

	it.each(MEMBER_IDS)('an event with id %s can be voided', (id) => {
		const s = replay({ ruleset: 'classroom', players: ['A', 'B'] }, [
			{ id, type: 'score', player: 'A', count: 10 }
		]);
		const undone = applyEvent(s, { id: 'v', type: 'void', target: id });
		expect(undone.totals['A']).toBe(0);
		expect(Object.hasOwn(undone.voided, id)).toBe(true);
		expect(() => applyEvent(undone, { id: 'v2', type: 'void', target: id })).toThrow(
			expect.objectContaining({ code: 'void-already' })
		);
	});

	it.each(RULESETS.map((r) => r.id))(
		'%s settles a hand held by __proto__ exactly as one held by A',
		(rulesetId) => {
			const r = getRuleset(rulesetId);
			const held = (p: string) =>
				parsedHand(
					`{"outcome":"blocked","hands":{"${p}":{"pips":9,"tiles":2},"B":{"pips":4,"tiles":1}}}`
				);
			const plain = settleHand(r, resolveSides(['A', 'B']), held('A'));
			const member = settleHand(r, resolveSides(['__proto__', 'B']), held('__proto__'));
			const rename = (o: Record<string, number>) =>
				Object.entries(o).map(([k, v]) => [k === '__proto__' ? 'A' : k, v]);
			expect(rename(member.awards)).toEqual(rename(plain.awards));
			expect(member.winner === '__proto__' ? 'A' : member.winner).toBe(plain.winner);
		}
	);

	it('Fives and Threes takes 9 pips off __proto__ like off anyone', () => {
		const events: GameEvent[] = [
			{
				id: 'h1',
				type: 'hand-end',
				...parsedHand(
					'{"outcome":"domino","wentOut":"B","hands":{"__proto__":{"pips":9,"tiles":2}}}'
				)
			}
		];
		const s = replay({ ruleset: 'fives-and-threes', players: ['__proto__', 'B'] }, events);
		const a = replay({ ruleset: 'fives-and-threes', players: ['A', 'B'] }, [
			{
				id: 'h1',
				type: 'hand-end',
				...parsedHand('{"outcome":"domino","wentOut":"B","hands":{"A":{"pips":9,"tiles":2}}}')
			}
		]);
		expect(s.totals['B']).toBe(a.totals['B']);
		expect(Object.keys(s.hands[0]?.bonus ?? {})).toEqual(['__proto__', 'B']);
	});

	it('a match counts the wins of a side named constructor', () => {
		const standing = matchStanding(
			['constructor', 'B'],
			[{ over: true, winners: ['constructor'], endCause: 'target', totals: { B: 3 } }],
			{
				gameMinutes: 10,
				matchMinutes: 30,
				bestOf: 1,
				playSeconds: 10,
				chips: { each: 0, worth: 1 }
			},
			1000
		);
		expect(standing.winner).toBe('constructor');
		expect(standing.points['constructor']).toBe(0);
	});
});
