import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import type { LiveObserver } from '$lib/state/live-query';
import {
	followFrom,
	scorecardOf,
	startFirstGame,
	takeFirstGame,
	type FirstRead
} from '$lib/state/first-game';
import { loadGame } from '$lib/state/load-game';
import { followQuery, lazyQuery } from '$lib/state/live-query';
import { sameGame, type LoadedGame } from '$lib/state/loaded-game';
import { resetDb } from '../db/helpers';
import { memoryStorage } from '../support/memory-storage';

beforeEach(async () => {
	vi.stubGlobal('localStorage', memoryStorage());
	await resetDb();
	// Opened by the store, as on a device that has used the app: noted at the latest version.
	await db.open();
});

const subscriptions: { unsubscribe(): void }[] = [];
afterEach(() => {
	subscriptions.splice(0).forEach((s) => s.unsubscribe());
	vi.unstubAllGlobals();
});

/** What an observer was handed, in order. */
function observed() {
	const games: LoadedGame[] = [];
	const errors: unknown[] = [];
	const observer: LiveObserver<LoadedGame> = {
		next: (g) => games.push(g),
		error: (e) => errors.push(e)
	};
	return { games, errors, observer };
}

/** `loadGame`, counting its runs (the live query's). */
function counted() {
	let runs = 0;
	return {
		runs: () => runs,
		query: (id: string) => {
			runs += 1;
			return loadGame(id);
		}
	};
}

/** A first read of game `id` as the app's start begins it, taken by its page. */
async function firstRead(id: string, settled = true): Promise<FirstRead> {
	startFirstGame(`/game/${encodeURIComponent(id)}`);
	const first = takeFirstGame(id);
	if (!first) throw new Error('no first read');
	if (settled) await first.read;
	return first;
}

describe('scorecardOf', () => {
	it.each([
		['/game/abc', 'abc'],
		['/game/abc/', 'abc'],
		['/game/a%20b', 'a b'],
		['/game/new', null],
		['/game/abc/sign', null],
		['/game/', null],
		['/game', null],
		['/league/abc', null],
		['/', null],
		['/game/%E0%A4%A', null]
	])('%s → %s', (path, id) => {
		expect(scorecardOf(path)).toBe(id);
	});
});

describe('the first read', () => {
	it('is of the game at the address, taken once', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		startFirstGame(`/game/${game.id}`);
		expect(takeFirstGame('another')).toBeUndefined();
		const first = takeFirstGame(game.id);
		expect(takeFirstGame(game.id)).toBeUndefined();
		const read = await first?.read;
		expect(read && sameGame(read, await loadGame(game.id))).toBe(true);
		expect(first?.done?.game).toBe(read);
	});

	it('begins nothing on other pages', () => {
		startFirstGame('/league/abc');
		startFirstGame('/game/new');
		expect(takeFirstGame('abc')).toBeUndefined();
		expect(takeFirstGame('new')).toBeUndefined();
	});

	it('gives null for a game not on this device', async () => {
		expect((await firstRead('missing')).done).toEqual({ game: null });
	});
});

describe('followFrom', () => {
	it('starts nothing without a first read (the page starts its own query)', () => {
		const { observer } = observed();
		expect(followFrom('x', loadGame, sameGame, observer, undefined)).toBeUndefined();
	});

	it('hands on a game already read at once, and the live query’s same game not again', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		const first = await firstRead(game.id);
		const seen = observed();
		const live = counted();
		subscriptions.push(followFrom(game.id, live.query, sameGame, seen.observer, first)!);
		// At once, as the page mounts: its first render shows the board.
		expect(seen.games).toEqual([first.done?.game]);

		await vi.waitFor(() => expect(live.runs()).toBe(1));
		await new Promise((r) => setTimeout(r, 20));
		expect(seen.games).toHaveLength(1);

		await games.append(game.id, { type: 'score', player: game.seats[0]!, count: 10 });
		await vi.waitFor(() => expect(seen.games).toHaveLength(2));
		expect(seen.games[1]?.events).toHaveLength(1);
		expect(seen.errors).toEqual([]);
	});

	it('waits for a read still under way', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		const first = await firstRead(game.id, false);
		expect(first.done).toBeUndefined();
		const seen = observed();
		subscriptions.push(followFrom(game.id, loadGame, sameGame, seen.observer, first)!);
		expect(seen.games).toEqual([]);
		await vi.waitFor(() => expect(seen.games).toHaveLength(1));
	});

	it('leaves a game it could not read to the live query, which reports what is wrong', async () => {
		const first = await firstRead('missing');
		const seen = observed();
		subscriptions.push(followFrom('missing', loadGame, sameGame, seen.observer, first)!);
		await vi.waitFor(() => expect(seen.errors).toHaveLength(1));
		expect(seen.errors[0]).toMatchObject({ code: 'not-found' });
		expect(seen.games).toEqual([]);
	});

	it('hands on nothing once ended', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		const first = await firstRead(game.id, false);
		const seen = observed();
		const live = counted();
		followFrom(game.id, live.query, sameGame, seen.observer, first)!.unsubscribe();
		await first.read;
		await new Promise((r) => setTimeout(r, 20));
		expect(seen.games).toEqual([]);
		expect(live.runs()).toBe(0);
	});
});

describe('a scorecard’s query, loaded on first use', () => {
	it('runs again on a write, its code loaded before the live query starts', async () => {
		let runs = 0;
		const lazy = lazyQuery(
			() => import('$lib/state/load-game'),
			(store) => (id: string) => {
				runs += 1;
				return store.loadGame(id);
			}
		);
		const game = await games.create({ players: ['Ana', 'Ben'] });
		const seen = observed();
		subscriptions.push(followQuery(lazy, game.id, seen.observer));
		await vi.waitFor(() => expect(seen.games).toHaveLength(1));
		await games.append(game.id, { type: 'score', player: game.seats[0]!, count: 10 });
		await vi.waitFor(() => expect(seen.games).toHaveLength(2));
		expect(runs).toBe(2);
		expect(seen.games[1]?.events).toHaveLength(1);
	});
});
