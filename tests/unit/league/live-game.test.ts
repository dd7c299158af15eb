/**
 * A game as the instructor sees it live (issue 40), from real logs: each case plays entries
 * through the store, as a group's phone records them, then reads the record and the log as the
 * server would pass them on.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import type { NewGameEvent } from '$lib/rules/types';
import {
	isQuiet,
	liveGameView,
	minutesSince,
	groupPhoneQuiet,
	phoneQuietMinutes,
	PHONE_QUIET_MS,
	QUIET_MS
} from '$lib/league/live-game';
import { at, resetDb, logOf } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';

/** Seats A, B and C: Ana, Ben and Cleo. */
type Seat = 'A' | 'B' | 'C';
const NAMES: Record<Seat, string> = { A: 'Ana', B: 'Ben', C: 'Cleo' };

/** An entry of a case: an event with seats for players, or an undo of the last entry. */
type Step = ((seat: (s: Seat) => string) => NewGameEvent) | 'undo';

interface Case {
	name: string;
	steps: Step[];
	hand: number | null;
	totals: Record<Seat, number>;
	last: string | null;
	steals: number;
	over: boolean;
}

const CASES: Case[] = [
	{
		name: 'a game with nothing recorded: hand 1, every total 0, no last entry',
		steps: [],
		hand: 1,
		totals: { A: 0, B: 0, C: 0 },
		last: null,
		steals: 0,
		over: false
	},
	{
		name: 'counts: each player’s total and the last count in words',
		steps: [
			(s) => ({ type: 'score', player: s('A'), count: 10 }),
			(s) => ({ type: 'score', player: s('B'), count: 15 }),
			(s) => ({ type: 'score', player: s('A'), count: 5 })
		],
		hand: 1,
		totals: { A: 15, B: 15, C: 0 },
		last: 'Ana 5',
		steals: 0,
		over: false
	},
	{
		name: 'a steal: its points to the one who called it, counted as a steal',
		steps: [
			(s) => ({ type: 'score', player: s('A'), count: 10 }),
			(s) => ({ type: 'muggins', by: s('C'), from: s('B'), count: 10 })
		],
		hand: 1,
		totals: { A: 10, B: 0, C: 10 },
		last: 'Muggins! Cleo scores the 10 Ben missed',
		steals: 1,
		over: false
	},
	{
		name: 'an undone steal is no steal, and the last entry says what was undone',
		steps: [
			(s) => ({ type: 'score', player: s('A'), count: 10 }),
			(s) => ({ type: 'muggins', by: s('C'), from: s('B'), count: 10 }),
			'undo'
		],
		hand: 1,
		totals: { A: 10, B: 0, C: 0 },
		last: 'Undo: Muggins! Cleo scores the 10 Ben missed',
		steals: 0,
		over: false
	},
	{
		name: 'a hand ended: the award (15 pips, 3 points) added and the next hand played',
		steps: [
			(s) => ({ type: 'score', player: s('B'), count: 10 }),
			(s) => ({
				type: 'hand-end',
				outcome: 'domino',
				wentOut: s('A'),
				hands: {
					[s('A')]: { pips: 0, tiles: 0 },
					[s('B')]: { pips: 10, tiles: 2 },
					[s('C')]: { pips: 5, tiles: 1 }
				}
			})
		],
		hand: 2,
		totals: { A: 3, B: 10, C: 0 },
		last: 'Hand ended: Ana went out',
		steals: 0,
		over: false
	},
	{
		name: 'a game ended: no hand in play, finished',
		steps: [(s) => ({ type: 'score', player: s('C'), count: 20 }), () => ({ type: 'end' })],
		hand: null,
		totals: { A: 0, B: 0, C: 20 },
		last: 'Game ended',
		steals: 0,
		over: true
	}
];

beforeEach(resetDb);

describe('liveGameView', () => {
	for (const c of CASES) {
		it(c.name, async () => {
			const { leagueId, students } = await leagueWith(Object.values(NAMES));
			const game = await games.create({
				players: (['A', 'B', 'C'] as const).map((s) => ({ id: students.get(NAMES[s])!.id })),
				leagueId,
				now: at(1)
			});
			const bySeat = (s: Seat) => game.seats[['A', 'B', 'C'].indexOf(s)]!;
			for (const step of c.steps) {
				if (step === 'undo') await games.undo(game.id);
				else await games.append(game.id, step(bySeat));
			}
			const record = (await db.games.get(game.id))!;
			const log = await logOf(game.id);
			const name = (p: string) => NAMES[(['A', 'B', 'C'] as const)[game.seats.indexOf(p)]!];
			const view = liveGameView(record, log, name)!;
			expect(view.hand).toBe(c.hand);
			expect(Object.fromEntries(view.sides.map((s) => [name(s.players[0]!)[0], s.total]))).toEqual(
				c.totals
			);
			expect(view.last?.words ?? null).toBe(c.last);
			expect(view.last?.at ?? null).toBe(log.at(-1)?.at ?? null);
			expect(view.steals).toBe(c.steals);
			expect(view.over).toBe(c.over);
		});
	}

	it('reads nothing of a game whose rules this app does not know', () => {
		const record = {
			id: 'g',
			rulesetId: 'from-a-newer-app',
			options: {},
			seats: ['a', 'b'],
			sides: null,
			status: 'in-progress',
			createdAt: at(0),
			updatedAt: at(0),
			finishedAt: null,
			leagueId: 'l',
			sessionId: 's',
			deviceId: 'd',
			voidedAt: null,
			voidReason: null,
			signedAt: null,
			fingerprint: null,
			result: null
		} as const;
		expect(liveGameView({ ...record, seats: ['a', 'b'] } as never, [], (p) => p)).toBeNull();
	});
});

describe('minutesSince', () => {
	const now = Date.parse('2026-02-03T09:10:00.000Z');
	for (const [at, minutes] of [
		['2026-02-03T09:10:00.000Z', 0],
		['2026-02-03T09:09:01.000Z', 0],
		['2026-02-03T09:09:00.000Z', 1],
		['2026-02-03T09:04:00.000Z', 6],
		['2026-02-03T09:12:00.000Z', 0],
		['not a time', 0]
	] as const) {
		it(`gives ${minutes} from ${at}`, () => expect(minutesSince(at, now)).toBe(minutes));
	}
});

describe('isQuiet', () => {
	const base = { hand: 1, sides: [], winners: [], steals: 0, over: false };
	const now = Date.parse('2026-02-03T09:10:00.000Z');
	const before = (ms: number) => new Date(now - ms).toISOString();
	it('is quiet once no entry came for the threshold', () =>
		expect(isQuiet({ ...base, last: { words: 'x', at: before(QUIET_MS) } }, now)).toBe(true));
	it('is not quiet just before it', () =>
		expect(isQuiet({ ...base, last: { words: 'x', at: before(QUIET_MS - 1000) } }, now)).toBe(
			false
		));
	it('is never quiet once over, or before the first entry', () => {
		expect(
			isQuiet({ ...base, over: true, last: { words: 'x', at: before(QUIET_MS * 2) } }, now)
		).toBe(false);
		expect(isQuiet({ ...base, last: null }, now)).toBe(false);
	});
});

describe('phoneQuietMinutes', () => {
	const NOW = Date.parse('2026-02-03T10:30:00.000Z');
	const ago = (ms: number) => new Date(NOW - ms).toISOString();
	const CASES: {
		name: string;
		heardAt?: string;
		lastEntryAt?: string;
		finished?: boolean;
		minutes: number | null;
	}[] = [
		{ name: 'nothing heard yet: nothing to say', minutes: null },
		{ name: 'heard a minute ago', heardAt: ago(60_000), minutes: null },
		{ name: 'heard just under the limit', heardAt: ago(PHONE_QUIET_MS - 1), minutes: null },
		{ name: 'heard exactly at the limit', heardAt: ago(PHONE_QUIET_MS), minutes: 2 },
		{ name: 'heard 7 minutes ago', heardAt: ago(7 * 60_000), minutes: 7 },
		{
			name: 'an entry since the last word counts as hearing from it',
			heardAt: ago(9 * 60_000),
			lastEntryAt: ago(30_000),
			minutes: null
		},
		{ name: 'only an entry, 4 minutes ago', lastEntryAt: ago(4 * 60_000), minutes: 4 },
		{
			name: 'a finished game is never quiet',
			heardAt: ago(20 * 60_000),
			finished: true,
			minutes: null
		},
		{ name: 'a time that does not read is left out', heardAt: 'soon', minutes: null }
	];
	for (const c of CASES) {
		it(c.name, () => {
			expect(phoneQuietMinutes(c.heardAt, c.lastEntryAt, c.finished ?? false, NOW)).toBe(c.minutes);
		});
	}
});

describe('groupPhoneQuiet', () => {
	const NOW = Date.parse('2026-02-03T10:30:00.000Z');
	const old = new Date(NOW - 4 * 60_000).toISOString();
	it('says how long a handed-out game’s phone has been quiet, from what it last said', () => {
		expect(groupPhoneQuiet(true, { state: 'playing', heardAt: old }, null, NOW)).toBe(4);
	});
	it('says nothing of a game not on a phone, nothing heard, or a finished one', () => {
		expect(groupPhoneQuiet(false, { state: 'playing', heardAt: old }, null, NOW)).toBeNull();
		expect(groupPhoneQuiet(true, undefined, null, NOW)).toBeNull();
		expect(groupPhoneQuiet(true, { state: 'finished', heardAt: old }, null, NOW)).toBeNull();
	});
});
