import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { FINISHED_LISTED } from '$lib/components/game-rows';
import { finished, inProgress, Replays } from '$lib/components/home-games';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import { at, resetDb } from '../db/helpers';

beforeEach(resetDb);

/** How many game logs `work` reads: every replay reads its game’s log first. */
async function logsRead(work: () => Promise<unknown>): Promise<number> {
	let reads = 0;
	const get = db.logs.get.bind(db.logs);
	const bulkGet = db.logs.bulkGet.bind(db.logs);
	db.logs.get = ((key: string) => {
		reads += 1;
		return get(key);
	}) as typeof db.logs.get;
	db.logs.bulkGet = ((keys: string[]) => {
		reads += keys.length;
		return bulkGet(keys);
	}) as typeof db.logs.bulkGet;
	try {
		await work();
	} finally {
		db.logs.get = get;
		db.logs.bulkGet = bulkGet;
	}
	return reads;
}

describe('Home’s games in progress', () => {
	it('replays again only a game whose record changed since the last run', async () => {
		const ana = await games.create({ players: ['Ana', 'Ben'], now: at(1) });
		const cara = await games.create({ players: ['Cara', 'Dan'], now: at(2) });
		const replays = new Replays();

		expect(await logsRead(() => inProgress(replays))).toBe(2);
		expect(await logsRead(() => inProgress(replays))).toBe(0);

		await games.append(ana.id, { type: 'score', player: ana.seats[0]!, count: 15 }, { now: at(3) });
		let rows: Awaited<ReturnType<typeof inProgress>> = [];
		expect(await logsRead(async () => (rows = await inProgress(replays)))).toBe(1);
		// The latest started first; the tapped game's new total, the other's kept replay.
		expect(rows.map((r) => [r.id, r.sides.map((s) => [s.names, s.total])])).toEqual([
			[
				cara.id,
				[
					['Cara', 0],
					['Dan', 0]
				]
			],
			[
				ana.id,
				[
					['Ana', 15],
					['Ben', 0]
				]
			]
		]);
	});
});

describe('Home’s finished games', () => {
	it(`lists the ${FINISHED_LISTED} that finished last, and tells that older ones are kept`, async () => {
		const ids: string[] = [];
		for (let m = 0; m <= FINISHED_LISTED; m++) {
			const g = await games.create({ players: ['Ana', 'Ben'], now: at(m) });
			// Started in one order, finished in the other.
			await games.append(g.id, { type: 'end' }, { now: at(100 - m) });
			ids.push(g.id);
		}
		const replays = new Replays();
		const all = await finished(replays);
		expect(all.rows.map((r) => r.id)).toEqual(ids.slice(0, FINISHED_LISTED));
		expect(all.more).toBe(true);
		expect(all.rows[0]).toMatchObject({ hand: null, finishedAt: at(100) });

		await db.games.delete(ids[FINISHED_LISTED]!);
		expect((await finished(replays)).more).toBe(false);
		expect(await inProgress(replays)).toEqual([]);
	});
});
