/**
 * The join-code limit stops guessing and never stops a class (issue 38): the right code always
 * works; wrong codes are counted per address (the one the proxy saw, never what the client
 * wrote), per code, per league named, and in one statement, so codes arriving together are
 * judged one by one. Join codes are stored under the server secret.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { joinCodeKey } from '../../server/core/tokens';
import { L1, L2, TARGETS, TEST_SECRET, appOn, client, type Call } from './support';
import { testServer } from './test-server';

const SCHOOL = '203.0.113.7';
const OUTSIDE = '198.51.100.9';

describe.each(TARGETS)('join codes on $name', (target) => {
	const server = testServer(target);
	const { call } = server;

	const register = async (id: string, on: Call = call) =>
		(await on('POST', '/api/leagues', { json: { id, name: 'Period 3' }, from: OUTSIDE })).body
			.joinCode as string;
	const join = (joinCode: string, from: string, on: Call = call, headers = {}) =>
		on('POST', '/api/join', { json: { joinCode, deviceName: 'Group' }, from, headers });

	it('lets a class of 30 behind one address join after 10 mistyped codes', async () => {
		const code = await register(L1);
		const wrong = [];
		for (let i = 0; i < 10; i++) wrong.push((await join(`ZZZZZ-ZZZZ${i}`, SCHOOL)).status);
		expect(wrong).toEqual(Array(10).fill(403));
		const joined = await Promise.all(Array.from({ length: 30 }, () => join(code, SCHOOL)));
		expect(joined.map((r) => r.status)).toEqual(Array(30).fill(201));
		// The eleventh wrong code from that address is told to wait, and the right one still works.
		const eleventh = await join('ZZZZZ-ZZZZA', SCHOOL);
		expect([eleventh.status, eleventh.body.error]).toEqual([429, 'server-rate-limited']);
		expect((await join(code, SCHOOL)).status).toBe(201);
	});

	it('judges 200 wrong codes sent at once as 10, and tells the rest to wait', async () => {
		await register(L1);
		const replies = await Promise.all(
			Array.from({ length: 200 }, (_, i) => join(`WRONG-${String(i).padStart(5, 'X')}`, SCHOOL))
		);
		const statuses = replies.map((r) => r.status);
		expect(statuses.filter((s) => s === 403)).toHaveLength(10);
		expect(statuses.filter((s) => s === 429)).toHaveLength(190);
	});

	it('counts the address the proxy saw: a written X-Forwarded-For locks nobody out', async () => {
		const behindProxy = client(appOn(server.db, { trustProxy: 1 }));
		const code = await register(L1, behindProxy);
		const PROXY = '10.0.0.1';
		// The attacker writes the victim's address first; the proxy appends the one it saw.
		for (let i = 0; i < 12; i++) {
			await join(`ZZZZZ-ZZZZ${i}`, PROXY, behindProxy, {
				'x-forwarded-for': `${SCHOOL}, ${OUTSIDE}`
			});
		}
		const attacker = await join('ZZZZZ-ZZZZZ', PROXY, behindProxy, {
			'x-forwarded-for': `${SCHOOL}, ${OUTSIDE}`
		});
		expect(attacker.status).toBe(429);
		const victimWrong = await join('ZZZZZ-ZZZZY', PROXY, behindProxy, {
			'x-forwarded-for': SCHOOL
		});
		expect([victimWrong.status, victimWrong.body.error]).toEqual([403, 'server-join-code']);
		const victim = await join(code, PROXY, behindProxy, { 'x-forwarded-for': SCHOOL });
		expect(victim.status).toBe(201);
	});

	it('counts by the address TRUST_PROXY proxies away: two proxies, the second from the right', async () => {
		const twoProxies = client(appOn(server.db, { trustProxy: 2 }));
		await register(L1, twoProxies);
		const via = (client: string) => ({ 'x-forwarded-for': `1.1.1.1, ${client}, 10.0.0.2` });
		for (let i = 0; i < 10; i++) await join(`ZZZZZ-ZZZZ${i}`, '10.0.0.3', twoProxies, via(SCHOOL));
		const limited = await join('ZZZZZ-ZZZZZ', '10.0.0.3', twoProxies, via(SCHOOL));
		expect(limited.status).toBe(429);
		const other = await join('ZZZZZ-ZZZZZ', '10.0.0.3', twoProxies, via(OUTSIDE));
		expect(other.status).toBe(403);
	});

	it('counts wrong codes naming a league against that league, from any address', async () => {
		await register(L1);
		const code = await register(L2);
		const replies = [];
		for (let i = 0; i < 101; i++) {
			const r = await call('POST', '/api/join', {
				json: { joinCode: `ZZZZZ-${String(i).padStart(5, 'Z')}`, deviceName: 'G', leagueId: L1 },
				from: `192.0.2.${i + 1}`
			});
			replies.push(r.status);
		}
		expect(replies.slice(0, 100)).toEqual(Array(100).fill(403));
		expect(replies[100]).toBe(429);
		// Another league's class is not slowed.
		expect((await join(code, '192.0.2.200')).status).toBe(201);
	});

	it('stores a join code keyed by the server secret: the database alone does not give it up', async () => {
		const code = await register(L1);
		const [row] = await server.db.query<{ code_hash: string }>('select code_hash from join_codes');
		const plain = code.replace('-', '');
		expect(row?.code_hash).toBe(joinCodeKey(TEST_SECRET, code));
		expect(row?.code_hash).not.toBe(createHash('sha256').update(plain).digest('hex'));
		// A server with another secret (rotated) does not take the codes of the old one.
		const rotated = client(appOn(server.db, { secret: Buffer.alloc(32, 9) }));
		expect((await join(code, SCHOOL, rotated)).status).toBe(403);
		expect((await join(code, SCHOOL)).status).toBe(201);
	});

	it('limits the leagues one address registers in an hour; another address still can', async () => {
		const limited = client(appOn(server.db, { registrationsPerHour: 3 }));
		const ids = ['1', '2', '3', '4'].map((n) => `b000000${n}-0000-4000-8000-000000000000`);
		const statuses = [];
		for (const id of ids) {
			statuses.push(
				(await limited('POST', '/api/leagues', { json: { id, name: 'P' }, from: SCHOOL })).status
			);
		}
		expect(statuses).toEqual([201, 201, 201, 429]);
		const refused = await limited('POST', '/api/leagues', {
			json: { id: L1, name: 'P' },
			from: SCHOOL
		});
		expect(refused.body.error).toBe('server-registrations-limited');
		const other = await limited('POST', '/api/leagues', {
			json: { id: L1, name: 'P' },
			from: OUTSIDE
		});
		expect(other.status).toBe(201);
	});
});
