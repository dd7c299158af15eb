/** Entries painted before they were stored (`unstored.ts`) are stored once, even when retried. */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as games from '$lib/db/games';
import * as unstored from '$lib/state/unstored';
import type { GameRecord } from '$lib/card/records';
import { resetDb } from '../db/helpers';

let game: GameRecord;
let A: string;

beforeEach(async () => {
	await resetDb();
	game = await games.create({ players: ['Ana', 'Ben'] });
	[A] = game.seats as [string];
});

describe('unstored entries', () => {
	it('stores a noted entry once, even when it is stored again after a reload', async () => {
		const entry: unstored.Unstored = {
			gameId: game.id,
			id: 'tap-1',
			event: { type: 'score', player: A, count: 5 },
			at: '2026-01-01T10:00:00.000Z'
		};
		const first = await unstored.store(entry);
		const second = await unstored.store(entry);
		expect(first.appended.event.id).toBe(`${game.id}.1`);
		expect(second.appended.seq).toBe(first.appended.seq);
		const view = await games.get(game.id);
		expect(view.events.map((e) => e.event.id)).toEqual([`${game.id}.1`]);
		expect(view.events[0]?.at).toBe('2026-01-01T10:00:00.000Z');
	});

	it('stores a second tap of the same count, made at another time', async () => {
		const tap = { gameId: game.id, event: { type: 'score' as const, player: A, count: 5 } };
		await unstored.store({ ...tap, id: 'tap-1', at: '2026-01-01T10:00:00.000Z' });
		await unstored.store({ ...tap, id: 'tap-2', at: '2026-01-01T10:00:00.001Z' });
		await unstored.store({ ...tap, id: 'tap-1', at: '2026-01-01T10:00:00.000Z' });
		const view = await games.get(game.id);
		expect(view.events.map((e) => [e.seq, e.at])).toEqual([
			[1, '2026-01-01T10:00:00.000Z'],
			[2, '2026-01-01T10:00:00.001Z']
		]);
	});
});
