/**
 * Whose a token is (server/core/auth.ts `callerOf`), the lookups of requests that come in
 * together read in one statement: each request still gets its own caller, an unknown token or a
 * revoked phone's is refused, and a phone revoked is refused by its very next request.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/core/errors';
import { callerOf } from '../../server/core/auth';
import type { Database } from '../../server/core/db';
import { L1, L2, TARGETS, classOn } from './support';
import { testServer } from './test-server';

/** `db` with every statement it runs counted. */
function counted(db: Database): { db: Database; statements: () => number } {
	let n = 0;
	return {
		db: {
			...db,
			query: ((sql: string, params?: unknown[]) => {
				n++;
				return db.query(sql, params);
			}) as Database['query']
		},
		statements: () => n
	};
}

const codeOf = (p: Promise<unknown>) =>
	p.then(
		() => 'ok',
		(e: unknown) => (e instanceof ApiError ? `${e.status} ${e.code}` : String(e))
	);

describe.each(TARGETS)('callerOf on $name', (target) => {
	const server = testServer(target);
	const { call } = server;

	it('answers each of many tokens asked at once with its own caller', async () => {
		const one = await classOn(call, L1, 3);
		const two = await classOn(call, L2, 2);
		const gone = two.devices[1];
		if (!gone) throw new Error('no phone');
		await call('DELETE', `/api/leagues/${L2}/devices/${gone.id}`, { token: two.instructor });
		const { db, statements } = counted(server.db);
		const asked = [
			one.instructor,
			...one.devices.map((d) => d.token),
			two.instructor,
			two.devices[0]?.token ?? '',
			gone.token,
			'mld_not-a-token',
			one.devices[0]?.token ?? ''
		];
		const answers = await Promise.all(
			asked.map((token) =>
				callerOf(db, token).then(
					(c) => `${c.role} ${c.leagueId} ${c.deviceId ?? '-'}`,
					(e: unknown) => (e instanceof ApiError ? `${e.status} ${e.code}` : String(e))
				)
			)
		);
		expect(answers).toEqual([
			`instructor ${L1} -`,
			...one.devices.map((d) => `device ${L1} ${d.id}`),
			`instructor ${L2} -`,
			`device ${L2} ${two.devices[0]?.id}`,
			'401 server-revoked',
			'401 server-unauthorized',
			`device ${L1} ${one.devices[0]?.id}`
		]);
		// The first lookup goes at once; the rest, asked while it was on its way, in one more.
		expect(statements()).toBe(2);
	});

	it('refuses a phone revoked by its next request, and reads on after a failed statement', async () => {
		const { instructor, devices } = await classOn(call, L1, 1);
		const phone = devices[0];
		if (!phone) throw new Error('no phone');
		expect(await codeOf(callerOf(server.db, phone.token))).toBe('ok');
		await call('DELETE', `/api/leagues/${L1}/devices/${phone.id}`, { token: instructor });
		expect(await codeOf(callerOf(server.db, phone.token))).toBe('401 server-revoked');
		let fail = true;
		const flaky: Database = {
			...server.db,
			query: ((sql: string, params?: unknown[]) => {
				if (fail) {
					fail = false;
					return Promise.reject(new Error('the database is away'));
				}
				return server.db.query(sql, params);
			}) as Database['query']
		};
		const [first, second] = await Promise.all([
			codeOf(callerOf(flaky, instructor)),
			codeOf(callerOf(flaky, instructor))
		]);
		expect([first, second]).toEqual(['Error: the database is away', 'ok']);
	});
});
