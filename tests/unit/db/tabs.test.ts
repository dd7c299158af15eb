import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type MugginsDB } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as players from '$lib/db/players';
import { toEvents, toSetup } from '$lib/card/records';
import { replay } from '$lib/rules/game';
import { resetDb, eventCount, logOf } from './helpers';

/**
 * A second tab: the store's modules loaded afresh, so it has its own Dexie instance (its own
 * connection) on the same database, as another tab of the app would.
 */
async function openSecondTab() {
	vi.resetModules();
	const [tabGames, tabPlayers, tabDb] = await Promise.all([
		import('$lib/db/games'),
		import('$lib/db/players'),
		import('$lib/db/db')
	]);
	return { games: tabGames, players: tabPlayers, db: tabDb.db };
}

let second: Awaited<ReturnType<typeof openSecondTab>>;

beforeEach(async () => {
	await resetDb();
	second = await openSecondTab();
});

afterEach(() => {
	second.db.close();
});

describe('two tabs', () => {
	it('are two connections to one database', () => {
		expect(second.db).not.toBe(db);
		expect((second.db as MugginsDB).name).toBe(db.name);
	});

	it('never lose or duplicate an event when both append to one game at once', async () => {
		const game = await games.create({ players: ['Ana', 'Ben', 'Cy'] });
		const n = 60;
		const appends = Array.from({ length: n }, (_, i) => {
			const tab = i % 2 === 0 ? games : second.games;
			const player = game.seats[i % 3]!;
			return tab.append(game.id, { type: 'score', player, count: 5 }, { id: `e${i}` });
		});
		const results = await Promise.all(appends);

		const stored = await logOf(game.id);
		expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
		expect(new Set(stored.map((r) => r.event.id)).size).toBe(n);
		expect(stored.map((r) => r.event.id).sort()).toEqual(
			Array.from({ length: n }, (_, i) => `e${i}`).sort()
		);
		expect(new Set(results.map((r) => r.appended.seq)).size).toBe(n);

		const state = replay(toSetup(game), toEvents(stored));
		expect(Object.values(state.totals)).toEqual([100, 100, 100]);
		const last = results.find((r) => r.appended.seq === n)!;
		expect(last.state).toEqual(state);
	});

	it('both see a refused event refused, whichever tab sends it', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		const [a, b] = await Promise.allSettled([
			games.append(game.id, { type: 'end' }),
			second.games.append(game.id, { type: 'end' })
		]);
		expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected']);
		const refused = [a, b].find((r) => r.status === 'rejected') as PromiseRejectedResult;
		expect(refused.reason).toMatchObject({ code: 'game-over' });
		expect(await eventCount()).toBe(1);
	});

	it('make one player when both type the same new name at once', async () => {
		const [a, b] = await Promise.all([players.create('Ana'), second.players.create(' ANA')]);
		expect(a.id).toBe(b.id);
		expect(await db.players.count()).toBe(1);
	});
});
