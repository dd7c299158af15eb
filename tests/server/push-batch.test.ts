/**
 * Group commit of pushes (server/push-batch.ts): pushes that wait for a lane go to the database
 * together, each gets its own answer, and a batch the database refuses as a whole is tried push
 * by push so one card never refuses the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Query } from '../../server/db';
import { examineCard, pushCard, type ExaminedCard, type Pusher } from '../../server/cards';
import { ApiError, unauthorized } from '../../server/errors';
import { hashSecret } from '../../server/tokens';
import {
	CARD_SEPARATOR,
	batchCards,
	batchJson,
	pushBatcher,
	type PushItem,
	type PushRow
} from '../../server/push-batch';
import { TEMPLATE, signedCard } from './fixtures';
import { OPEN_TIMEOUT, TARGETS, appOn, classOn, client } from './support';

const item = (gameId: string, leagueId = 'L1'): PushItem => ({
	tokenHash: 'h',
	leagueId,
	seats: ['p1', 'p2'],
	store: true,
	gameId,
	fingerprint: 'f',
	card: '{"a":1}'
});

/** A database whose push_cards answers every push with its game id as `o_device`, after `gate`. */
function fakeDb(opts: { refuse?: (games: string[]) => boolean } = {}) {
	const batches: string[][] = [];
	let open: () => void = () => {};
	let gate = new Promise<void>((r) => (open = r));
	const query = (async (_sql: string, params?: unknown[]) => {
		const items = JSON.parse(String(params?.[0])) as { i: number; g: string }[];
		const games = items.map((x) => x.g);
		batches.push(games);
		await gate;
		if (opts.refuse?.(games)) throw new Error('refused');
		return items.map((x): PushRow => ({
			o_index: x.i,
			o_role: 'device',
			o_league: 'L1',
			o_device: x.g,
			o_revoked: false,
			o_roster: [],
			o_seq: x.i + 1,
			o_created: true
		}));
	}) as Query;
	const db: Database = {
		kind: 'postgres',
		connections: 4,
		query,
		transaction: (work) => work(query),
		close: async () => {}
	};
	return {
		db,
		batches,
		release() {
			open();
			gate = Promise.resolve();
		}
	};
}

describe('pushBatcher', () => {
	it('sends a push at once when a lane is free, and those that waited as one batch', async () => {
		const fake = fakeDb();
		const batcher = pushBatcher(fake.db, 1);
		const first = batcher.push(item('g1'));
		const rest = ['g2', 'g3', 'g4'].map((g) => batcher.push(item(g)));
		expect(fake.batches).toEqual([['g1']]);
		fake.release();
		const rows = await Promise.all([first, ...rest]);
		expect(fake.batches).toEqual([['g1'], ['g2', 'g3', 'g4']]);
		// Each push gets the row of its own card.
		expect(rows.map((r) => r.o_device)).toEqual(['g1', 'g2', 'g3', 'g4']);
	});

	it('keeps at most maxBatch pushes in one statement', async () => {
		const fake = fakeDb();
		const batcher = pushBatcher(fake.db, 1, 2);
		const all = ['g1', 'g2', 'g3', 'g4', 'g5'].map((g) => batcher.push(item(g)));
		fake.release();
		await Promise.all(all);
		expect(fake.batches).toEqual([['g1'], ['g2', 'g3'], ['g4', 'g5']]);
	});

	it('holds a push of a league in flight for the next batch, and sends the others at once', async () => {
		const fake = fakeDb();
		const batcher = pushBatcher(fake.db, 2);
		const all = [
			batcher.push(item('g1', 'L1')),
			batcher.push(item('g2', 'L1')),
			batcher.push(item('g3', 'L2'))
		];
		// g2 would wait on L1's row lock behind g1's batch: the free lane takes g3 alone.
		expect(fake.batches).toEqual([['g1'], ['g3']]);
		fake.release();
		const rows = await Promise.all(all);
		expect(fake.batches).toEqual([['g1'], ['g3'], ['g2']]);
		expect(rows.map((r) => r.o_device)).toEqual(['g1', 'g2', 'g3']);
	});

	it('tries each push of a refused batch alone: only the one the database refuses fails', async () => {
		const fake = fakeDb({ refuse: (games) => games.includes('bad') });
		const batcher = pushBatcher(fake.db, 1);
		const first = batcher.push(item('g1'));
		const rest = ['g2', 'bad', 'g3'].map((g) => batcher.push(item(g)));
		fake.release();
		const settled = await Promise.allSettled([first, ...rest]);
		expect(settled.map((s) => s.status)).toEqual([
			'fulfilled',
			'fulfilled',
			'rejected',
			'fulfilled'
		]);
		expect(fake.batches).toEqual([['g1'], ['g2', 'bad', 'g3'], ['g2'], ['bad'], ['g3']]);
	});

	it('writes each push but its card as JSON, and the cards as they are, apart', () => {
		const items = [
			item('g"1'),
			{ ...item('g2', 'L"2'), store: false, card: JSON.stringify({ b: '\x1e' }) }
		];
		const parsed = JSON.parse(batchJson(items)) as Record<string, unknown>[];
		expect(parsed[0]).toEqual({
			i: 0,
			t: 'h',
			l: 'L1',
			s: ['p1', 'p2'],
			ok: true,
			g: 'g"1',
			f: 'f'
		});
		expect([parsed[1]?.i, parsed[1]?.l, parsed[1]?.ok]).toEqual([1, 'L"2', false]);
		// A card's own control characters are escaped in its JSON: the separator splits cards only.
		expect(batchCards(items).split(CARD_SEPARATOR)).toEqual(['{"a":1}', '{"b":"\\u001e"}']);
	});
});

describe.each(TARGETS)('pushes grouped in one statement on $name', (target) => {
	let db: Database;
	let drop: () => Promise<void>;
	beforeAll(async () => {
		({ db, drop } = await target.open());
	}, OPEN_TIMEOUT);
	afterAll(async () => {
		await db.close();
		await drop();
	});

	it('answer each push as if it came alone', async () => {
		// One lane: pushes that come while one is in the database wait and go in one batch.
		const call = client(appOn(db, { pushLanes: 1 }));
		const a = await classOn(call, 'LA', 2);
		const b = await classOn(call, 'LB', 1);
		const gone = a.devices[1];
		await call('DELETE', `/api/leagues/LA/devices/${gone?.id}`, { token: a.instructor });
		const twice = await signedCard('LA');
		const foreign = await signedCard('LB');
		// League LC's roster lacks the template's first player.
		const c = await classOn(call, 'LC', 1);
		const [, ...rest] = TEMPLATE.signatures;
		await call('PUT', '/api/leagues/LC/roster', {
			token: c.instructor,
			json: { players: rest.map((s) => ({ id: s.playerId, name: s.name })) }
		});
		const push = (league: string, token: string | undefined, card: unknown) =>
			call('POST', `/api/leagues/${league}/cards`, { token, json: card });
		const replies = await Promise.all([
			push('LA', a.devices[0]?.token, await signedCard('LA')),
			push('LB', b.devices[0]?.token, foreign),
			push('LA', a.devices[0]?.token, twice),
			push('LA', a.instructor, twice),
			push('LA', gone?.token, await signedCard('LA')),
			push('LA', 'mld_nobody', await signedCard('LA')),
			push('LA', b.devices[0]?.token, await signedCard('LA')),
			push('LB', b.devices[0]?.token, await signedCard('LB')),
			push('LC', c.devices[0]?.token, await signedCard('LC'))
		]);
		expect(replies.map((r) => [r.status, r.body.error ?? r.body.seq])).toEqual([
			[201, 1],
			[201, 1],
			[201, 2],
			[200, 2],
			[401, 'server-revoked'],
			[401, 'server-unauthorized'],
			[403, 'server-forbidden'],
			[201, 2],
			[422, 'inbox-not-on-roster']
		]);
	});

	it('store a batch held behind a busy lane in one statement, each with its own answer', async () => {
		const call = client(appOn(db));
		const a = await classOn(call, 'LD', 2);
		const gone = a.devices[1];
		await call('DELETE', `/api/leagues/LD/devices/${gone?.id}`, { token: a.instructor });
		const twice = await signedCard('LD');
		// The first statement waits until every other push has queued behind it.
		const sizes: number[] = [];
		let open: () => void = () => {};
		const held = new Promise<void>((r) => (open = r));
		const watched: Database = {
			...db,
			query: (async (sql: string, params?: unknown[]) => {
				sizes.push((JSON.parse(String(params?.[0])) as unknown[]).length);
				if (sizes.length === 1) await held;
				return db.query(sql, params);
			}) as Query
		};
		const batcher = pushBatcher(watched, 1);
		const admit = (who: Pusher | null) => {
			if (!who) throw unauthorized();
			if (who.revoked) throw new ApiError(401, 'server-revoked');
			if (who.leagueId !== 'LD') throw new ApiError(403, 'server-forbidden');
		};
		const pushes = [
			[a.devices[0]?.token, await signedCard('LD')],
			[a.devices[0]?.token, twice],
			[a.instructor, twice],
			[gone?.token, await signedCard('LD')],
			[a.devices[0]?.token, await signedCard('LD')]
		] as const;
		const examined = await Promise.all(pushes.map(([, card]) => examineCard(card, 'LD')));
		const answers = pushes.map(([token], i) =>
			pushCard(batcher, hashSecret(token ?? ''), 'LD', examined[i] as ExaminedCard, admit).then(
				(p) => [p.created ? 201 : 200, p.seq],
				(e: ApiError) => [e.status, e.code]
			)
		);
		open();
		expect(await Promise.all(answers)).toEqual([
			[201, 1],
			[201, 2],
			[200, 2],
			[401, 'server-revoked'],
			[201, 3]
		]);
		expect(sizes).toEqual([1, 4]);
	});
});
