import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import { eventsOf } from '$lib/db/games';
import { logsOf } from '$lib/db/log-reads';
import type { PlayerRecord } from '$lib/card/records';
import { resetDb, putEvent } from './helpers';
import { leagueWith, playGame } from './league-helpers';

let ids: string[];

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana', 'Ben', 'Cai']);
	const [a, b, c] = [...made.students.values()] as [PlayerRecord, PlayerRecord, PlayerRecord];
	ids = [
		await playGame(made.leagueId, [a, b], [5, 20]),
		await playGame(made.leagueId, [b, c], [10, 20, 5], { minute: 30 }),
		await playGame(made.leagueId, [c, a], [15], { minute: 60, sign: false })
	];
});

describe('logsOf', () => {
	it("gives each game's log as eventsOf reads it, in the order asked", async () => {
		const order = [ids[2]!, ids[0]!, ids[1]!];
		const logs = await logsOf(order);
		expect(logs).toHaveLength(3);
		for (const [i, id] of order.entries()) {
			const log = await eventsOf(id);
			expect(log.length).toBeGreaterThanOrEqual(2);
			expect(logs[i]).toEqual(log);
		}
	});

	it('gives an empty log for a game without events, and nothing for no games', async () => {
		expect(await logsOf([])).toEqual([]);
		expect(await logsOf(['no-such-game', ids[0]!])).toEqual([[], await eventsOf(ids[0]!)]);
	});

	it("keeps a game's log apart from a game whose id starts with its id", async () => {
		const [first] = await eventsOf(ids[0]!);
		await putEvent({ ...first!, gameId: `${ids[0]}0` });
		const [log, longer] = await logsOf([ids[0]!, `${ids[0]}0`]);
		expect(log).toEqual(await eventsOf(ids[0]!));
		expect(longer).toHaveLength(1);
	});

	it('reopens the database when it was closed', async () => {
		db.close({ disableAutoOpen: false });
		expect((await logsOf([ids[1]!]))[0]).toEqual(await eventsOf(ids[1]!));
	});
});
