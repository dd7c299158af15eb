/**
 * Group commit of stored cards (server/core/card-store.ts, migration 0013): the cards that come
 * in together are stored by one statement, each league's numbered without a gap, a card twice
 * in a batch stored once, and a card the database cannot take fails alone.
 */
import { describe, expect, it } from 'vitest';
import { storeInBatch, type CardToStore } from '../../server/core/card-store';
import type { Database } from '../../server/core/db';
import { L1, L2, TARGETS } from './support';
import { testServer } from './test-server';

/** `db`, counting the cards each `store_cards` statement carries. */
function counted(db: Database): { db: Database; batches: number[] } {
	const batches: number[] = [];
	return {
		batches,
		db: {
			...db,
			query: (sql, params) => {
				if (sql.includes('store_cards'))
					batches.push((JSON.parse(params?.[0] as string) as unknown[]).length);
				return db.query(sql, params);
			}
		}
	};
}

const card = (leagueId: string, gameId: string, seats = ['p1', 'p2', 'p3']): CardToStore => ({
	leagueId,
	gameId,
	fingerprint: `f-${gameId}`,
	card: JSON.stringify({ game: { id: gameId }, n: gameId }),
	deviceId: null,
	seats,
	seen: false
});

describe.each(TARGETS)('storing cards in batches on $name', (target) => {
	const server = testServer(target);

	const league = async (id: string) => {
		await server.db.query(
			'insert into leagues (id, name, instructor_token_hash) values ($1, $2, $3)',
			[id, 'Period 3', `hash-${id}`]
		);
		for (const p of ['p1', 'p2', 'p3'])
			await server.db.query(
				'insert into players (league_id, id, name, updated_at) values ($1, $2, $3, $4)',
				[id, p, `Student ${p}`, '2026-12-03T00:00:00.000Z']
			);
	};

	it('stores cards that come in together in one statement, each league numbered without a gap', async () => {
		await league(L1);
		await league(L2);
		const { db, batches } = counted(server.db);
		const cards = Array.from({ length: 30 }, (_, i) => card(i % 3 === 0 ? L2 : L1, `g${i}`));
		const rows = await Promise.all(cards.map((c) => storeInBatch(db, c)));
		// The first at once, alone; the rest, asked while it was on its way, in one.
		expect(batches).toEqual([1, 29]);
		expect(rows.every((r) => r.league && r.rostered === 3 && r.held === null)).toBe(true);
		for (const id of [L1, L2]) {
			const stored = await server.db.query<{ seq: number; game_id: string }>(
				'select seq, game_id from cards where league_id = $1 order by seq',
				[id]
			);
			const ours = cards.flatMap((c, i) => (c.leagueId === id ? [{ i, c }] : []));
			expect(stored.map((s) => Number(s.seq))).toEqual(ours.map((_, k) => k + 1));
			// Each card's answer is its own number.
			expect(ours.map(({ i }) => rows[i]?.stored)).toEqual(ours.map((_, k) => k + 1));
			const seq = await server.db.query<{ card_seq: number }>(
				'select card_seq from leagues where id = $1',
				[id]
			);
			expect(Number(seq[0]?.card_seq)).toBe(ours.length);
		}
	});

	it('stores a card twice in one batch once, and answers the second with its number', async () => {
		await league(L1);
		const { db, batches } = counted(server.db);
		const first = storeInBatch(db, card(L1, 'g0'));
		const twice = [card(L1, 'g1'), card(L1, 'g1'), card(L1, 'g2')].map((c) => storeInBatch(db, c));
		const rows = await Promise.all([first, ...twice]);
		expect(batches).toEqual([1, 3]);
		expect(rows.map((r) => [r.stored, r.held])).toEqual([
			[1, null],
			[2, null],
			[null, 2],
			[3, null]
		]);
	});

	it('answers a card off the roster or of no league with what it found, storing nothing', async () => {
		await league(L1);
		const rows = await Promise.all([
			storeInBatch(server.db, card(L1, 'g0', ['p1', 'p2', 'stranger'])),
			storeInBatch(server.db, card(L2, 'g1')),
			storeInBatch(server.db, card(L1, 'g2'))
		]);
		expect(rows).toEqual([
			{ stored: null, held: null, league: true, rostered: 2 },
			{ stored: null, held: null, league: false, rostered: 0 },
			{ stored: 1, held: null, league: true, rostered: 3 }
		]);
		const all = await server.db.query<{ game_id: string }>('select game_id from cards');
		expect(all.map((r) => r.game_id)).toEqual(['g2']);
	});

	it('fails a card the database cannot take alone: the others of its batch are stored', async () => {
		await league(L1);
		const { db, batches } = counted(server.db);
		const broken = { ...card(L1, 'g1'), card: '{"not json' };
		const outcomes = await Promise.allSettled(
			[card(L1, 'g0'), broken, card(L1, 'g2'), card(L1, 'g3')].map((c) => storeInBatch(db, c))
		);
		expect(outcomes.map((o) => o.status)).toEqual([
			'fulfilled',
			'rejected',
			'fulfilled',
			'fulfilled'
		]);
		// The batch of three failed as a whole, then each was tried alone.
		expect(batches).toEqual([1, 3, 1, 1, 1]);
		const stored = await server.db.query<{ seq: number; game_id: string }>(
			'select seq, game_id from cards order by seq'
		);
		expect(stored.map((s) => [Number(s.seq), s.game_id])).toEqual([
			[1, 'g0'],
			[2, 'g2'],
			[3, 'g3']
		]);
	});
});
