/**
 * A league's changes as Server-Sent Events (issue 40): the instructor's stream carries its
 * games' live entries, their states, new cards and the league's changes; a phone's only the
 * league's changes. Resumed from its last id, a stream sends everything after it, nothing twice.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { sealed } from '$lib/transfer/sealed';
import { LiveHubs } from '../../server/core/live-hubs';
import { handedOut, rosterBody, signedCard } from './fixtures';
import {
	liveClass,
	liveMessage,
	reportState,
	streamReader,
	type Phone,
	type StreamMessage
} from './live-support';
import { L1, L2, TARGETS, appOn, classOn, client, silent } from './support';
import { testServer } from './test-server';

describe.each(TARGETS)('a league stream, on $name', (target) => {
	const server = testServer(target);
	const { call } = server;

	/** Opens league `league`'s stream with `token`, resuming from `last` when given. */
	async function open(
		token: string,
		opts: { last?: string; query?: string; league?: string; app?: typeof server.app } = {}
	) {
		const headers: Record<string, string> = { authorization: `Bearer ${token}` };
		if (opts.last !== undefined) headers['last-event-id'] = opts.last;
		const res = await (opts.app ?? server.app).request(
			`/api/leagues/${opts.league ?? L1}/stream${opts.query ?? ''}`,
			{ headers }
		);
		return { res, stream: res.status === 200 && res.body ? streamReader(res.body) : null };
	}
	const send = async (phone: Phone, gameId: string, from: number, to: number) => {
		const r = await call('POST', `/api/leagues/${L1}/live`, {
			token: phone.token,
			json: await liveMessage(L1, gameId, from, to, phone.signer)
		});
		expect(r.status).toBe(200);
	};
	const seqsOf = (m: { data: Record<string, unknown> }) =>
		(m.data.events as { seq: number }[]).map((e) => e.seq);

	it("sends the instructor, fresh, what is held: live entries, states, cards and the league's number", async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		await send(phones[0]!, gameId, 1, 3);
		const { res, stream } = await open(instructor);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/event-stream');
		expect(res.headers.get('cache-control')).toBe('no-cache');
		const [live, state, cards, league] = await stream!.take(4);
		expect([live!.event, seqsOf(live!), (live!.data.game as { id: string }).id]).toEqual([
			'live',
			[1, 2, 3],
			gameId
		]);
		expect(state).toMatchObject({
			event: 'state',
			data: { gameId, state: 'joined', heardAt: expect.any(String) }
		});
		expect(cards).toMatchObject({ event: 'cards', data: { last: 0 } });
		expect(league).toMatchObject({ event: 'league', data: { seq: 2 } });
		await stream!.close();
	});

	it('sends each change as it happens, to the instructor all of it, to a phone the league only', async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const phone = phones[0]!;
		const teacher = (await open(instructor)).stream!;
		const group = (await open(phone.token)).stream!;
		expect((await teacher.take(3)).map((m) => m.event)).toEqual(['state', 'cards', 'league']);
		expect((await group.take(1))[0]).toMatchObject({ event: 'league', data: { seq: 2 } });

		await send(phone, gameId, 1, 2);
		const [live] = await teacher.take(1);
		expect([live!.event, seqsOf(live!)]).toEqual(['live', [1, 2]]);
		await reportState(call, L1, phone.token, gameId, 'playing');
		expect((await teacher.take(1))[0]).toMatchObject({
			event: 'state',
			data: { gameId, state: 'playing' }
		});
		const card = await sealed(await signedCard(L1, gameId), phone.signer);
		await call('POST', `/api/leagues/${L1}/cards`, { token: phone.token, json: card });
		expect((await teacher.take(1))[0]).toMatchObject({ event: 'cards', data: { last: 1 } });
		await call('PUT', `/api/leagues/${L1}/roster`, { token: instructor, json: rosterBody() });
		expect((await teacher.take(1))[0]).toMatchObject({ event: 'league', data: { seq: 3 } });

		const phoneSaw = [...(await group.take(1)), ...(await group.drain())];
		expect(phoneSaw.map((m) => [m.event, m.data])).toEqual([['league', { seq: 3 }]]);
		expect(await teacher.drain()).toEqual([]);
		await teacher.close();
		await group.close();
	});

	it('resumes from Last-Event-ID (or ?last=) with nothing missed and nothing twice', async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const phone = phones[0]!;
		await send(phone, gameId, 1, 2);
		const first = (await open(instructor)).stream!;
		const held = await first.take(4);
		await send(phone, gameId, 3, 4);
		const [middle] = await first.take(1);
		await first.close();

		// While it is away: more entries, a state, a card of another game, a league change.
		await send(phone, gameId, 5, 5);
		await reportState(call, L1, phone.token, gameId, 'finished');
		const other = await signedCard(L1);
		await call('POST', `/api/leagues/${L1}/cards`, {
			token: phone.token,
			json: await sealed(other, phone.signer)
		});
		await send(phone, gameId, 6, 7);
		await call('PUT', `/api/leagues/${L1}/roster`, { token: instructor, json: rosterBody() });

		// Entries of one game one after another come as one message; then the states, the
		// cards' number and the league's.
		const shape = (m: { event: string; data: Record<string, unknown> }) => [
			m.event,
			m.event === 'live' ? seqsOf(m) : (m.data.state ?? m.data.last ?? m.data.seq)
		];
		const expected = [
			['live', [5, 6, 7]],
			['state', 'finished'],
			['cards', 1],
			['league', 3]
		];
		const byHeader = (await open(instructor, { last: middle!.id })).stream!;
		expect([...(await byHeader.take(4)), ...(await byHeader.drain())].map(shape)).toEqual(expected);
		await byHeader.close();
		const byQuery = (await open(instructor, { query: `?last=${middle!.id}` })).stream!;
		expect([...(await byQuery.take(4)), ...(await byQuery.drain())].map(shape)).toEqual(expected);
		await byQuery.close();

		// From the first message's id: everything after it, once.
		const again = (await open(instructor, { last: held[0]!.id })).stream!;
		const all = [...(await again.take(4)), ...(await again.drain())];
		expect(all.map(shape)).toEqual([['live', [3, 4, 5, 6, 7]], ...expected.slice(1)]);
		// The last id of a stream is where everything is: nothing more comes.
		const latest = (await open(instructor, { last: all.at(-1)!.id })).stream!;
		expect(await latest.drain()).toEqual([]);
		await latest.close();
		await again.close();
	});

	it('streams every entry of two games played at once exactly once, resumed or not', async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const second = await handedOut(L1, 'S2');
		await call('PUT', `/api/leagues/${L1}/groups/S2`, { token: instructor, json: second });
		const otherGame = second.groups[0]!.gameId;
		await reportState(call, L1, phones[1]!.token, otherGame, 'joined');
		const teacher = (await open(instructor)).stream!;
		await teacher.take(4);
		/** A phone sends entries 1 to 24 in messages of 3, each sent twice at once (a retry). */
		const play = async (phone: Phone, game: string) => {
			for (let from = 1; from <= 24; from += 3) {
				const message = await liveMessage(L1, game, from, from + 2, phone.signer);
				const sent = () =>
					call('POST', `/api/leagues/${L1}/live`, { token: phone.token, json: message });
				expect((await Promise.all([sent(), sent()])).map((r) => r.status)).toEqual([200, 200]);
			}
		};
		await Promise.all([play(phones[0]!, gameId), play(phones[1]!, otherGame)]);
		const got: StreamMessage[] = [];
		while (got.flatMap((m) => (m.event === 'live' ? seqsOf(m) : [])).length < 48) {
			got.push(...(await teacher.take(1)));
		}
		expect(await teacher.drain()).toEqual([]);
		await teacher.close();
		const byGame = (messages: StreamMessage[], game: string) =>
			messages
				.filter((m) => m.event === 'live' && (m.data.game as { id: string }).id === game)
				.flatMap(seqsOf);
		const all = Array.from({ length: 24 }, (_, i) => i + 1);
		expect([byGame(got, gameId), byGame(got, otherGame)]).toEqual([all, all]);
		// Resumed from any message: exactly the entries after it.
		const live = got.filter((m) => m.event === 'live');
		const cut = Math.floor(live.length / 2);
		const rest = (await open(instructor, { last: live[cut - 1]!.id })).stream!;
		const after: StreamMessage[] = [];
		for (;;) {
			const more = await rest.drain(500);
			if (more.length === 0) break;
			after.push(...more);
		}
		await rest.close();
		const expected = live.slice(cut);
		expect([byGame(after, gameId), byGame(after, otherGame)]).toEqual([
			byGame(expected, gameId),
			byGame(expected, otherGame)
		]);
	});

	it("gives a phone's token no live game, state or card of any league", async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const l2 = await liveClass(call, L2);
		const watching = [
			(await open(phones[0]!.token)).stream!,
			(await open(phones[1]!.token)).stream!,
			(await open(l2.phones[0]!.token, { league: L2 })).stream!
		];
		const teacher = (await open(instructor)).stream!;
		await send(phones[0]!, gameId, 1, 3);
		await reportState(call, L1, phones[0]!.token, gameId, 'playing');
		const l2live = await liveMessage(L2, l2.gameId, 1, 2, l2.phones[0]!.signer);
		await call('POST', `/api/leagues/${L2}/live`, { token: l2.phones[0]!.token, json: l2live });
		await call('POST', `/api/leagues/${L1}/cards`, {
			token: phones[0]!.token,
			json: await sealed(await signedCard(L1), phones[0]!.signer)
		});
		// The instructor's stream saw all of it: the phones' would have, had they been sent it.
		const seen = [...(await teacher.take(6)), ...(await teacher.drain())];
		expect(seen.map((m) => m.event)).toEqual([
			'state',
			'cards',
			'league',
			'live',
			'state',
			'cards'
		]);
		for (const s of watching) {
			const got = await s.drain(500);
			expect(got.map((m) => m.event)).toEqual(['league']);
			expect(got[0]!.id).toMatch(/^0-0-\d+-0$/);
			await s.close();
		}
		// A phone's cursor asks for nothing more than the league.
		const resumed = (await open(phones[0]!.token, { last: seen.at(-1)!.id })).stream!;
		expect(await resumed.drain()).toEqual([]);
		await resumed.close();
		await teacher.close();
	});

	it('refuses a token of another league, no token, and a cursor it did not write', async () => {
		const { instructor } = await liveClass(call, L1);
		const l2 = await classOn(call, L2);
		const statuses = [
			(await open(l2.instructor)).res,
			(await open(l2.devices[0]!.token)).res,
			(await open('')).res,
			(await open(instructor, { last: 'abc' })).res,
			(await open(instructor, { query: '?last=1-2-3' })).res
		];
		expect(
			await Promise.all(
				statuses.map(async (r) => [r.status, ((await r.json()) as { error: string }).error])
			)
		).toEqual([
			[403, 'server-other-league'],
			[403, 'server-other-league'],
			[401, 'server-unauthorized'],
			[400, 'server-malformed'],
			[400, 'server-malformed']
		]);
	});

	describe('held by a process', () => {
		/** An app of its own on the test's database, with hubs it can look into. */
		function processOn(opts: ConstructorParameters<typeof LiveHubs>[2] = {}) {
			const hubs = new LiveHubs(server.db, silent, opts);
			const app = appOn(server.db, { live: hubs });
			return { hubs, app, call: client(app) };
		}

		it('sends what another process wrote, found by its slow check', async () => {
			const { instructor, phones, gameId } = await liveClass(call, L1);
			const here = processOn({ checkMs: 100 });
			const teacher = (await open(instructor, { app: here.app })).stream!;
			await teacher.take(3);
			// Written through the tests' app, whose hubs are not this one's.
			await send(phones[0]!, gameId, 1, 2);
			await call('PUT', `/api/leagues/${L1}/roster`, { token: instructor, json: rosterBody() });
			const [live, league] = await teacher.take(2, 3000);
			expect([live!.event, seqsOf(live!), league!.event, league!.data.seq]).toEqual([
				'live',
				[1, 2],
				'league',
				3
			]);
			await teacher.close();
			here.hubs.close();
		});

		it('keeps the streams of a league whose hub was made while a check was reading', async () => {
			// The check reads the leagues that had hubs when it began; a league's first stream
			// opened meanwhile is not in its answer, and was taken for a league gone: its streams
			// ended as they opened (the live bench's instructors that heard nothing, 2026-12-02).
			const two = await liveClass(call, L2);
			let hold: (() => void) | null = null;
			let holdNext = false;
			const db = {
				...server.db,
				query: (async (sql: string, params?: unknown[]) => {
					if (holdNext && sql.includes('state_seq as league')) {
						holdNext = false;
						await new Promise<void>((resolve) => (hold = resolve));
					}
					return server.db.query(sql, params);
				}) as typeof server.db.query
			};
			const hubs = new LiveHubs(db, silent, { checkMs: 3_600_000 });
			const app = appOn(db, { live: hubs });
			const { instructor } = await liveClass(client(app), L1);
			const first = (await open(instructor, { app })).stream!;
			await first.take(3);
			holdNext = true;
			const checking = hubs.check();
			const later = (await open(two.instructor, { app, league: L2 })).stream!;
			await later.take(3);
			expect(hold).not.toBeNull();
			hold!();
			await checking;
			expect(await later.endsWithin(300)).toBe(false);
			expect(hubs.open).toBe(2);
			// Sent through this process's app, whose hubs it pokes.
			const r = await client(app)('POST', `/api/leagues/${L2}/live`, {
				token: two.phones[0]!.token,
				json: await liveMessage(L2, two.gameId, 1, 1, two.phones[0]!.signer)
			});
			expect(r.status).toBe(200);
			const [live] = await later.take(1, 3000);
			expect([live!.event, seqsOf(live!)]).toEqual(['live', [1]]);
			await first.close();
			await later.close();
			hubs.close();
		});

		it('answers 503 server-busy past its most streams, and counts a stream gone when its client goes', async () => {
			const { instructor, phones } = await liveClass(call, L1);
			const here = processOn({ maxStreams: 2 });
			const a = await open(instructor, { app: here.app });
			const b = await open(phones[0]!.token, { app: here.app });
			const refused = await open(phones[1]!.token, { app: here.app });
			expect([refused.res.status, refused.res.headers.get('retry-after')]).toEqual([503, '5']);
			expect(((await refused.res.json()) as { error: string }).error).toBe('server-busy');
			expect(here.hubs.open).toBe(2);
			await a.stream!.take(1);
			await a.stream!.close();
			expect(here.hubs.open).toBe(1);
			const c = await open(phones[1]!.token, { app: here.app });
			expect(c.res.status).toBe(200);
			await b.stream!.close();
			await c.stream!.close();
			expect([here.hubs.open, here.hubs.hub(L1)]).toEqual([0, undefined]);
			here.hubs.close();
		});

		it("ends every stream when the server stops, and a removed phone's at once", async () => {
			const { instructor, phones } = await liveClass(call, L1);
			const here = processOn();
			const removed = (await open(phones[0]!.token, { app: here.app })).stream!;
			const kept = (await open(phones[1]!.token, { app: here.app })).stream!;
			const teacher = (await open(instructor, { app: here.app })).stream!;
			await removed.take(1);
			await here.call('DELETE', `/api/leagues/${L1}/devices/${phones[0]!.id}`, {
				token: instructor
			});
			expect(await removed.endsWithin()).toBe(true);
			expect(kept.ended).toBe(false);
			here.hubs.close();
			expect([await kept.endsWithin(), await teacher.endsWithin()]).toEqual([true, true]);
			expect(here.hubs.open).toBe(0);
			const after = await open(instructor, { app: here.app });
			expect(after.res.status).toBe(503);
		});

		it('forgets a stream whose client went, over HTTP, and ends the others when it stops', async () => {
			const { instructor } = await liveClass(call, L1);
			const here = processOn();
			const http = serve({
				fetch: here.app.fetch,
				port: 0,
				hostname: '127.0.0.1',
				overrideGlobalObjects: false
			});
			await once(http, 'listening');
			const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/leagues/${L1}/stream`;
			const headers = { authorization: `Bearer ${instructor}` };
			const leaving = new AbortController();
			const gone = await fetch(url, { headers, signal: leaving.signal });
			// Over HTTP the stream writes to Node's answer itself: the headers the middleware gives
			// every other answer are its own.
			expect(
				['content-type', 'cache-control', 'access-control-allow-origin', 'x-content-type-options']
					.map((name) => gone.headers.get(name))
					.concat(
						gone.headers.get('content-security-policy')?.startsWith("default-src 'none'")
							? 'api policy'
							: 'none'
					)
			).toEqual(['text/event-stream', 'no-cache', '*', 'nosniff', 'api policy']);
			await streamReader(gone.body!).take(3);
			const staying = streamReader((await fetch(url, { headers })).body!);
			await staying.take(3);
			expect(here.hubs.open).toBe(2);
			leaving.abort();
			for (let i = 0; i < 50 && here.hubs.open > 1; i++) await setTimeout(20);
			expect(here.hubs.open).toBe(1);
			// The server stops: the streams end first, so closing it does not wait on them.
			here.hubs.close();
			expect(await staying.endsWithin()).toBe(true);
			// serve.ts exits once the database closes; the test's client keeps its sockets a while.
			(http as Server).closeAllConnections();
			await new Promise((done) => http.close(done));
		});

		it('keeps every stream open with a comment line', async () => {
			const { phones } = await liveClass(call, L1);
			const here = processOn({ pingMs: 50 });
			const s = (await open(phones[0]!.token, { app: here.app })).stream!;
			await s.take(1);
			await s.drain(300);
			expect(s.pings).toBeGreaterThanOrEqual(2);
			await s.close();
			here.hubs.close();
		});
	});
});
