/**
 * Runs worked cases in the vector format of RULES.md §8. Shared by the Vitest suite and by
 * `npm run vectors`, so both judge a case the same way.
 */
import { isRuleError } from './errors';
import { replayLenient } from './game';
import { settleHand } from './hand';
import { getRuleset } from './rulesets';
import { pointsForCount, round5 } from './scoring';
import { checkSetup, resolveSides } from './setup';
import type { GameEvent, GameOptions, HandEnd, PlayerId } from './types';

/** One worked case, as read from a vector file. */
export interface VectorCase {
	name: string;
	ruleset: string;
	kind: 'count' | 'round5' | 'hand' | 'game';
	count?: number;
	n?: number;
	players?: PlayerId[];
	sides?: PlayerId[][];
	options?: GameOptions;
	hand?: HandEnd;
	events?: GameEvent[];
	expect: Record<string, unknown>;
}

/** A vector file: `{ about, cases }`. */
export interface VectorFile {
	about?: string;
	cases: VectorCase[];
}

/** What the engine gave for a case, shaped like the case's `expect`. */
export type Outcome = Record<string, unknown>;

function refusal(run: () => unknown): Outcome {
	try {
		run();
		return { rejects: false };
	} catch (err) {
		if (isRuleError(err)) return { rejects: true };
		throw err;
	}
}

/** Sorted copy, so that lists whose order carries no meaning compare equal. */
function sorted(xs: string[]): string[] {
	return [...xs].sort();
}

/** Runs one case through the engine and returns the outcome in the shape of `expect`. */
export function runCase(c: VectorCase): Outcome {
	const ruleset = getRuleset(c.ruleset);
	switch (c.kind) {
		case 'round5':
			return { value: round5(c.n as number) };
		case 'count':
			if (c.expect.rejects) return refusal(() => pointsForCount(ruleset, c.count as number));
			return { points: pointsForCount(ruleset, c.count as number) };
		case 'hand': {
			const players = c.players ?? [];
			const settle = () => {
				checkSetup({ ruleset: ruleset.id, players, sides: c.sides });
				return settleHand(ruleset, resolveSides(players, c.sides), c.hand as HandEnd);
			};
			if (c.expect.rejects) return refusal(settle);
			const s = settle();
			return { winner: s.winner, awards: s.awards };
		}
		case 'game': {
			const setup = {
				ruleset: ruleset.id,
				players: c.players ?? [],
				sides: c.sides,
				options: c.options
			};
			const { state, refused } = replayLenient(setup, c.events ?? []);
			const out: Outcome = {
				totals: state.totals,
				hand: state.hand,
				over: state.over,
				winners: sorted(state.winners)
			};
			if (refused[0]) out.rejects = refused[0].event.id;
			return out;
		}
		default:
			throw new Error(`Unknown vector kind "${String((c as { kind: unknown }).kind)}"`);
	}
}

/** The case's `expect`, normalised the way `runCase` normalises its outcome. */
export function expected(c: VectorCase): Outcome {
	if (c.kind === 'game' && Array.isArray(c.expect.winners)) {
		return { ...c.expect, winners: sorted(c.expect.winners as string[]) };
	}
	return c.expect;
}

function same(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	const ka = Object.keys(a);
	const kb = Object.keys(b);
	return (
		ka.length === kb.length &&
		ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
	);
}

/** The verdict on one case: whether the engine's outcome equals what the case expects. */
export interface Verdict {
	name: string;
	passed: boolean;
	expected: Outcome;
	actual: Outcome | { error: string };
}

/** Judges one case; a crash of the engine is a failure, never an exception. */
export function judge(c: VectorCase): Verdict {
	const want = expected(c);
	try {
		const actual = runCase(c);
		return { name: c.name, passed: same(actual, want), expected: want, actual };
	} catch (err) {
		return { name: c.name, passed: false, expected: want, actual: { error: String(err) } };
	}
}
