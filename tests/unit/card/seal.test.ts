import { describe, expect, it } from 'vitest';
import { printsOf, sealOf, signedPrint } from '$lib/card/seal';
import { verdictOf } from '$lib/card/verdicts';
import { resultOfEvents } from '$lib/card/game-check';
import type { EventRecord, GameRecord, SignatureRecord } from '$lib/card/records';
import type { NewGameEvent } from '$lib/rules/types';

const T = '2026-01-12T09:00:00.000Z';

const blank: GameRecord = {
	id: 'g',
	rulesetId: 'classroom',
	options: {},
	seats: ['A', 'B'],
	sides: null,
	status: 'finished',
	createdAt: T,
	updatedAt: T,
	finishedAt: T,
	leagueId: 'L',
	sessionId: null,
	deviceId: 'laptop',
	voidedAt: null,
	voidReason: null,
	signedAt: null,
	fingerprint: null,
	result: null
};

function log(events: NewGameEvent[]): EventRecord[] {
	return events.map((event, i) => ({
		gameId: 'g',
		seq: i + 1,
		event: { ...event, id: `e${i + 1}` } as EventRecord['event'],
		at: T,
		deviceId: 'laptop',
		redoOf: null
	}));
}

/** Ana 20, Ben 15, ended: the log both players sign. */
const PLAYED = log([
	{ type: 'score', player: 'A', count: 20 },
	{ type: 'score', player: 'B', count: 15 },
	{ type: 'end' }
]);

const fix = (player: string, points: number, note = 'Missed count'): NewGameEvent => ({
	type: 'correct',
	player,
	points,
	note
});

/** `PLAYED` locked with every player's signature, as signing leaves it. */
function signed(): { game: GameRecord; signatures: SignatureRecord[] } {
	const print = printsOf(blank)(PLAYED);
	const game = {
		...blank,
		signedAt: T,
		fingerprint: print,
		result: resultOfEvents({ ...blank, signedAt: T }, PLAYED)
	};
	const signatures = blank.seats.map((playerId) => ({
		id: `s-${playerId}`,
		gameId: 'g',
		playerId,
		name: playerId,
		fingerprint: print,
		strokes: null,
		typed: playerId,
		signedAt: T,
		deviceId: 'laptop',
		setAsideAt: null,
		setAsideReason: null
	}));
	return { game, signatures };
}

/** The log after the seal, numbered on from `PLAYED`. */
function after(events: NewGameEvent[]): EventRecord[] {
	return log([...PLAYED.map((e) => e.event), ...events]).slice(PLAYED.length);
}

describe('sealOf', () => {
	it.each([
		['nothing after the seal', [], 3, 0],
		['one correction', [fix('B', 10)], 3, 1],
		['two corrections', [fix('B', 10), fix('A', -5)], 3, 2],
		['a correction withdrawn', [fix('B', 10), { type: 'void', target: 'e4' }], 3, 2],
		['a signed entry voided after the seal', [{ type: 'void', target: 'e1' }], null, 0],
		['a score after the seal', [{ type: 'score', player: 'A', count: 5 }], null, 0],
		[
			'a correction, then a score',
			[fix('B', 10), { type: 'score', player: 'A', count: 5 }],
			null,
			0
		]
	] as const)('finds the seal with %s', (_what, added, signedCount, corrections) => {
		const { game } = signed();
		const seal = sealOf(game, [...PLAYED, ...after([...added])], printsOf(game));
		expect(seal && [seal.signed, seal.corrections.length]).toEqual(
			signedCount === null ? null : [signedCount, corrections]
		);
	});
});

describe('verdictOf a corrected card', () => {
	it('counts the instructor’s correction, kept in the result with the total before and after', () => {
		const { game, signatures } = signed();
		const events = [...PLAYED, ...after([fix('B', 10)])];
		const result = resultOfEvents(game, events);
		expect(result?.sides.map((s) => s.total)).toEqual([20, 25]);
		expect(result?.winners).toEqual(['B']);
		expect(result?.corrections).toEqual([
			{ player: 'B', side: 'B', points: 10, note: 'Missed count', at: T, before: 15, after: 25 }
		]);
		expect(verdictOf({ ...game, result }, events, signatures)?.changed).toBe(0);
	});

	it.each([
		['the result still the signed one', (g: GameRecord) => g.result],
		[
			'a result that leaves the correction out',
			(g: GameRecord) => ({
				...g.result!,
				sides: g.result!.sides.map((s) => ({ ...s, total: s.label === 'B' ? 25 : s.total })),
				winners: ['B']
			})
		]
	])('finds a card with a correction and %s changed after signing', (_what, resultOf) => {
		const { game, signatures } = signed();
		const events = [...PLAYED, ...after([fix('B', 10)])];
		const forged = { ...game, result: resultOf(game) };
		expect(verdictOf(forged, events, signatures)?.changed).toBe(1);
		expect(signedPrint(forged, events, printsOf(forged))).not.toBe(game.fingerprint);
	});

	it('finds a card locked to its whole log, as a card from outside is, changed after signing', () => {
		const { game, signatures } = signed();
		const events = [...PLAYED, ...after([fix('B', 10)])];
		const locked = { ...game, fingerprint: printsOf(game)(events) };
		const fromOutside = { ...locked, result: resultOfEvents(locked, events) };
		expect(fromOutside.result?.corrections).toBeUndefined();
		expect(verdictOf(fromOutside, events, signatures)?.changed).toBe(1);
	});
});
