/**
 * What the server judges before it reads a body, and what every answer carries (issue 38): a
 * push without a token of its league is refused with none of its body read; the bodies read at
 * once are bounded in total; league ids are the app's; a device of another league is told so;
 * every answer has the security headers; another origin may call the API.
 */
import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { ServerEnv } from '../../server/core/context';
import { SMALL_BODY } from '../../server/core/body';
import { signedCard } from './fixtures';
import { L1, L2, TARGETS, appOn, classOn, client } from './support';
import { testServer } from './test-server';

/** A body of `size` bytes as a stream that counts what the server read of it. */
function countedBody(size: number, stalled = false) {
	const chunk = new Uint8Array(65_536).fill(0x20);
	let read = 0;
	const stream = new ReadableStream<Uint8Array>(
		{
			async pull(controller) {
				if (stalled && read >= SMALL_BODY * 2) return new Promise<void>(() => {});
				if (read >= size) return controller.close();
				const part = chunk.subarray(0, Math.min(chunk.length, size - read));
				read += part.length;
				controller.enqueue(part);
			}
		},
		{ highWaterMark: 0 }
	);
	return { stream, read: () => read };
}

function push(
	app: Hono<ServerEnv>,
	leagueId: string,
	token: string | null,
	body: ReadableStream,
	length?: number
) {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (token) headers.authorization = `Bearer ${token}`;
	if (length !== undefined) headers['content-length'] = String(length);
	return app.request(`/api/leagues/${leagueId}/cards`, {
		method: 'POST',
		headers,
		body,
		duplex: 'half'
	} as RequestInit);
}

describe.each(TARGETS)('requests on $name', (target) => {
	const server = testServer(target);
	const { call } = server;

	it('refuses a 1.5 MB push with no token, a made-up one or another league’s, reading none of it', async () => {
		await classOn(call, L1);
		const other = await classOn(call, L2);
		for (const [token, status, code] of [
			[null, 401, 'server-unauthorized'],
			['mld_made-up', 401, 'server-unauthorized'],
			[other.devices[0]?.token ?? '', 403, 'server-other-league']
		] as const) {
			const body = countedBody(1_500_000);
			const res = await push(server.app, L1, token, body.stream);
			expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([status, code]);
			expect(body.read()).toBe(0);
		}
	});

	it('tells a device of another league so, not that only the instructor may', async () => {
		await classOn(call, L1);
		const other = await classOn(call, L2);
		const r = await call('POST', `/api/leagues/${L1}/cards`, {
			token: other.devices[0]?.token,
			json: await signedCard(L1)
		});
		expect([r.status, r.body.error]).toEqual([403, 'server-other-league']);
		expect(r.body.message).not.toMatch(/instructor/);
	});

	it('bounds the large bodies read at once; a card still goes in', async () => {
		const budgeted = appOn(server.db, { largeBodiesBudget: 200_000 });
		const { devices } = await classOn(client(budgeted), L1);
		const token = devices[0]?.token ?? '';
		// Two large bodies that never finish hold the budget between them.
		const stalled = [countedBody(900_000, true), countedBody(900_000, true)];
		const held = stalled.map((b) => push(budgeted, L1, token, b.stream));
		await expect.poll(() => stalled.map((b) => b.read() > SMALL_BODY)).toEqual([true, true]);
		const third = await push(budgeted, L1, token, countedBody(900_000).stream, 900_000);
		expect([third.status, ((await third.json()) as { error: string }).error]).toEqual([
			503,
			'server-busy'
		]);
		expect(third.headers.get('retry-after')).toBe('2');
		const card = await client(budgeted)('POST', `/api/leagues/${L1}/cards`, {
			token,
			json: await signedCard(L1)
		});
		expect(card.status).toBe(201);
		for (const b of stalled) await b.stream.cancel().catch(() => {});
		void held;
	});

	it.each([
		['LEAGUEB'],
		['leagueB '],
		['A1111111-1111-4111-8111-111111111111'],
		['a1111111-1111-4111-8111-11111111111'],
		['..%2F..%2Fetc']
	])('refuses league id %j (400), on every league route', async (id) => {
		const { instructor } = await classOn(call, L1);
		const path = `/api/leagues/${encodeURIComponent(id)}`;
		for (const [method, suffix] of [
			['GET', ''],
			['POST', '/cards'],
			['GET', '/devices']
		] as const) {
			const r = await call(method, `${path}${suffix}`, { token: instructor });
			expect([r.status, r.body.error]).toEqual([400, 'server-malformed']);
		}
		const made = await call('POST', '/api/leagues', { json: { id, name: 'P3' } });
		expect([made.status, made.body.error]).toEqual([400, 'server-malformed']);
		expect(await server.db.query('select id from leagues where id <> $1', [L1])).toEqual([]);
	});

	it('puts the security headers on every answer, the API’s allowing nothing', async () => {
		for (const path of ['/api/health', '/api/nothing', `/api/leagues/${L1}`]) {
			const res = await server.app.request(path);
			expect(res.headers.get('x-content-type-options')).toBe('nosniff');
			expect(res.headers.get('referrer-policy')).toBe('no-referrer');
			expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
			expect(res.headers.get('content-security-policy')).toBe(
				"default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
			);
		}
	});

	it('answers the app opened at another of the server’s addresses (CORS, no credentials)', async () => {
		const { devices } = await classOn(call, L1);
		const preflight = await server.app.request(`/api/leagues/${L1}/cards`, {
			method: 'OPTIONS',
			headers: {
				origin: 'http://localhost:8787',
				'access-control-request-method': 'POST',
				'access-control-request-headers': 'authorization, content-type'
			}
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
		expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
			'authorization'
		);
		expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
		const r = await server.app.request(`/api/leagues/${L1}/cards`, {
			method: 'POST',
			headers: {
				origin: 'http://localhost:8787',
				authorization: `Bearer ${devices[0]?.token}`,
				'content-type': 'application/json'
			},
			body: JSON.stringify(await signedCard(L1))
		});
		expect(r.status).toBe(201);
		expect(r.headers.get('access-control-allow-origin')).toBe('*');
	});
});
