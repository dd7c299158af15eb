import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../server/core/body';
import { TEMPLATE, handedOut, signedCard, standings } from './fixtures';
import { L1, L2, TARGETS, appOn, classOn, client } from './support';
import { testServer } from './test-server';
import { sealed } from '$lib/transfer/sealed';
import { TRANSFER_FORMAT } from '$lib/transfer/schema';
import { newSigner } from '../unit/class-loop/owner-keys';

describe.each(TARGETS)('the school server on $name', (target) => {
	const server = testServer(target, { joinFailures: 3 });
	const { call } = server;

	const pull = async (leagueId: string, token: string, after = 0, limit?: number) =>
		call('GET', `/api/leagues/${leagueId}/cards?after=${after}${limit ? `&limit=${limit}` : ''}`, {
			token
		});

	it('says it is healthy and which database it runs on', async () => {
		const r = await call('GET', '/api/health');
		expect(r).toEqual({
			status: 200,
			body: { ok: true, database: target.name, reachable: true, version: null }
		});
	});

	describe('registering a league and joining it', () => {
		it('gives the instructor a token and a join code; a phone gets its own token', async () => {
			const made = await call('POST', '/api/leagues', { json: { id: L1, name: 'Period 3' } });
			expect(made.status).toBe(201);
			expect(made.body.instructorToken).toMatch(/^mli_[\w-]{43}$/);
			expect(made.body.joinCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
			// Typed in small letters without the dash, the code still works.
			const typed = (made.body.joinCode as string).replace('-', '').toLowerCase();
			const joined = await call('POST', '/api/join', {
				json: { joinCode: typed, deviceName: 'Group 1' }
			});
			expect(joined.status).toBe(201);
			expect(joined.body).toMatchObject({ leagueId: L1 });
			expect(joined.body.deviceToken).toMatch(/^mld_/);
		});

		it('stores tokens and codes hashed only', async () => {
			const { instructor, joinCode, devices } = await classOn(call, L1);
			const dump = JSON.stringify([
				await server.db.query('select * from leagues'),
				await server.db.query('select * from devices'),
				await server.db.query('select * from join_codes')
			]);
			for (const secret of [instructor, devices[0]?.token, joinCode.replace('-', '')]) {
				expect(dump).not.toContain(secret);
			}
		});

		it('refuses a league id already registered', async () => {
			await call('POST', '/api/leagues', { json: { id: L1, name: 'Period 3' } });
			const again = await call('POST', '/api/leagues', { json: { id: L1, name: 'Mine now' } });
			expect(again.status).toBe(409);
			expect(again.body.error).toBe('server-league-exists');
		});

		it('refuses an expired join code', async () => {
			const expired = client(appOn(server.db, { joinCodeDays: 0 }));
			const made = await expired('POST', '/api/leagues', { json: { id: L1, name: 'P3' } });
			const joined = await call('POST', '/api/join', {
				json: { joinCode: made.body.joinCode, deviceName: 'Group 1' }
			});
			expect(joined.status).toBe(403);
			expect(joined.body.error).toBe('server-join-code');
		});

		it('retires old join codes when the instructor asks for a new one', async () => {
			const { instructor, joinCode } = await classOn(call, L1, 0);
			const renewed = await call('POST', `/api/leagues/${L1}/join-code`, { token: instructor });
			expect(renewed.status).toBe(201);
			const old = await call('POST', '/api/join', { json: { joinCode, deviceName: 'G' } });
			expect(old.status).toBe(403);
			const fresh = await call('POST', '/api/join', {
				json: { joinCode: renewed.body.joinCode, deviceName: 'G' }
			});
			expect(fresh.status).toBe(201);
		});
	});

	describe('who may do what', () => {
		/** Every route that needs a token, and the roles that may call it. */
		const ROUTES: {
			method: string;
			path: string;
			roles: ('instructor' | 'device')[];
			json?: unknown;
		}[] = [
			{ method: 'GET', path: `/api/leagues/${L1}`, roles: ['instructor', 'device'] },
			{ method: 'PUT', path: `/api/leagues/${L1}`, roles: ['instructor'], json: { name: 'P4' } },
			{
				method: 'PUT',
				path: `/api/leagues/${L1}/roster`,
				roles: ['instructor'],
				json: { players: [] }
			},
			{
				method: 'PUT',
				path: `/api/leagues/${L1}/sessions`,
				roles: ['instructor'],
				json: { sessions: [] }
			},
			{ method: 'POST', path: `/api/leagues/${L1}/join-code`, roles: ['instructor'] },
			{ method: 'GET', path: `/api/leagues/${L1}/devices`, roles: ['instructor'] },
			{ method: 'DELETE', path: `/api/leagues/${L1}/devices/none`, roles: ['instructor'] },
			{ method: 'POST', path: `/api/leagues/${L1}/cards`, roles: ['instructor', 'device'] },
			{ method: 'GET', path: `/api/leagues/${L1}/cards`, roles: ['instructor'] },
			{ method: 'PUT', path: `/api/leagues/${L1}/groups/S1`, roles: ['instructor'] },
			{ method: 'GET', path: `/api/leagues/${L1}/groups`, roles: ['instructor', 'device'] },
			{
				method: 'PUT',
				path: `/api/leagues/${L1}/standings`,
				roles: ['instructor'],
				json: standings(L1, '2026-02-03T10:00:00.000Z')
			}
		];

		it.each(ROUTES)('$method $path: 401, 403 or allowed, by token', async (route) => {
			const mine = await classOn(call, L1);
			const other = await classOn(call, L2);
			const json =
				route.path.endsWith('/cards') && route.method === 'POST'
					? await signedCard(L1)
					: route.path.endsWith('/groups/S1')
						? await handedOut(L1, 'S1')
						: route.json;
			const as = (token?: string) => call(route.method, route.path, { token, json });
			const none = await as();
			expect([none.status, none.body.error]).toEqual([401, 'server-unauthorized']);
			const unknown = await as('mli_not-a-token');
			expect([unknown.status, unknown.body.error]).toEqual([401, 'server-unauthorized']);
			for (const token of [other.instructor, other.devices[0]?.token]) {
				const foreign = await as(token);
				expect([foreign.status, foreign.body.error]).toEqual([403, 'server-other-league']);
			}
			const device = await as(mine.devices[0]?.token);
			if (route.roles.includes('device')) expect(device.status).toBeLessThan(300);
			else expect([device.status, device.body.error]).toEqual([403, 'server-forbidden']);
			const instructor = await as(mine.instructor);
			// Revoking a device that does not exist is the one 404 an instructor meets here.
			expect(instructor.status).toBe(route.method === 'DELETE' ? 404 : instructor.status);
			if (route.method !== 'DELETE') expect(instructor.status).toBeLessThan(300);
		});

		it('stops a revoked phone: it can neither push nor read', async () => {
			const { instructor, devices } = await classOn(call, L1, 2);
			const [gone, kept] = devices;
			const revoked = await call('DELETE', `/api/leagues/${L1}/devices/${gone?.id}`, {
				token: instructor
			});
			expect(revoked.status).toBe(200);
			const push = await call('POST', `/api/leagues/${L1}/cards`, {
				token: gone?.token,
				json: await signedCard(L1)
			});
			expect([push.status, push.body.error]).toEqual([401, 'server-revoked']);
			const read = await call('GET', `/api/leagues/${L1}`, { token: gone?.token });
			expect(read.status).toBe(401);
			const other = await call('POST', `/api/leagues/${L1}/cards`, {
				token: kept?.token,
				json: await signedCard(L1)
			});
			expect(other.status).toBe(201);
			const list = await call('GET', `/api/leagues/${L1}/devices`, { token: instructor });
			const rows = list.body.devices as { id: string; revokedAt: string | null }[];
			expect(rows.map((d) => d.revokedAt !== null)).toEqual([true, false]);
		});
	});

	describe('the league a phone reads', () => {
		it('holds the roster and the sessions with their groups, as last pushed', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const players = TEMPLATE.signatures.map((s) => s.playerId);
			const session = {
				id: 'S1',
				leagueId: L1,
				date: '2026-02-03',
				present: players,
				groups: [{ players, gameId: null }],
				createdAt: '2026-02-03T09:00:00.000Z',
				updatedAt: '2026-02-03T09:00:00.000Z'
			};
			const put = await call('PUT', `/api/leagues/${L1}/sessions`, {
				token: instructor,
				json: { sessions: [session] }
			});
			expect(put.status).toBe(200);
			const read = await call('GET', `/api/leagues/${L1}`, { token: devices[0]?.token });
			expect(read.body.sessions).toEqual([session]);
			expect((read.body.roster as { id: string }[]).map((p) => p.id).sort()).toEqual(
				[...players].sort()
			);
		});

		it('refuses a session of another league', async () => {
			const { instructor } = await classOn(call, L1);
			const put = await call('PUT', `/api/leagues/${L1}/sessions`, {
				token: instructor,
				json: {
					sessions: [
						{
							id: 'S1',
							leagueId: L2,
							date: '2026-02-03',
							present: [],
							groups: [],
							createdAt: '2026-02-03T09:00:00.000Z',
							updatedAt: '2026-02-03T09:00:00.000Z'
						}
					]
				}
			});
			expect([put.status, put.body.error]).toEqual([400, 'server-malformed']);
		});
	});

	describe('the league and its groups on the phones', () => {
		const groups = (token: string | undefined, after = 0, limit?: number) =>
			call('GET', `/api/leagues/${L1}/groups?after=${after}${limit ? `&limit=${limit}` : ''}`, {
				token
			});

		it('gives a phone the sessions handed out, page by page, and a changed one again', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const phone = devices[0]?.token;
			const s1 = await handedOut(L1, 'S1');
			const s2 = await handedOut(L1, 'S2');
			for (const payload of [s1, s2]) {
				const put = await call('PUT', `/api/leagues/${L1}/groups/${payload.session.id}`, {
					token: instructor,
					json: payload
				});
				expect(put.status).toBe(200);
			}
			const first = await groups(phone, 0, 1);
			expect(first.status).toBe(200);
			expect(first.body.sessions).toEqual([s1]);
			expect(first.body.more).toBe(true);
			const second = await groups(phone, first.body.next as number, 1);
			expect(second.body.sessions).toEqual([s2]);
			const done = await groups(phone, second.body.next as number);
			expect(done.body).toEqual({ sessions: [], next: second.body.next, more: false });

			const newer = await handedOut(L1, 'S1', '2026-02-03T10:00:00.000Z');
			await call('PUT', `/api/leagues/${L1}/groups/S1`, { token: instructor, json: newer });
			const again = await groups(phone, second.body.next as number);
			expect(again.body.sessions).toEqual([newer]);
		});

		it('refuses groups that are not a session of this league', async () => {
			const { instructor } = await classOn(call, L1);
			const put = (path: string, json: unknown) => call('PUT', path, { token: instructor, json });
			const foreign = await put(`/api/leagues/${L1}/groups/S1`, await handedOut(L2, 'S1'));
			const renamed = await put(`/api/leagues/${L1}/groups/S9`, await handedOut(L1, 'S1'));
			const card = await put(`/api/leagues/${L1}/groups/S1`, await signedCard(L1));
			const junk = await put(`/api/leagues/${L1}/groups/S1`, { groups: 'all' });
			for (const r of [foreign, renamed, card, junk]) {
				expect([r.status, r.body.error]).toEqual([400, 'server-malformed']);
			}
			expect((await groups(instructor)).body.sessions).toEqual([]);
		});

		it('forgets the groups of a session the instructor deleted', async () => {
			const { instructor, devices } = await classOn(call, L1);
			await call('PUT', `/api/leagues/${L1}/groups/S1`, {
				token: instructor,
				json: await handedOut(L1, 'S1')
			});
			await call('PUT', `/api/leagues/${L1}/sessions`, {
				token: instructor,
				json: { sessions: [] }
			});
			expect((await groups(devices[0]?.token)).body.sessions).toEqual([]);
		});

		it('answers 304 to a phone that holds the league as it is, 200 once it changed', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const phone = devices[0]?.token;
			const read = await call('GET', `/api/leagues/${L1}`, { token: phone });
			const seq = read.body.seq as number;
			expect(seq).toBeGreaterThan(0);
			const same = await call('GET', `/api/leagues/${L1}?since=${seq}`, { token: phone });
			expect(same).toEqual({ status: 304, body: {} });
			await call('PUT', `/api/leagues/${L1}`, { token: instructor, json: { name: 'Period 4' } });
			const later = await call('GET', `/api/leagues/${L1}?since=${seq}`, { token: phone });
			expect([later.status, later.body.name]).toEqual([200, 'Period 4']);
			expect(later.body.seq).toBe(seq + 1);
			await call('PUT', `/api/leagues/${L1}/groups/S1`, {
				token: instructor,
				json: await handedOut(L1, 'S1')
			});
			const groupsChanged = await call('GET', `/api/leagues/${L1}?since=${seq + 1}`, {
				token: phone
			});
			expect(groupsChanged.body.seq).toBe(seq + 2);
			const bad = await call('GET', `/api/leagues/${L1}?since=-1`, { token: phone });
			expect([bad.status, bad.body.error]).toEqual([400, 'server-malformed']);
		});
	});

	describe('the standings shared with the phones', () => {
		const put = (token: string | undefined, json: unknown) =>
			call('PUT', `/api/leagues/${L1}/standings`, { token, json });
		const shown = async (token: string | undefined) =>
			(await call('GET', `/api/leagues/${L1}`, { token })).body.standings;

		it('reach a phone with the league, and raise its number', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const phone = devices[0]?.token;
			const before = await call('GET', `/api/leagues/${L1}`, { token: phone });
			expect(before.body.standings).toBeNull();
			const snapshot = standings(L1, '2026-02-03T10:00:00.000Z');
			const stored = await put(instructor, snapshot);
			expect(stored.status).toBe(200);
			expect(stored.body).toMatchObject({ stored: true, seq: (before.body.seq as number) + 1 });
			const after = await call('GET', `/api/leagues/${L1}?since=${before.body.seq}`, {
				token: phone
			});
			expect(after.status).toBe(200);
			expect(after.body.standings).toEqual(snapshot);
		});

		it('keep the newer: an older or the same snapshot changes nothing; a hide is newer', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const phone = devices[0]?.token;
			const newer = standings(L1, '2026-02-03T10:00:00.000Z');
			await put(instructor, newer);
			const seq = (await call('GET', `/api/leagues/${L1}`, { token: phone })).body.seq as number;
			const older = await put(instructor, standings(L1, '2026-02-03T09:59:59.000Z', 7));
			const same = await put(instructor, standings(L1, '2026-02-03T10:00:00.000Z', 9));
			for (const r of [older, same]) expect(r.body).toMatchObject({ stored: false, seq: null });
			expect(await shown(phone)).toEqual(newer);
			// Nothing was stored, so a phone holding the league is not sent it again.
			expect((await call('GET', `/api/leagues/${L1}?since=${seq}`, { token: phone })).status).toBe(
				304
			);
			const hide = { league: L1, at: '2026-02-03T11:00:00.000Z', rows: null };
			expect((await put(instructor, hide)).body).toMatchObject({ stored: true });
			expect(await shown(phone)).toEqual(hide);
		});

		it('refuse what is not a snapshot (400) and another league’s (422); nothing stored', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const at = '2026-02-03T10:00:00.000Z';
			const notJson = await call('PUT', `/api/leagues/${L1}/standings`, {
				token: instructor,
				raw: '{"league":'
			});
			const moreWonThanPlayed = await put(instructor, {
				league: L1,
				at,
				rows: [['Ana', 1, 2, 10, 1]]
			});
			const noTime = await put(instructor, { league: L1, rows: [] });
			const card = await put(instructor, await signedCard(L1));
			for (const r of [notJson, moreWonThanPlayed, noTime, card]) {
				expect([r.status, r.body.error]).toEqual([400, 'server-malformed']);
			}
			const foreign = await put(instructor, standings(L2, at));
			expect([foreign.status, foreign.body.error]).toEqual([422, 'standings-foreign']);
			expect(await shown(devices[0]?.token)).toBeNull();
		});
	});

	describe('pushing cards', () => {
		it('takes from a phone that joined with its key only the cards that key signed (issue 37)', async () => {
			const made = await call('POST', '/api/leagues', { json: { id: L1, name: 'Period 3' } });
			const { rosterBody } = await import('./fixtures');
			const instructor = made.body.instructorToken as string;
			await call('PUT', `/api/leagues/${L1}/roster`, { token: instructor, json: rosterBody() });
			const phone = await newSigner();
			const joined = await call('POST', '/api/join', {
				json: {
					joinCode: made.body.joinCode as string,
					deviceName: 'Group 1',
					deviceKey: phone.publicKey
				}
			});
			const token = joined.body.deviceToken as string;
			const push = async (json: unknown) => {
				const r = await call('POST', `/api/leagues/${L1}/cards`, { token, json });
				return [r.status, r.body.error];
			};
			const card = await signedCard(L1);
			expect(await push(await sealed(card, await newSigner()))).toEqual([422, 'trust-other-phone']);
			expect(await push(card)).toEqual([422, 'trust-unsigned']);
			const signed = await sealed(card, phone);
			const retyped = {
				...signed,
				game: { ...signed.game, createdAt: '2026-01-12T09:00:01.000Z' }
			};
			expect(await push(retyped)).toEqual([422, 'trust-forged']);
			expect((await pull(L1, instructor)).body.cards).toEqual([]);
			expect(await push(signed)).toEqual([201, undefined]);
		});

		it('stores a card once: 201, then 200 for the same card again', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const card = await signedCard(L1);
			const first = await call('POST', `/api/leagues/${L1}/cards`, {
				token: devices[0]?.token,
				json: card
			});
			expect([first.status, first.body]).toEqual([201, { seq: 1, stored: true }]);
			const again = await call('POST', `/api/leagues/${L1}/cards`, {
				token: instructor,
				json: card
			});
			expect([again.status, again.body]).toEqual([200, { seq: 1, stored: false }]);
			const pulled = await pull(L1, instructor);
			expect(pulled.body.next).toBe(1);
			const cards = pulled.body.cards as { card: unknown; deviceName: string }[];
			expect(cards).toHaveLength(1);
			expect(cards[0]?.card).toEqual(card);
			expect(cards[0]?.deviceName).toBe('Group 1');
		});

		it('notes when a phone last pushed, at most once a minute', async () => {
			const { instructor, devices } = await classOn(call, L1, 2);
			const seen = async () => {
				const list = await call('GET', `/api/leagues/${L1}/devices`, { token: instructor });
				return (list.body.devices as { lastSeenAt: string | null }[]).map((d) => d.lastSeenAt);
			};
			const push = async (token?: string) =>
				(await call('POST', `/api/leagues/${L1}/cards`, { token, json: await signedCard(L1) }))
					.status;
			expect(await push(instructor)).toBe(201);
			expect(await seen()).toEqual([null, null]);
			expect(await push(devices[0]?.token)).toBe(201);
			const [first, other] = await seen();
			expect([typeof first, other]).toEqual(['string', null]);
			expect(await push(devices[0]?.token)).toBe(201);
			expect((await seen())[0]).toBe(first);
			await server.db.query(
				`update devices set last_seen_at = now() - interval '2 minutes' where id = $1`,
				[devices[0]?.id]
			);
			const older = (await seen())[0];
			expect(await push(devices[0]?.token)).toBe(201);
			const latest = (await seen())[0] ?? '';
			expect(new Date(latest).getTime()).toBeGreaterThan(new Date(older ?? '').getTime());
		});

		it('stores the same card pushed by two phones at once a single time', async () => {
			const { instructor, devices } = await classOn(call, L1, 2);
			const cards = await Promise.all([1, 2, 3].map(() => signedCard(L1)));
			const pushes = cards.flatMap((card) =>
				devices.flatMap((d) =>
					[1, 2].map(() => call('POST', `/api/leagues/${L1}/cards`, { token: d.token, json: card }))
				)
			);
			const replies = await Promise.all(pushes);
			expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
			expect(replies.filter((r) => r.status === 200)).toHaveLength(9);
			const pulled = await pull(L1, instructor);
			const seqs = (pulled.body.cards as { seq: number }[]).map((c) => c.seq);
			expect(seqs).toEqual([1, 2, 3]);
		});

		it('pages a pull by the server sequence', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const ids: string[] = [];
			for (let i = 0; i < 7; i++) {
				const card = await signedCard(L1);
				ids.push(card.game.id);
				await call('POST', `/api/leagues/${L1}/cards`, { token: devices[0]?.token, json: card });
			}
			const seen: string[] = [];
			let after = 0;
			const pages: number[] = [];
			for (;;) {
				const page = await pull(L1, instructor, after, 3);
				expect(page.status).toBe(200);
				const cards = page.body.cards as { card: { game: { id: string } } }[];
				if (cards.length === 0) break;
				pages.push(cards.length);
				seen.push(...cards.map((c) => c.card.game.id));
				after = page.body.next as number;
			}
			expect(pages).toEqual([3, 3, 1]);
			expect(seen).toEqual(ids);
			expect((await pull(L1, instructor, 7)).body).toEqual({ cards: [], next: 7, more: false });
		});

		it.each([
			['after=-1', 'server-malformed'],
			['after=abc', 'server-malformed'],
			['limit=0', 'server-malformed'],
			['limit=100000', 'server-malformed']
		])('refuses a pull with %s (400)', async (query, code) => {
			const { instructor } = await classOn(call, L1, 0);
			const r = await call('GET', `/api/leagues/${L1}/cards?${query}`, { token: instructor });
			expect([r.status, r.body.error]).toEqual([400, code]);
		});
	});

	describe('refusing cards: every refusal of the inbox, and nothing stored', () => {
		type Card = Awaited<ReturnType<typeof signedCard>>;
		const REFUSALS: [string, number, string, (c: Card) => unknown][] = [
			[
				'changed after signing',
				422,
				'inbox-changed',
				(c) => {
					const score = c.events.find((e) => e.event.type === 'score');
					if (score?.event.type === 'score') score.event.count = 35;
					return c;
				}
			],
			[
				'not signed by a player',
				422,
				'inbox-unsigned',
				(c) => ({ ...c, signatures: c.signatures.slice(1) })
			],
			[
				'for another league',
				422,
				'inbox-other-league',
				(c) => ({ ...c, game: { ...c.game, leagueId: L2 } })
			],
			[
				'of a game not over',
				422,
				'inbox-not-finished',
				(c) => ({ ...c, events: c.events.slice(0, -1) })
			],
			[
				'with entries of another game',
				422,
				'transfer-damaged',
				(c) => ({ ...c, events: c.events.map((e, i) => (i === 0 ? { ...e, gameId: 'x' } : e)) })
			],
			['of a later format', 422, 'transfer-newer', (c) => ({ ...c, format: TRANSFER_FORMAT + 1 })],
			['of another app', 400, 'transfer-foreign', (c) => ({ ...c, app: 'other' })],
			['an invite, not a card', 400, 'transfer-damaged', (c) => ({ ...c, kind: 'invite' })],
			['missing its events', 400, 'transfer-damaged', (c) => ({ ...c, events: undefined })],
			['a list, not a card', 400, 'transfer-foreign', () => [1, 2]]
		];

		it.each(REFUSALS)('a card %s: %i %s', async (_, status, code, spoil) => {
			const { instructor, devices } = await classOn(call, L1);
			const r = await call('POST', `/api/leagues/${L1}/cards`, {
				token: devices[0]?.token,
				json: spoil(await signedCard(L1))
			});
			expect([r.status, r.body.error]).toEqual([status, code]);
			expect(typeof r.body.message).toBe('string');
			expect((await pull(L1, instructor)).body.cards).toEqual([]);
		});

		it('a card whose player is not on the roster, naming them (422)', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const [first, ...rest] = TEMPLATE.signatures;
			await call('PUT', `/api/leagues/${L1}/roster`, {
				token: instructor,
				json: { players: rest.map((s) => ({ id: s.playerId, name: s.name })) }
			});
			const r = await call('POST', `/api/leagues/${L1}/cards`, {
				token: devices[0]?.token,
				json: await signedCard(L1)
			});
			expect(r.status).toBe(422);
			expect(r.body).toMatchObject({
				error: 'inbox-not-on-roster',
				reasons: [{ code: 'inbox-not-on-roster', name: first?.name }]
			});
			expect(r.body.message).toContain(first?.name);
			expect((await pull(L1, instructor)).body.cards).toEqual([]);
		});
	});

	describe('malformed and oversized requests', () => {
		it.each([
			['POST', '/api/leagues', 'not json{'],
			['POST', '/api/leagues', '{"id": 5, "name": "x"}'],
			['POST', '/api/leagues', `{"id": "L9"}`],
			['POST', '/api/join', '[]'],
			['POST', '/api/join', '{"joinCode": "ABCDE", "deviceName": ""}']
		])('%s %s with %s: 400', async (method, path, raw) => {
			const r = await call(method, path, { raw });
			expect([r.status, r.body.error]).toEqual([400, 'server-malformed']);
			expect(await server.db.query('select id from leagues')).toEqual([]);
		});

		it('a card that is not JSON: 400', async () => {
			const { devices } = await classOn(call, L1);
			const r = await call('POST', `/api/leagues/${L1}/cards`, {
				token: devices[0]?.token,
				raw: '{"app":"muggins-league",'
			});
			expect([r.status, r.body.error]).toEqual([400, 'server-malformed']);
		});

		it('a body over the limit: 413, nothing stored', async () => {
			const { instructor, devices } = await classOn(call, L1);
			const card = await signedCard(L1);
			const padded = { ...card, padding: 'x'.repeat(BODY_LIMIT) };
			const r = await call('POST', `/api/leagues/${L1}/cards`, {
				token: devices[0]?.token,
				json: padded
			});
			expect([r.status, r.body.error]).toEqual([413, 'server-too-big']);
			expect((await pull(L1, instructor)).body.cards).toEqual([]);
		});

		it('an unknown API path: 404 in JSON', async () => {
			const r = await call('GET', '/api/nothing');
			expect([r.status, r.body.error]).toEqual([404, 'server-not-found']);
		});
	});
});
