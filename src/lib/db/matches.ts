/**
 * UDL matches: the games of a best-of-3 match, the match clock, and each game's clock and
 * play timer. Every UDL game belongs to a match; the first is made with its first game, the
 * moment one is needed. Clocks are stored as start and pause times (see `$lib/rules/clock`).
 */
import { isRuleError } from '$lib/rules/errors';
import { assertNextGame, matchStanding } from '$lib/rules/match';
import { remaining } from '$lib/rules/clock';
import { limits } from '$lib/rules/time-up';
import type { GameState } from '$lib/rules/types';
import { timestamp } from './clock';
import { db } from './db';
import { deviceId } from './device';
import { DbError, guard } from './errors';
import * as games from './games';
import type { MatchRecord } from '$lib/card/backup-records';
import {
	NO_TIMERS,
	outcome,
	paused,
	playMarked,
	started,
	toClock,
	tournamentOf,
	type ClockChange,
	type MatchGameView,
	type MatchView
} from '$lib/card/match-clock';
import { type GameRecord } from '$lib/card/records';

/** Overrides for tests. */
export interface MatchOptions {
	/** The time of the change; the clock's when left out. */
	now?: string;
}

async function mustGetGame(gameId: string): Promise<GameRecord> {
	const game = await db.games.get(gameId);
	if (!game) throw new DbError('not-found', { what: 'game' });
	return game;
}

function findByGame(gameId: string): Promise<MatchRecord | undefined> {
	return db.matches.where('gameIds').equals(gameId).first();
}

/**
 * The match holding `game`, or a new one with it as the first game. Runs inside the caller's
 * `rw` transaction over matches, so two tabs asking at once get the same match.
 */
async function matchFor(game: GameRecord, at: string): Promise<MatchRecord> {
	tournamentOf(game);
	const found = await findByGame(game.id);
	if (found) return found;
	const match: MatchRecord = {
		id: crypto.randomUUID(),
		rulesetId: game.rulesetId,
		gameIds: [game.id],
		clock: [],
		timers: { [game.id]: { ...NO_TIMERS } },
		createdAt: at,
		updatedAt: at,
		deviceId: await deviceId()
	};
	await db.matches.add(match);
	return match;
}

/**
 * Applies `change` to the match of game `gameId` in one `rw` transaction over games and
 * matches (making the match if the game has none yet), and returns the match as stored.
 */
async function changeTimers(
	gameId: string,
	opts: MatchOptions,
	change: (match: MatchRecord, game: GameRecord, now: number) => ClockChange
): Promise<MatchRecord> {
	await deviceId();
	return guard(() =>
		db.transaction('rw', db.games, db.matches, db.meta, async () => {
			const at = timestamp(opts.now);
			const game = await mustGetGame(gameId);
			const match = await matchFor(game, at);
			const updated: MatchRecord = {
				...match,
				...change(match, game, Date.parse(at)),
				updatedAt: at
			};
			await db.matches.put(updated);
			return updated;
		})
	);
}

/**
 * The match that holds game `gameId`, with each of its games replayed; null when the game is
 * in no match (yet). Read in one transaction: a consistent snapshot.
 */
export async function ofGame(gameId: string): Promise<MatchView | null> {
	return guard(() =>
		db.transaction('r', db.matches, db.games, db.logs, async () => {
			const record = await findByGame(gameId);
			if (!record) return null;
			const views: MatchGameView[] = [];
			for (const id of record.gameIds) {
				const view = await games.get(id);
				views.push({ record: view.record, state: view.state });
			}
			return { record, games: views };
		})
	);
}

/**
 * The match of UDL game `gameId`, made with the game as its first when it has none.
 * @throws RuleError `no-clock` when the game's rules have no matches
 * @throws DbError `not-found`
 */
export async function open(gameId: string, opts: MatchOptions = {}): Promise<MatchRecord> {
	await deviceId();
	return guard(() =>
		db.transaction('rw', db.games, db.matches, db.meta, async () =>
			matchFor(await mustGetGame(gameId), timestamp(opts.now))
		)
	);
}

/**
 * Starts or resumes the clocks: the game's (while the game is being played) and the match's.
 * Already running clocks are left as they are, so two tabs tapping at once agree.
 */
export function startClock(gameId: string, opts: MatchOptions = {}): Promise<MatchRecord> {
	return changeTimers(gameId, opts, started);
}

/**
 * Pauses the match clock and every game clock of the match (a break the referee allows): no
 * time of the match runs, whichever of its games' pages it was paused from.
 */
export function pauseClock(gameId: string, opts: MatchOptions = {}): Promise<MatchRecord> {
	return changeTimers(gameId, opts, (match, _game, now) => paused(match, now));
}

/**
 * Restarts the play timer now ("Next play", "Has a play"), or holds it while the player on
 * turn draws from the boneyard (`drawing`).
 */
export function markPlay(
	gameId: string,
	drawing: boolean,
	opts: MatchOptions = {}
): Promise<MatchRecord> {
	return changeTimers(gameId, opts, (match, _game, now) => playMarked(match, gameId, drawing, now));
}

/**
 * Starts the next game of the match that holds game `gameId`: same players, same rules, its
 * clock not yet started. One `rw` transaction: the match cannot gain two games from two tabs.
 * @throws RuleError `game-in-play` while a game of the match is unfinished, `match-over` once
 * the match is decided (games won, a disqualification, or the match clock)
 * @throws DbError `not-found`
 */
export async function nextGame(gameId: string, opts: MatchOptions = {}): Promise<GameRecord> {
	await deviceId();
	return guard(() =>
		db.transaction('rw', [db.players, db.games, db.logs, db.matches, db.meta], async () => {
			const at = timestamp(opts.now);
			const current = await mustGetGame(gameId);
			const rule = tournamentOf(current);
			const match = await matchFor(current, at);
			const states: GameState[] = [];
			for (const id of match.gameIds) states.push((await games.get(id)).state);
			const sides = (states[0]?.sides ?? []).map((s) => s.label);
			const timeLeft = remaining(toClock(match.clock), limits(rule).match, Date.parse(at));
			assertNextGame(matchStanding(sides, states.map(outcome), rule, timeLeft));
			const game = await games.create({
				ruleset: current.rulesetId,
				players: current.seats.map((id) => ({ id })),
				options: current.options,
				now: at
			});
			await db.matches.put({
				...match,
				gameIds: [...match.gameIds, game.id],
				timers: { ...match.timers, [game.id]: { ...NO_TIMERS } },
				updatedAt: at
			});
			return game;
		})
	);
}

/**
 * Records that time is up in game `gameId`, at `at` (the moment the clock reached zero). When
 * another tab got there first, the engine refuses the second one (`time-already-up`, or
 * `game-over` when the first ended the game): that is the outcome wanted, so it gives null.
 * @throws RuleError for any other refusal; DbError as `games.append`
 */
export async function recordTimeUp(gameId: string, at: string): Promise<games.Appended | null> {
	try {
		return await games.append(gameId, { type: 'time-up' }, { now: at });
	} catch (e) {
		if (isRuleError(e) && (e.code === 'time-already-up' || e.code === 'game-over')) return null;
		throw e;
	}
}
