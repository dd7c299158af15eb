/**
 * The counts behind the join-code and registration limits stay bounded (issue 38): windows past
 * are deleted, and a full table counts nothing more (every request that would be counted is
 * told to wait), however many addresses a flood comes from.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db';
import { countOnce, sweepPast } from '../../server/limits';
import { OPEN_TIMEOUT, TARGETS, emptyTables } from './support';

describe.each(TARGETS)('the counts on $name', (target) => {
	let db: Database;
	let drop: () => Promise<void>;

	beforeAll(async () => {
		({ db, drop } = await target.open());
	}, OPEN_TIMEOUT);
	afterAll(async () => {
		await db.close();
		await drop();
	});
	beforeEach(() => emptyTables(db));

	const rows = async () =>
		(await db.query<{ n: number }>('select count(*)::int as n from join_failures'))[0]?.n;

	it('counts each key once a call, and starts a window again once it is past', async () => {
		expect(await countOnce(db, ['a', 'b'], 600)).toEqual([1, 1]);
		expect(await countOnce(db, ['a'], 600)).toEqual([2]);
		await db.query(
			`update join_failures set window_start = now() - interval '11 minutes' where client = 'a'`
		);
		expect(await countOnce(db, ['a', 'b'], 600)).toEqual([1, 2]);
	});

	it('counts nothing once the table is full, for a key new or old', async () => {
		expect(await countOnce(db, ['a', 'b', 'c'], 600, 3)).toEqual([1, 1, 1]);
		expect(await countOnce(db, ['d'], 600, 3)).toBeNull();
		expect(await countOnce(db, ['a'], 600, 3)).toBeNull();
		expect(await rows()).toBe(3);
	});

	it('deletes the windows past', async () => {
		await countOnce(db, ['old', 'new'], 600);
		await db.query(
			`update join_failures set window_start = now() - interval '2 hours' where client = 'old'`
		);
		await sweepPast(db);
		expect(await db.query('select client from join_failures')).toEqual([{ client: 'new' }]);
	});
});
