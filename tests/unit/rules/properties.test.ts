import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRuleError } from '$lib/rules/errors';
import { applyEvent, replayLenient } from '$lib/rules/game';
import { settleHand } from '$lib/rules/hand';
import { getRuleset, RULESETS } from '$lib/rules/rulesets';
import { pointsForCount } from '$lib/rules/scoring';
import { sideOf } from '$lib/rules/setup';
import type { GameEvent, GameSetup, GameState, HandEnd, SideLabel } from '$lib/rules/types';

const PLAYERS = ['A', 'B', 'C', 'D'];
/** Ids named like the members of a plain object: ids like any other (RULES.md §5). */
const MEMBERS = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
const STRANGERS = ['Z', 'valueOf'];

/** Event ids: `e0`, `e1` … or, in games with member ids, `constructor`, `__proto__` … first. */
function eventId(i: number, members: boolean): string {
	const named = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
	return members && i < named.length ? (named[i] as string) : `e${i}`;
}

/** A setup the engine accepts: any ruleset, 2-4 players, sometimes two teams. */
const setupArb: fc.Arbitrary<GameSetup> = fc
	.record({
		ruleset: fc.constantFrom(...RULESETS.map((r) => r.id)),
		n: fc.integer({ min: 2, max: 4 }),
		teams: fc.boolean(),
		names: fc.constantFrom(PLAYERS, MEMBERS),
		target: fc.option(fc.integer({ min: 5, max: 120 }), { nil: undefined })
	})
	.map(({ ruleset, n, teams, names, target }) => {
		const players = names.slice(0, n);
		const [a, b, c, d] = names as [string, string, string, string];
		const r = getRuleset(ruleset);
		return {
			ruleset,
			players,
			sides:
				teams && n === 4
					? [
							[a, c],
							[b, d]
						]
					: undefined,
			options: r.target && target !== undefined ? { target } : r.rounds ? { rounds: 2 } : undefined
		};
	});

/** Mostly real players, now and then a stranger. */
function whoArb(players: string[]) {
	return fc.oneof(
		{ weight: 9, arbitrary: fc.constantFrom(...players) },
		{
			weight: 1,
			arbitrary: fc.constantFrom(...PLAYERS.slice(2), ...MEMBERS.slice(2), ...STRANGERS)
		}
	);
}

const countArb = fc.oneof(
	{ weight: 4, arbitrary: fc.constantFrom(5, 10, 15, 20, 25, 30, 35, 6, 9, 12) },
	{ weight: 1, arbitrary: fc.integer({ min: -1, max: 40 }) }
);

/** A hand that is usually possible: everyone but the one who went out holds 1-4 dominoes. */
function plausibleHandArb(players: string[]): fc.Arbitrary<HandEnd> {
	const held = fc
		.integer({ min: 1, max: 4 })
		.chain((tiles) =>
			fc.record({ tiles: fc.constant(tiles), pips: fc.integer({ min: 0, max: 12 * tiles }) })
		);
	return fc
		.record({
			outcome: fc.constantFrom('domino' as const, 'blocked' as const),
			out: fc.constantFrom(...players),
			held: fc.array(held, { minLength: players.length, maxLength: players.length })
		})
		.map(({ outcome, out, held }) => ({
			outcome,
			...(outcome === 'domino' ? { wentOut: out } : {}),
			hands: Object.fromEntries(
				players.flatMap((p, i) => (outcome === 'domino' && p === out ? [] : [[p, held[i]!]]))
			)
		}));
}

/** A hand with anything in it, to be refused or taken. */
function wildHandArb(players: string[]): fc.Arbitrary<HandEnd> {
	const who = whoArb(players);
	const heldArb = fc.oneof(
		fc.record({ pips: fc.integer({ min: -2, max: 40 }), tiles: fc.integer({ min: 0, max: 5 }) }),
		fc.record({
			dominoes: fc.uniqueArray(fc.constantFrom('0-1', '2-3', '6-6', '5-4', '1-1', '3-0'), {
				maxLength: 3
			})
		})
	);
	return fc.record(
		{
			outcome: fc.constantFrom('domino', 'blocked'),
			wentOut: who,
			hands: fc.dictionary(who, heldArb, { maxKeys: 4 }),
			spinner: fc.constantFrom('5-5', '6-6', '6-5')
		},
		{ requiredKeys: ['outcome', 'hands'] }
	) as fc.Arbitrary<HandEnd>;
}

/** Events of every type, mostly plausible, sometimes not: the engine must take or refuse each. */
function bodyArb(
	players: string[],
	length: number,
	members = false
): fc.Arbitrary<Record<string, unknown>> {
	const who = whoArb(players);
	return fc.oneof(
		{
			weight: 24,
			arbitrary: fc.record({ type: fc.constant('score'), player: who, count: countArb })
		},
		{
			weight: 4,
			arbitrary: fc.record({ type: fc.constant('muggins'), by: who, from: who, count: countArb })
		},
		{ weight: 8, arbitrary: plausibleHandArb(players).map((h) => ({ type: 'hand-end', ...h })) },
		{ weight: 1, arbitrary: wildHandArb(players).map((h) => ({ type: 'hand-end', ...h })) },
		{
			weight: 1,
			arbitrary: fc.record({
				type: fc.constant('adjust'),
				player: who,
				points: fc.integer({ min: -20, max: 40 }),
				note: fc.constantFrom('', 'fix')
			})
		},
		{ weight: 1, arbitrary: fc.constant({ type: 'time-up' }) },
		{
			weight: 1,
			arbitrary: fc.record({
				type: fc.constant('penalty'),
				player: who,
				kind: fc.constantFrom('slow-play', 'passed-could-play', 'bogus-play', 'rude')
			})
		},
		{
			weight: 1,
			arbitrary: fc.record(
				{ type: fc.constant('end'), reason: fc.constantFrom(undefined, 'bell') },
				{ requiredKeys: ['type'] }
			)
		},
		{
			weight: 10,
			arbitrary: fc.record({
				type: fc.constant('void'),
				target: fc.integer({ min: 0, max: Math.max(0, length) }).map((i) => eventId(i, members))
			})
		},
		{ weight: 1, arbitrary: fc.anything().map((x) => ({ type: 'odd', x })) }
	);
}

/** A setup and a stream of events for it, ids e0, e1 … (member names first when players have them). */
const gameArb = setupArb.chain((setup) => {
	const members = setup.players.includes('constructor');
	return fc.integer({ min: 0, max: 30 }).chain((n) =>
		fc.tuple(
			fc.constant(setup),
			fc
				.array(bodyArb(setup.players, n, members), { minLength: n, maxLength: n })
				.map((bodies) => bodies.map((b, i) => ({ ...b, id: eventId(i, members) }) as GameEvent)),
			bodyArb(setup.players, n, members)
		)
	);
});

/** `x` with every player id and event id renamed by `to` (hands' keys and side lists too). */
function renamed<T>(x: T, to: Map<string, string>): T {
	const name = (v: unknown): unknown => (typeof v === 'string' ? (to.get(v) ?? v) : rename(v));
	const rename = (v: unknown): unknown => {
		if (Array.isArray(v)) return v.map(name);
		if (typeof v !== 'object' || v === null) return v;
		return JSON.parse(
			JSON.stringify(
				Object.fromEntries(
					Object.entries(v).map(([k, val]) => [
						to.get(k) ?? k,
						['type', 'kind', 'outcome', 'note', 'reason', 'spinner', 'ruleset'].includes(k)
							? val
							: name(val)
					])
				)
			)
		) as unknown;
	};
	return rename(x) as T;
}

/** The parts of a state that the rules decide (the log of voids is history, not state). */
function decided(s: GameState) {
	const {
		totals,
		hand,
		hands,
		over,
		winners,
		endCause,
		endedBy,
		overtime,
		timeUp,
		warnings,
		effective
	} = s;
	return {
		totals,
		hand,
		hands,
		over,
		winners,
		endCause,
		endedBy,
		overtime,
		timeUp,
		warnings,
		effective
	};
}

/** Points each accepted event in effect gives each side, computed without the replay. */
function pointsOfEvents(s: GameState): Record<SideLabel, number> {
	const r = getRuleset(s.rulesetId);
	const sum = new Map<SideLabel, number>(s.sides.map((x) => [x.label, 0]));
	const add = (side: SideLabel, n: number) => sum.set(side, (sum.get(side) ?? 0) + n);
	for (const e of s.effective) {
		if (e.type === 'score') add(sideOf(s.sides, e.player), pointsForCount(r, e.count));
		if (e.type === 'muggins') add(sideOf(s.sides, e.by), pointsForCount(r, e.count));
		if (e.type === 'adjust') add(sideOf(s.sides, e.player), e.points);
		if (e.type === 'hand-end') {
			for (const [side, n] of Object.entries(settleHand(r, s.sides, e).awards)) add(side, n);
		}
	}
	return Object.fromEntries(sum);
}

// Hundreds of generated games a test: a guard against a hang, not a speed check, and long
// enough for a loaded 2-core machine (one took 5.4 s against the default 5 s).
describe('the game as a replay (properties)', { timeout: 30_000 }, () => {
	it('never crashes: every event is accepted or refused with a code', () => {
		fc.assert(
			fc.property(gameArb, ([setup, events]) => {
				const { state, refused } = replayLenient(setup, events);
				expect(state.log.length + refused.length).toBe(events.length);
				for (const r of refused) {
					expect(isRuleError(r.error)).toBe(true);
					expect(r.error.code).toMatch(/^[a-z0-9-]+$/);
					expect(r.error.message.length).toBeGreaterThan(5);
				}
			}),
			{ numRuns: 400 }
		);
	});

	it('is deterministic: the same events give the same state', () => {
		fc.assert(
			fc.property(gameArb, ([setup, events]) => {
				expect(replayLenient(setup, events)).toEqual(replayLenient(setup, events));
			}),
			{ numRuns: 200 }
		);
	});

	it("makes a side's total the sum of the points of its accepted events", () => {
		fc.assert(
			fc.property(gameArb, ([setup, events]) => {
				const { state } = replayLenient(setup, events);
				expect(state.totals).toEqual(pointsOfEvents(state));
			}),
			{ numRuns: 400 }
		);
	});

	it('scores ids named like object members exactly like A, B, C and D (RULES.md §5)', () => {
		const to = new Map([
			...PLAYERS.map((p, i): [string, string] => [p, MEMBERS[i] as string]),
			...MEMBERS.map((m, i): [string, string] => [m, PLAYERS[i] as string]),
			...Array.from({ length: 5 }, (_, i): [string, string] => [`e${i}`, eventId(i, true)])
		]);
		fc.assert(
			fc.property(gameArb, ([setup, events]) => {
				if (!setup.players.includes('A')) return;
				const plain = replayLenient(setup, events);
				const member = replayLenient(renamed(setup, to), renamed(events, to));
				expect(member.refused.map((r) => r.error.code)).toEqual(
					plain.refused.map((r) => r.error.code)
				);
				const bySide = (st: GameState) => ({
					totals: st.sides.map((x) => st.totals[x.label]),
					winners: st.winners.map((w) => st.sides.findIndex((x) => x.label === w))
				});
				expect(bySide(member.state)).toEqual(bySide(plain.state));
				expect(member.state.over).toBe(plain.state.over);
			}),
			{ numRuns: 400 }
		);
	});

	it('gives back the state before an event when that last event is voided', () => {
		fc.assert(
			fc.property(gameArb, ([setup, events, body]) => {
				const before = replayLenient(setup, events).state;
				let after: GameState;
				try {
					after = applyEvent(before, { ...body, id: 'last' } as GameEvent);
				} catch (err) {
					if (isRuleError(err)) return;
					throw err;
				}
				if (body.type === 'void') return;
				const undone = applyEvent(after, { id: 'undo', type: 'void', target: 'last' });
				expect(decided(undone)).toEqual(decided(before));
			}),
			{ numRuns: 400 }
		);
	});
});
