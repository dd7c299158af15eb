import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as matches from '$lib/db/matches';
import { toClock, toInstant } from '$lib/card/match-clock';
import { type GameRecord } from '$lib/card/records';
import { remaining } from '$lib/rules/clock';
import { getRuleset } from '$lib/rules/rulesets';
import { timeUpDue } from '$lib/rules/time-up';
import type { TournamentRule } from '$lib/rules/types';
import { at, expectCode, resetDb, allEvents } from './helpers';

const MIN = 60_000;
const GAME = 15 * MIN;
const rule = getRuleset('udl').tournament as TournamentRule;

/** A second tab: the store's modules loaded afresh, with their own connection. */
async function openSecondTab() {
	vi.resetModules();
	const [tabMatches, tabDb] = await Promise.all([import('$lib/db/matches'), import('$lib/db/db')]);
	return { matches: tabMatches, db: tabDb.db };
}

let game: GameRecord;
let A: string, B: string;

beforeEach(async () => {
	await resetDb();
	game = await games.create({ ruleset: 'udl', players: ['Ana', 'Ben'], now: at(0) });
	[A, B] = game.seats as [string, string];
});

afterEach(() => {
	vi.useRealTimers();
});

/** Ends a game with `winner` reaching 150 (at once, under UDL). */
async function win(gameId: string, winner: string) {
	for (let i = 0; i < 5; i++)
		await games.append(gameId, { type: 'score', player: winner, count: 30 });
}

describe('open', () => {
	it('makes a match with the game as its first, once', async () => {
		const made = await matches.open(game.id, { now: at(1) });
		expect(made).toMatchObject({
			rulesetId: 'udl',
			gameIds: [game.id],
			clock: [],
			timers: { [game.id]: { clock: [], play: null } },
			createdAt: at(1)
		});
		expect((await matches.open(game.id)).id).toBe(made.id);
		expect(await db.matches.count()).toBe(1);
	});

	it('makes one match when two tabs open it at once', async () => {
		const second = await openSecondTab();
		const [a, b] = await Promise.all([matches.open(game.id), second.matches.open(game.id)]);
		expect(a.id).toBe(b.id);
		expect(await db.matches.count()).toBe(1);
		second.db.close();
	});

	it('refuses a game whose rules have no clock', async () => {
		const classroom = await games.create({ players: ['Ana', 'Ben', 'Cy'] });
		await expectCode(matches.open(classroom.id), 'no-clock');
		await expectCode(matches.open('nope'), 'not-found');
	});
});

describe('ofGame', () => {
	it('is null for a game in no match, and the replayed games of its match otherwise', async () => {
		expect(await matches.ofGame(game.id)).toBeNull();
		await matches.open(game.id);
		await games.append(game.id, { type: 'score', player: A, count: 10 });
		const view = await matches.ofGame(game.id);
		expect(view?.games.map((g) => g.state.totals)).toEqual([{ [A]: 10, [B]: 0 }]);
	});
});

describe('startClock and pauseClock', () => {
	it('store the instants of both clocks, and leave a running clock as it is', async () => {
		await matches.startClock(game.id, { now: at(1) });
		await matches.startClock(game.id, { now: at(2) });
		await matches.pauseClock(game.id, { now: at(6) });
		const stored = await matches.startClock(game.id, { now: at(9) });
		expect(stored.clock).toEqual([at(1), at(6), at(9)]);
		expect(stored.timers[game.id]?.clock).toEqual([at(1), at(6), at(9)]);
	});

	it('keep the time across pause, resume and a reload, read from the stored instants', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(Date.parse(at(0)));
		await matches.startClock(game.id);
		vi.setSystemTime(Date.parse(at(4)));
		await matches.pauseClock(game.id);
		vi.setSystemTime(Date.parse(at(10)));
		await matches.startClock(game.id);
		vi.setSystemTime(Date.parse(at(12)) + 30_000);

		// A reload is a fresh connection reading what is stored.
		const reloaded = await openSecondTab();
		const view = await reloaded.matches.ofGame(game.id);
		const clock = toClock(view?.record.timers[game.id]?.clock ?? []);
		expect(remaining(clock, GAME, Date.now())).toBe(GAME - 6.5 * MIN);
		reloaded.db.close();
	});

	it('start only the match clock once the game is over (between games)', async () => {
		await win(game.id, A);
		const stored = await matches.startClock(game.id, { now: at(3) });
		expect(stored.clock).toEqual([at(3)]);
		expect(stored.timers[game.id]?.clock).toEqual([]);
	});

	it('pause every clock of the match, whichever game they are paused from', async () => {
		await matches.startClock(game.id, { now: at(0) });
		await win(game.id, A);
		const second = await matches.nextGame(game.id, { now: at(2) });
		await matches.startClock(second.id, { now: at(3) });
		const stored = await matches.pauseClock(game.id, { now: at(5) });
		expect(stored.clock).toEqual([at(0), at(5)]);
		expect(stored.timers[second.id]?.clock).toEqual([at(3), at(5)]);
	});
});

describe('markPlay', () => {
	it('stores the last tap of the play timer', async () => {
		await matches.markPlay(game.id, true, { now: at(1) });
		const stored = await matches.markPlay(game.id, false, { now: at(2) });
		expect(stored.timers[game.id]?.play).toEqual({ at: at(2), drawing: false });
	});
});

describe('nextGame', () => {
	it('refuses while the game is in play', async () => {
		await expectCode(matches.nextGame(game.id), 'game-in-play');
	});

	it('starts the next game with the same players and rules, and adds it to the match', async () => {
		await matches.startClock(game.id, { now: at(0) });
		await win(game.id, A);
		const next = await matches.nextGame(game.id, { now: at(5) });
		expect(next).toMatchObject({
			rulesetId: 'udl',
			seats: [A, B],
			options: game.options,
			status: 'in-progress'
		});
		const view = await matches.ofGame(next.id);
		expect(view?.record.gameIds).toEqual([game.id, next.id]);
		expect(view?.record.timers[next.id]).toEqual({ clock: [], play: null });
	});

	it('refuses a game after the match is decided 2-0', async () => {
		await win(game.id, B);
		const second = await matches.nextGame(game.id);
		await win(second.id, B);
		await expectCode(matches.nextGame(second.id), 'match-over');
	});

	it('refuses a game once the match clock has run out', async () => {
		await matches.startClock(game.id, { now: at(0) });
		await win(game.id, A);
		await expectCode(matches.nextGame(game.id, { now: at(46) }), 'match-over');
	});
});

describe('recordTimeUp', () => {
	it('records time-up; tied, the game goes to overtime', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 10 });
		await games.append(game.id, { type: 'score', player: B, count: 10 });
		const result = await matches.recordTimeUp(game.id, at(15));
		expect(result?.appended.at).toBe(at(15));
		expect(result?.state).toMatchObject({ over: false, overtime: true, timeUp: true });
	});

	it('stamps the moment the clock reached zero, when the phone only notices later', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(Date.parse(at(0)));
		await matches.startClock(game.id);
		await games.append(game.id, { type: 'score', player: A, count: 5 });
		await games.append(game.id, { type: 'score', player: B, count: 5 });
		vi.setSystemTime(Date.parse(at(21)));

		const view = await matches.ofGame(game.id);
		const clocks = {
			game: toClock(view?.record.timers[game.id]?.clock ?? []),
			match: toClock(view?.record.clock ?? [])
		};
		const state = view?.games[0]?.state;
		if (!state) throw new Error('the game is in its match');
		const due = timeUpDue(rule, clocks, state, Date.now());
		expect(due).toBe(Date.parse(at(15)));

		const result = await matches.recordTimeUp(game.id, toInstant(due ?? 0));
		expect(result?.appended.at).toBe(at(15));
		expect(result?.state).toMatchObject({ over: false, overtime: true });
	});

	it('records it once when two tabs reach zero together, and neither fails', async () => {
		const second = await openSecondTab();
		const results = await Promise.all([
			matches.recordTimeUp(game.id, at(15)),
			second.matches.recordTimeUp(game.id, at(15))
		]);
		expect(results.filter((r) => r === null)).toHaveLength(1);
		const stored = await allEvents();
		expect(stored.filter((r) => r.event.type === 'time-up')).toHaveLength(1);
		second.db.close();
	});

	it('takes a game the leader already won at time-up as done', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 10 });
		await matches.recordTimeUp(game.id, at(15));
		expect(await matches.recordTimeUp(game.id, at(15))).toBeNull();
	});
});
