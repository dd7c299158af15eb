/**
 * The push route's own Node listener (server/push-listener.ts) answers every push exactly as
 * Hono's route does: each request here goes to a real HTTP server with the listener in front of
 * Hono, and the same request to the same app in-process (Hono's route), and both answers must
 * agree: status, JSON body, content type. It also takes only the pushes it should (the others
 * reach Hono), logs each as Hono's middleware does, and keeps a keep-alive connection usable.
 */
import { createServer, request, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createServerParts } from '../../server/app';
import type { Database } from '../../server/db';
import type { PushRoute } from '../../server/push-route';
import { withPushListener } from '../../server/push-listener';
import { BODY_LIMIT } from '../../server/schemas';
import { TEMPLATE, signedCard } from './fixtures';
import { OPEN_TIMEOUT, TARGETS, classOn, client, emptyTables, silent, type Call } from './support';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 8805) + 3;
const BASE = `http://127.0.0.1:${PORT}`;

interface Answer {
	status: number;
	type: string | null;
	body: unknown;
}

async function answerOf(res: Response): Promise<Answer> {
	const text = await res.text();
	return {
		status: res.status,
		type: res.headers.get('content-type'),
		body: text ? (JSON.parse(text) as unknown) : null
	};
}

describe.each(TARGETS)('the push listener on $name', (target) => {
	let db: Database;
	let drop: () => Promise<void>;
	let app: Hono;
	let server: Server;
	let call: Call;
	/** Pushes the listener took itself, and the JSON lines it logged. */
	let taken = 0;
	const logged: Record<string, unknown>[] = [];

	beforeAll(async () => {
		({ db, drop } = await target.open());
		const log = pino(
			{ level: 'info' },
			new Writable({
				write(chunk: Buffer, _encoding, done) {
					logged.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
					done();
				}
			})
		);
		const parts = createServerParts({ db, log: silent });
		app = parts.app;
		const counted: PushRoute = (...args) => {
			taken++;
			return parts.push(...args);
		};
		server = createServer(withPushListener(counted, log, getRequestListener(app.fetch)));
		await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
		call = client(app);
	}, OPEN_TIMEOUT);
	afterAll(async () => {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
		await db.close();
		await drop();
	});
	beforeEach(async () => {
		taken = 0;
		logged.length = 0;
		await emptyTables(db);
	});

	/** The same push over HTTP (the listener) and in-process (Hono's route). */
	async function both(path: string, init: { token?: string; body?: string }) {
		const headers: Record<string, string> = { 'content-type': 'application/json' };
		if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
		const req = { method: 'POST', headers, body: init.body };
		const listener = await answerOf(await fetch(`${BASE}${path}`, req));
		const hono = await answerOf(await app.request(path, req));
		return { listener, hono };
	}

	it('stores a card as Hono would: 201, then 200 by either', async () => {
		const { instructor, devices } = await classOn(call, 'L1', 2);
		const card = JSON.stringify(await signedCard('L1'));
		const path = '/api/leagues/L1/cards';
		const first = await both(path, { token: devices[0]?.token, body: card });
		expect(first.listener).toEqual({
			status: 201,
			type: 'application/json',
			body: { seq: 1, stored: true }
		});
		expect(first.hono).toEqual({ ...first.listener, status: 200, body: { seq: 1, stored: false } });
		const again = await both(path, { token: instructor, body: card });
		expect(again.listener).toEqual(again.hono);
		expect(taken).toBe(2);
		const pulled = await call('GET', '/api/leagues/L1/cards', { token: instructor });
		expect((pulled.body.cards as { card: unknown }[]).map((c) => c.card)).toEqual([
			JSON.parse(card)
		]);
		expect(logged.filter((l) => l.msg === 'request')).toEqual([
			expect.objectContaining({ method: 'POST', path, status: 201, ms: expect.any(Number) }),
			expect.objectContaining({ method: 'POST', path, status: 200, ms: expect.any(Number) })
		]);
	});

	it('refuses as Hono would, for every reason, and stores nothing', async () => {
		const { instructor, devices } = await classOn(call, 'L1', 2);
		const other = await classOn(call, 'L2');
		await call('DELETE', `/api/leagues/L1/devices/${devices[1]?.id}`, { token: instructor });
		const card = await signedCard('L1');
		const text = JSON.stringify(card);
		const phone = devices[0]?.token;
		const cases: [string, { token?: string; body?: string }, number, string][] = [
			['no token', { body: text }, 401, 'server-unauthorized'],
			['an unknown token', { token: 'mld_nobody', body: text }, 401, 'server-unauthorized'],
			['a revoked phone', { token: devices[1]?.token, body: text }, 401, 'server-revoked'],
			[
				'another league’s phone',
				{ token: other.devices[0]?.token, body: text },
				403,
				'server-forbidden'
			],
			[
				'another league’s instructor',
				{ token: other.instructor, body: text },
				403,
				'server-forbidden'
			],
			['not JSON', { token: phone, body: '{"app":' }, 400, 'server-malformed'],
			['an empty body', { token: phone, body: '' }, 400, 'server-malformed'],
			['a list', { token: phone, body: '[1]' }, 400, 'transfer-foreign'],
			[
				'no events',
				{ token: phone, body: JSON.stringify({ ...card, events: undefined }) },
				400,
				'transfer-damaged'
			],
			[
				'a later format',
				{ token: phone, body: JSON.stringify({ ...card, format: 2 }) },
				422,
				'transfer-newer'
			],
			[
				'unsigned',
				{ token: phone, body: JSON.stringify({ ...card, signatures: card.signatures.slice(1) }) },
				422,
				'inbox-unsigned'
			],
			['not JSON, no token', { body: 'nope' }, 401, 'server-unauthorized'],
			[
				'not JSON, another league',
				{ token: other.instructor, body: 'nope' },
				403,
				'server-forbidden'
			]
		];
		for (const [name, init, status, error] of cases) {
			const { listener, hono } = await both('/api/leagues/L1/cards', init);
			expect({ name, ...listener }).toEqual({ name, ...hono });
			expect([name, listener.status, (listener.body as { error: string }).error]).toEqual([
				name,
				status,
				error
			]);
			expect(listener.type).toBe('application/json');
		}
		// A seat not on the roster: the reasons come along.
		const [, ...rest] = TEMPLATE.signatures;
		await call('PUT', '/api/leagues/L1/roster', {
			token: instructor,
			json: { players: rest.map((s) => ({ id: s.playerId, name: s.name })) }
		});
		const off = await both('/api/leagues/L1/cards', { token: phone, body: text });
		expect(off.listener).toEqual(off.hono);
		expect(off.listener.status).toBe(422);
		expect(taken).toBe(cases.length + 1);
		expect((await call('GET', '/api/leagues/L1/cards', { token: instructor })).body.cards).toEqual(
			[]
		);
	});

	it('refuses a body over the limit by its length (413), before its token', async () => {
		const { instructor, devices } = await classOn(call, 'L1');
		const big = JSON.stringify({ ...(await signedCard('L1')), padding: 'x'.repeat(BODY_LIMIT) });
		for (const token of [devices[0]?.token, undefined]) {
			const { listener, hono } = await both('/api/leagues/L1/cards', { token, body: big });
			expect(listener).toEqual(hono);
			expect(listener.status).toBe(413);
		}
		expect((await call('GET', '/api/leagues/L1/cards', { token: instructor })).body.cards).toEqual(
			[]
		);
	});

	it('reads a body with a byte order mark, and a path with a query, as Hono does', async () => {
		const { devices } = await classOn(call, 'L1');
		const token = devices[0]?.token;
		const bom = await both('/api/leagues/L1/cards?from=phone', {
			token,
			body: `\ufeff${JSON.stringify(await signedCard('L1'))}`
		});
		expect([bom.listener.status, bom.hono.status]).toEqual([201, 200]);
		expect(taken).toBe(1);
		expect(logged.find((l) => l.msg === 'request')?.path).toBe('/api/leagues/L1/cards');
	});

	it('hands Hono every other request, and pushes it does not take exactly as Hono would', async () => {
		const { devices } = await classOn(call, 'L1');
		const token = devices[0]?.token ?? '';
		const card = JSON.stringify(await signedCard('L1'));
		const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
		// An encoded league id, a trailing slash, another method, another route.
		const encoded = await fetch(`${BASE}/api/leagues/%4C1/cards`, {
			method: 'POST',
			headers,
			body: card
		});
		expect(encoded.status).toBe(201);
		const slash = await fetch(`${BASE}/api/leagues/L1/cards/`, {
			method: 'POST',
			headers,
			body: card
		});
		expect(slash.status).toBe(404);
		const pull = await fetch(`${BASE}/api/leagues/L1/cards`, { headers });
		expect(pull.status).toBe(403);
		const health = await answerOf(await fetch(`${BASE}/api/health`));
		expect(health.body).toMatchObject({ ok: true });
		expect(taken).toBe(0);
	});

	it('keeps a keep-alive connection for the next push after a refusal it did not read', async () => {
		const { devices } = await classOn(call, 'L1');
		const agent = new (await import('node:http')).Agent({ keepAlive: true, maxSockets: 1 });
		const post = (body: string, token?: string) =>
			new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
				const req = request(
					`${BASE}/api/leagues/L1/cards`,
					{
						method: 'POST',
						agent,
						headers: {
							'content-type': 'application/json',
							'content-length': Buffer.byteLength(body),
							...(token ? { authorization: `Bearer ${token}` } : {})
						}
					},
					(res) => {
						res.resume();
						res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
					}
				);
				req.on('error', reject);
				req.end(body);
			});
		const card = JSON.stringify(await signedCard('L1'));
		// No token: answered without reading the card, which Node then reads past.
		const refused = await post(card);
		const stored = await post(card, devices[0]?.token);
		agent.destroy();
		expect([refused.status, stored.status]).toEqual([401, 201]);
		expect(stored.socket).toBe(refused.socket);
	});
});
