import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as lists from '$lib/db/lists';
import type { PlayerRecord } from '$lib/db/records';
import { at, resetDb } from './helpers';
import { leagueWith } from './league-helpers';

beforeEach(resetDb);

/** Live queries watched by a test; each counts how many times its query ran. */
const watched: { unsubscribe(): void }[] = [];
afterEach(() => watched.splice(0).forEach((s) => s.unsubscribe()));

function watch<T>(query: () => Promise<T>): { runs: () => number; last: () => T | undefined } {
	let runs = 0;
	let last: T | undefined;
	watched.push(
		liveQuery(() => {
			runs += 1;
			return query();
		}).subscribe((value) => (last = value))
	);
	return { runs: () => runs, last: () => last };
}

async function started(leagueId: string, seats: PlayerRecord[], minute: number): Promise<string> {
	const game = await games.create({
		players: seats.map((p) => ({ id: p.id })),
		leagueId,
		now: at(minute)
	});
	return game.id;
}

/**
 * Waits until a live query of game `id` has seen its latest write: Dexie tells every live
 * query of a write at once, so by then the others have been told too.
 */
async function settled(id: string): Promise<void> {
	const stored = await db.games.get(id);
	const probe = watch(() => db.games.get(id));
	await expect.poll(() => probe.last()?.updatedAt, { timeout: 2000 }).toBe(stored?.updatedAt);
	await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the lists a page watches, while a game is scored in another tab', () => {
	it('do not run again for a score tap on a game they do not show', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
		const [ana, ben, cara, dan] = [...students.values()];
		const tapped = await started(leagueId, [ana!, ben!], 1);
		const shown = [
			await started(leagueId, [cara!, dan!], 2),
			await started(leagueId, [ana!, dan!], 3)
		];

		const count = watch(() => lists.countOfLeague(leagueId));
		const latest = watch(() => lists.latestOfLeague(leagueId, 2));
		const playing = watch(() => lists.countWith('in-progress'));
		await expect.poll(() => latest.last()?.games.map((g) => g.id)).toEqual([...shown].reverse());
		expect(count.last()).toBe(3);
		expect(playing.last()).toBe(3);
		const before = [count.runs(), latest.runs(), playing.runs()];

		await games.append(tapped, { type: 'score', player: ana!.id, count: 5 }, { now: at(4) });
		await games.append(tapped, { type: 'score', player: ben!.id, count: 10 }, { now: at(5) });
		await settled(tapped);
		expect([count.runs(), latest.runs(), playing.runs()]).toEqual(before);
		expect((await db.games.get(tapped))?.updatedAt).toBe(at(5));

		// A tap on a game the list shows runs it again: its figures are on the page.
		await games.append(shown[1]!, { type: 'score', player: ana!.id, count: 5 }, { now: at(6) });
		await settled(shown[1]!);
		expect(latest.runs()).toBeGreaterThan(before[1]!);
		expect([count.runs(), playing.runs()]).toEqual([before[0], before[2]]);
	});

	it('run again when a game is started or finished', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
		const [ana, ben, cara, dan] = [...students.values()];
		const first = await started(leagueId, [ana!, ben!], 1);

		const count = watch(() => lists.countOfLeague(leagueId));
		const latest = watch(() => lists.latestOfLeague(leagueId, 1));
		const playing = watch(() => lists.countWith('in-progress'));
		const done = watch(() => lists.lastFinished(5));
		await expect.poll(() => count.last()).toBe(1);

		const second = await started(leagueId, [cara!, dan!], 2);
		await expect.poll(() => count.last()).toBe(2);
		await expect.poll(() => latest.last()?.games.map((g) => g.id)).toEqual([second]);
		await expect.poll(() => playing.last()).toBe(2);

		// The first game, shown by no list of the league, finishes: Home's lists see it.
		await games.append(first, { type: 'score', player: ana!.id, count: 5 }, { now: at(3) });
		await games.append(first, { type: 'end' }, { now: at(4) });
		await expect.poll(() => playing.last()).toBe(1);
		await expect.poll(() => done.last()?.map((g) => g.id)).toEqual([first]);
		await expect.poll(() => latest.last()?.total).toBe(2);
	});
});
