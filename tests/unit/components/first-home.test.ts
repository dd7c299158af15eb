/**
 * Home's first lists, read with IndexedDB itself as the app starts (`first-home.ts`): the same
 * rows as the store's own reads give Home (`home-games.ts`), and the first-start question's
 * answer as `db/first-start.ts` gives it.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFirstHome, takeFirstHome, type HomeLists } from '$lib/components/first-home';
import { FINISHED_LISTED } from '$lib/components/game-rows';
import { finished, inProgress, Replays } from '$lib/components/home-games';
import { db } from '$lib/db/db';
import { answerAtStart, asksAtStart } from '$lib/db/first-start';
import * as games from '$lib/db/games';
import { memoryStorage } from '../support/memory-storage';
import { at, resetDb } from '../db/helpers';

beforeEach(async () => {
	vi.stubGlobal('localStorage', memoryStorage());
	await resetDb();
	// Opened by the store, as on a device that has used the app: noted at the latest version.
	await db.open();
});

afterEach(() => vi.unstubAllGlobals());

/** What a start at `pathname` read first, as Home takes it. */
async function firstAt(pathname: string): Promise<HomeLists | null | undefined> {
	startFirstHome(pathname, () => undefined);
	return takeFirstHome()?.read;
}

describe('startFirstHome', () => {
	it('lists what the store lists: games in progress, the last finished, older ones told', async () => {
		const ana = await games.create({ players: ['Ana', 'Ben'], now: at(1) });
		await games.append(ana.id, { type: 'score', player: ana.seats[0]!, count: 15 }, { now: at(2) });
		await games.create({ players: ['Cara', 'Dan', 'Eve'], now: at(3) });
		for (let m = 0; m < FINISHED_LISTED + 2; m++) {
			const g = await games.create({ players: ['Fay', 'Gus'], now: at(10 + m) });
			await games.append(g.id, { type: 'score', player: g.seats[1]!, count: 5 }, { now: at(40) });
			await games.append(g.id, { type: 'end' }, { now: at(100 - m) });
		}

		const first = await firstAt('/');
		expect(first).toEqual({
			active: await inProgress(new Replays()),
			finished: await finished(new Replays()),
			asks: await asksAtStart()
		});
		expect(first?.active.map((r) => r.sides.map((s) => s.total))).toEqual([
			[0, 0, 0],
			[15, 0]
		]);
		expect(first?.finished.rows).toHaveLength(FINISHED_LISTED);
		expect(first?.finished.more).toBe(true);
	});

	it('says whether Home asks who uses the device, as the store does', async () => {
		expect((await firstAt('/'))?.asks).toBe(true);
		await answerAtStart(null);
		expect((await firstAt('/'))?.asks).toBe(false);
		expect(await asksAtStart()).toBe(false);
	});

	it('asks for the list’s code once the lists are read, only when Home will show them', async () => {
		const preload = vi.fn();
		startFirstHome('/', preload);
		await takeFirstHome()?.read;
		expect(preload).not.toHaveBeenCalled();
		await answerAtStart(null);
		startFirstHome('/', preload);
		await takeFirstHome()?.read;
		expect(preload).toHaveBeenCalledTimes(1);
	});

	it('reads nothing for another page, and gives each read once', async () => {
		expect(await firstAt('/game/new')).toBeUndefined();
		startFirstHome('/', () => undefined);
		expect(takeFirstHome()).toBeDefined();
		expect(takeFirstHome()).toBeUndefined();
	});

	it('gives null (the store reads) unless the database is noted at the latest version', async () => {
		vi.stubGlobal('localStorage', memoryStorage());
		expect(await firstAt('/')).toBeNull();
	});
});
