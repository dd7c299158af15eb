/**
 * A league game's live copy (issue 40): a phone sends its entries, sealed, as it records them;
 * the server stores each once and in order however often a message is retried, refuses every
 * message it did not make for a game that is its own, and drops the copy when the card comes.
 */
import { describe, expect, it } from 'vitest';
import { sweepLive } from '../../server/core/live';
import { sealed } from '$lib/transfer/sealed';
import { livePayload } from '$lib/transfer/envelope';
import { signedCard } from './fixtures';
import {
	entries,
	liveClass,
	liveGame,
	liveMessage,
	randomGameId,
	reportState,
	type Phone
} from './live-support';
import { L1, L2, TARGETS, classOn } from './support';
import { testServer } from './test-server';

describe.each(TARGETS)('a game played live, on $name', (target) => {
	const server = testServer(target);
	const { call } = server;

	const send = (phone: Pick<Phone, 'token'>, json: unknown, league = L1) =>
		call('POST', `/api/leagues/${league}/live`, { token: phone.token, json });
	const pull = (token: string, after = 0, limit?: number) =>
		call('GET', `/api/leagues/${L1}/live?after=${after}${limit ? `&limit=${limit}` : ''}`, {
			token
		});
	/** The entries the instructor would see, game by game: [gameId, [seq…]]. */
	const held = async (instructor: string) => {
		const r = await pull(instructor);
		return (r.body.games as { game: { id: string }; events: { seq: number }[] }[]).map((g) => [
			g.game.id,
			g.events.map((e) => e.seq)
		]);
	};

	it('stores each entry once and in order through retries, overlaps and a gap', async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const phone = phones[0]!;
		const message = (from: number, to: number) => liveMessage(L1, gameId, from, to, phone.signer);
		const answers = [];
		for (const [from, to] of [
			[1, 3],
			[1, 3],
			[2, 5],
			[9, 12],
			[4, 8],
			[6, 8]
		] as const) {
			const r = await send(phone, await message(from, to));
			answers.push([r.status, r.body.next]);
		}
		expect(answers).toEqual([
			[200, 4],
			[200, 4],
			[200, 6],
			[409, 6],
			[200, 9],
			[200, 9]
		]);
		// The same messages at once, as a phone whose answers were lost sends them again.
		const again = await Promise.all(
			[await message(9, 12), await message(9, 12), await message(13, 14)].map((m) => send(phone, m))
		);
		expect(again.map((r) => r.status).every((s) => s === 200 || s === 409)).toBe(true);
		await send(phone, await message(13, 14));
		expect(await held(instructor)).toEqual([[gameId, Array.from({ length: 14 }, (_, i) => i + 1)]]);
		const rows = await server.db.query<{ seq: number; stream_seq: number }>(
			'select seq, stream_seq from live_entries order by stream_seq'
		);
		expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
	});

	it('says which entry it wants next when entries are missing', async () => {
		const { phones, gameId } = await liveClass(call, L1);
		const phone = phones[0]!;
		const gap = await send(phone, await liveMessage(L1, gameId, 2, 4, phone.signer));
		expect([gap.status, gap.body.error, gap.body.next]).toEqual([409, 'server-live-gap', 1]);
		expect(gap.body.message).toMatch(/entry 1/);
	});

	it('refuses every message it did not come from this phone, for this game, whole', async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const [phone, other] = [phones[0]!, phones[1]!];
		await classOn(call, L2);
		const good = await liveMessage(L1, gameId, 1, 3, phone.signer);
		const mixed = livePayload(liveGame(L1, gameId), [
			...entries(gameId, 1, 2),
			...entries(randomGameId(), 3, 3)
		]);
		const tooMany = livePayload(liveGame(L1, gameId), entries(gameId, 1, 101));
		const notHanded = randomGameId();
		const cases: [string, Pick<Phone, 'token'>, unknown, number, string][] = [
			[
				'a seal that does not hold',
				phone,
				{ ...good, events: entries(gameId, 1, 3).map((e) => ({ ...e, deviceId: 'forged' })) },
				422,
				'trust-forged'
			],
			[
				"sealed by the other phone's key",
				phone,
				await liveMessage(L1, gameId, 1, 3, other.signer),
				422,
				'trust-other-phone'
			],
			['not sealed', phone, await liveMessage(L1, gameId, 1, 3, null), 422, 'trust-unsigned'],
			[
				"another league's game",
				phone,
				await sealed(livePayload(liveGame(L2, gameId), entries(gameId, 1, 3)), phone.signer),
				403,
				'server-other-league'
			],
			[
				'not a league game',
				phone,
				await sealed(
					livePayload({ ...liveGame(L1, gameId), leagueId: null }, entries(gameId, 1, 3)),
					phone.signer
				),
				400,
				'server-malformed'
			],
			['a gap', phone, await liveMessage(L1, gameId, 3, 5, phone.signer), 409, 'server-live-gap'],
			['101 entries', phone, { ...tooMany, seal: good.seal }, 400, 'transfer-damaged'],
			[
				'past a game of 5,000 entries',
				phone,
				await liveMessage(L1, gameId, 4999, 5001, phone.signer),
				422,
				'server-live-too-long'
			],
			[
				"another game's entries mixed in",
				phone,
				{ ...mixed, seal: good.seal },
				400,
				'transfer-damaged'
			],
			['a card', phone, await sealed(await signedCard(L1), phone.signer), 400, 'server-malformed'],
			['not ours', phone, { hello: 1 }, 400, 'transfer-foreign'],
			[
				'a game not handed out',
				phone,
				await liveMessage(L1, notHanded, 1, 3, phone.signer),
				404,
				'server-live-not-yours'
			],
			[
				"another phone's game",
				other,
				await liveMessage(L1, gameId, 1, 3, other.signer),
				404,
				'server-live-not-yours'
			],
			["from the instructor's token", { token: instructor }, good, 403, 'server-forbidden'],
			['with no token', { token: '' }, good, 401, 'server-unauthorized']
		];
		const got = [];
		for (const [name, from, json] of cases) {
			const r = await send(from, json);
			got.push([name, r.status, r.body.error]);
		}
		expect(got).toEqual(cases.map(([name, , , status, code]) => [name, status, code]));
		expect(await held(instructor)).toEqual([]);
		expect((await send(phone, good)).body).toEqual({ next: 4 });
	});

	it("refuses a phone of another league before reading the body, and the league's own path", async () => {
		const { phones, gameId } = await liveClass(call, L1);
		const l2 = await classOn(call, L2);
		const message = await liveMessage(L1, gameId, 1, 1, phones[0]!.signer);
		const r = await call('POST', `/api/leagues/${L1}/live`, {
			token: l2.devices[0]!.token,
			raw: 'not even JSON'
		});
		expect([r.status, r.body.error]).toEqual([403, 'server-other-league']);
		const sent = await send(phones[0]!, message, L2);
		expect([sent.status, sent.body.error]).toEqual([403, 'server-other-league']);
	});

	it("starts the game's log over when another phone takes the game", async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const [first, second] = [phones[0]!, phones[1]!];
		await send(first, await liveMessage(L1, gameId, 1, 3, first.signer));
		await reportState(call, L1, second.token, gameId, 'playing');
		const taken = await send(second, await liveMessage(L1, gameId, 1, 2, second.signer));
		expect([taken.status, taken.body]).toEqual([200, { next: 3 }]);
		expect(await held(instructor)).toEqual([[gameId, [1, 2]]]);
		const late = await send(first, await liveMessage(L1, gameId, 4, 4, first.signer));
		expect([late.status, late.body.error]).toEqual([404, 'server-live-not-yours']);
		const rows = await server.db.query<{ device_id: string }>('select device_id from live_games');
		expect(rows).toEqual([{ device_id: second.id }]);
	});

	it('keeps the latest game record, not an older one sent again', async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const phone = phones[0]!;
		const at = (updatedAt: string, from: number, to: number) =>
			sealed(
				livePayload({ ...liveGame(L1, gameId), updatedAt }, entries(gameId, from, to)),
				phone.signer
			);
		await send(phone, await at('2026-02-03T09:00:01.000Z', 1, 2));
		await send(phone, await at('2026-02-03T09:00:05.000Z', 3, 4));
		await send(phone, await at('2026-02-03T09:00:01.000Z', 1, 2));
		const games = (await pull(instructor)).body.games as { game: { updatedAt: string } }[];
		expect(games.map((g) => g.game.updatedAt)).toEqual(['2026-02-03T09:00:05.000Z']);
	});

	it('drops the live copy when the card is pushed, and stores no more of it', async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const phone = phones[0]!;
		await send(phone, await liveMessage(L1, gameId, 1, 3, phone.signer));
		expect(await held(instructor)).toEqual([[gameId, [1, 2, 3]]]);
		const card = await sealed(await signedCard(L1, gameId), phone.signer);
		const pushed = await call('POST', `/api/leagues/${L1}/cards`, {
			token: phone.token,
			json: card
		});
		expect(pushed.status).toBe(201);
		expect(await held(instructor)).toEqual([]);
		const late = await send(phone, await liveMessage(L1, gameId, 4, 5, phone.signer));
		expect([late.status, late.body]).toEqual([200, { next: 6 }]);
		expect(await held(instructor)).toEqual([]);
		expect(await server.db.query('select 1 from live_entries')).toEqual([]);
	});

	it('sweeps the live copies not heard from for two days', async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const phone = phones[0]!;
		await send(phone, await liveMessage(L1, gameId, 1, 2, phone.signer));
		await server.db.query(`update live_games set heard_at = now() - interval '47 hours'`);
		await sweepLive(server.db.query);
		expect(await held(instructor)).toEqual([[gameId, [1, 2]]]);
		await server.db.query(`update live_games set heard_at = now() - interval '49 hours'`);
		await sweepLive(server.db.query);
		expect(await held(instructor)).toEqual([]);
		expect(await server.db.query('select 1 from live_entries')).toEqual([]);
	});

	it('lets the instructor alone pull the entries, page by page, grouped by game', async () => {
		const { instructor, phones, gameId } = await liveClass(call, L1);
		const phone = phones[0]!;
		await send(phone, await liveMessage(L1, gameId, 1, 5, phone.signer));
		const first = await pull(instructor, 0, 3);
		const seqs = (r: typeof first) =>
			(r.body.games as { events: { seq: number }[] }[]).flatMap((g) => g.events.map((e) => e.seq));
		expect(seqs(first)).toEqual([1, 2, 3]);
		const second = await pull(instructor, first.body.last as number, 3);
		expect(seqs(second)).toEqual([4, 5]);
		const none = await pull(instructor, second.body.last as number);
		expect(none.body).toEqual({ games: [], last: second.body.last });
		const game = (first.body.games as { game: unknown }[])[0]!.game;
		expect(game).toEqual(liveGame(L1, gameId));
		for (const [token, status] of [
			[phone.token, 403],
			[undefined, 401]
		] as const) {
			expect((await call('GET', `/api/leagues/${L1}/live`, { token })).status).toBe(status);
		}
		const bad = await pull(instructor, 0, 501);
		expect([bad.status, bad.body.error]).toEqual([400, 'server-malformed']);
	});
});
