/**
 * The counts behind the join-code and registration limits stay bounded (issue 38): windows past
 * are deleted, and a full table counts nothing more (every request that would be counted is
 * told to wait), however many addresses a flood comes from.
 */
import { describe, expect, it } from 'vitest';
import { countOnce, sweepPast } from '../../server/core/limits';
import { TARGETS } from './support';
import { testServer } from './test-server';

describe.each(TARGETS)('the counts on $name', (target) => {
	const server = testServer(target);

	const rows = async () =>
		(await server.db.query<{ n: number }>('select count(*)::int as n from join_failures'))[0]?.n;

	it('counts each key once a call, and starts a window again once it is past', async () => {
		expect(await countOnce(server.db, ['a', 'b'], 600)).toEqual([1, 1]);
		expect(await countOnce(server.db, ['a'], 600)).toEqual([2]);
		await server.db.query(
			`update join_failures set window_start = now() - interval '11 minutes' where client = 'a'`
		);
		expect(await countOnce(server.db, ['a', 'b'], 600)).toEqual([1, 2]);
	});

	it('counts nothing once the table is full, for a key new or old', async () => {
		expect(await countOnce(server.db, ['a', 'b', 'c'], 600, 3)).toEqual([1, 1, 1]);
		expect(await countOnce(server.db, ['d'], 600, 3)).toBeNull();
		expect(await countOnce(server.db, ['a'], 600, 3)).toBeNull();
		expect(await rows()).toBe(3);
	});

	it('deletes the windows past', async () => {
		await countOnce(server.db, ['old', 'new'], 600);
		await server.db.query(
			`update join_failures set window_start = now() - interval '2 hours' where client = 'old'`
		);
		await sweepPast(server.db);
		expect(await server.db.query('select client from join_failures')).toEqual([{ client: 'new' }]);
	});
});
