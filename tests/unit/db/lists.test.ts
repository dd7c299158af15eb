import 'fake-indexeddb/auto';
import Dexie, { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as lists from '$lib/db/lists';
import type { PlayerRecord } from '$lib/card/records';
import * as sessions from '$lib/db/sessions';
import { sessionNumbers } from '$lib/league/card-place';
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

/**
 * How many games are in progress, counted on the status index without reading a record: a
 * count any page may watch, which a score tap must not wake (`game-writes.ts`, `mustGetForPut`).
 */
function countInProgress(): Promise<number> {
	return db.games
		.where('[status+createdAt]')
		.between(['in-progress', Dexie.minKey], ['in-progress', Dexie.maxKey])
		.count();
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
	await expect.poll(() => probe.last()?.updatedAt).toBe(stored?.updatedAt);
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
		const playing = watch(() => countInProgress());
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
		const playing = watch(() => countInProgress());
		const done = watch(() => lists.latestFinished(5));
		await expect.poll(() => count.last()).toBe(1);

		const second = await started(leagueId, [cara!, dan!], 2);
		await expect.poll(() => count.last()).toBe(2);
		await expect.poll(() => latest.last()?.games.map((g) => g.id)).toEqual([second]);
		await expect.poll(() => playing.last()).toBe(2);

		// The first game, shown by no list of the league, finishes: Home's lists see it.
		await games.append(first, { type: 'score', player: ana!.id, count: 5 }, { now: at(3) });
		await games.append(first, { type: 'end' }, { now: at(4) });
		await expect.poll(() => playing.last()).toBe(1);
		await expect.poll(() => done.last()?.games.map((g) => g.id)).toEqual([first]);
		await expect.poll(() => latest.last()?.more).toBe(true);
	});
});

describe('what a page of cards reads about its sessions and replays', () => {
	it('numbers the sessions by date, then by creation on a shared day, from the index', async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		const late = await sessions.create(leagueId, '2026-01-14', { now: at(1), id: 'a-late' });
		const second = await sessions.create(leagueId, '2026-01-12', { now: at(3), id: 'a-second' });
		const first = await sessions.create(leagueId, '2026-01-12', { now: at(2), id: 'z-first' });
		const other = await leagueWith(['Cara'], 'Period 5');
		await sessions.create(other.leagueId, '2026-01-01', { now: at(0) });
		const numbers = await lists.sessionNumbers(leagueId);
		expect([...numbers]).toEqual([
			[first.id, 1],
			[second.id, 2],
			[late.id, 3]
		]);
		// The same numbers as the pages that read every session.
		expect(numbers).toEqual(sessionNumbers(await sessions.list(leagueId)));
	});

	it('numbers only the sessions asked for, reading only the days they share', async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		const made = [];
		// Three days, three classes' sessions each, created out of order within the day.
		for (const [day, minutes] of [
			['2026-01-12', [3, 1, 2]],
			['2026-01-13', [6, 5, 4]],
			['2026-01-14', [9, 7, 8]]
		] as const) {
			for (const [i, m] of minutes.entries()) {
				made.push(await sessions.create(leagueId, day, { now: at(m), id: `${day}-${i}` }));
			}
		}
		const all = await lists.sessionNumbers(leagueId);
		const asked = new Set([made[3]!.id, made[8]!.id]);
		const read: string[][] = [];
		const bulkGet = db.sessions.bulkGet.bind(db.sessions);
		db.sessions.bulkGet = ((keys: string[]) => {
			read.push([...keys]);
			return bulkGet(keys);
		}) as typeof db.sessions.bulkGet;
		try {
			const some = await lists.sessionNumbers(leagueId, asked);
			expect([...some].sort()).toEqual([...all].filter(([id]) => asked.has(id)).sort());
			expect([...some.values()].sort()).toEqual([6, 8]);
			expect(read.flat().sort()).toEqual(
				made
					.slice(3)
					.map((m) => m.id)
					.sort()
			);
		} finally {
			db.sessions.bulkGet = bulkGet;
		}
	});

	it("orders a school's sessions sharing one day in bounded reads, as the pages do", async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		// 450 classes' sessions on one day, created in an order their ids do not follow.
		await db.sessions.bulkAdd(
			Array.from({ length: 450 }, (_, i) => ({
				id: `s-${String(i).padStart(3, '0')}`,
				leagueId,
				date: '2026-01-12',
				present: [],
				groups: [],
				createdAt: at((i * 7) % 450),
				updatedAt: at(0)
			}))
		);
		const sizes: number[] = [];
		const bulkGet = db.sessions.bulkGet.bind(db.sessions);
		db.sessions.bulkGet = ((keys: string[]) => {
			sizes.push(keys.length);
			return bulkGet(keys);
		}) as typeof db.sessions.bulkGet;
		try {
			const numbers = await lists.sessionNumbers(leagueId);
			expect(numbers).toEqual(sessionNumbers(await sessions.list(leagueId)));
			expect(numbers.get('s-000')).toBe(1);
			expect(numbers.get('s-001')).toBe(8);
			expect(sizes).toEqual([200, 200, 50]);
		} finally {
			db.sessions.bulkGet = bulkGet;
		}
	});

	it('reads the sessions asked for by id, once each, and leaves out unknown ones', async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		const one = await sessions.create(leagueId, '2026-01-12', { now: at(1) });
		await sessions.create(leagueId, '2026-01-13', { now: at(2) });
		const found = await lists.sessionsById([one.id, one.id, 'gone']);
		expect([...found.keys()]).toEqual([one.id]);
		expect(found.get(one.id)?.date).toBe('2026-01-12');
		expect(await lists.sessionsById([])).toEqual(new Map());
	});

	it('replays a batch of games from their logs, in one read', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
		const [ana, ben, cara, dan] = [...students.values()];
		const one = await started(leagueId, [ana!, ben!], 1);
		const two = await started(leagueId, [cara!, dan!], 2);
		await games.append(one, { type: 'score', player: ana!.id, count: 10 }, { now: at(3) });
		await games.append(two, { type: 'score', player: dan!.id, count: 25 }, { now: at(4) });
		const records = await db.games.bulkGet([one, two]);
		const states = await lists.replaysOf(records.filter((r) => r !== undefined));
		// A side's label is its player's id.
		expect(states.get(one)?.totals).toEqual({ [ana!.id]: 10, [ben!.id]: 0 });
		expect(states.get(two)?.totals).toEqual({ [cara!.id]: 0, [dan!.id]: 25 });
		expect(states.get(one)).toEqual((await games.get(one)).state);
		expect(await lists.replaysOf([])).toEqual(new Map());
	});

	it('tells whether a league holds older cards than a page, without counting', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const [ana, ben] = [...students.values()];
		const ids = [];
		for (let m = 1; m <= 3; m++) ids.push(await started(leagueId, [ana!, ben!], m));
		expect(await lists.latestOfLeague(leagueId, 2)).toMatchObject({ more: true });
		const all = await lists.latestOfLeague(leagueId, 3);
		expect(all.games.map((g) => g.id)).toEqual([...ids].reverse());
		expect(all.more).toBe(false);
		expect(await lists.latestOfLeague(leagueId, 5)).toMatchObject({ more: false });
	});
});
