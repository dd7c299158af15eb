/**
 * `games.expectAppend`: after a tab's own write that a screen already shows, `get` returns
 * that write's log without reading it again; any other change is read afresh. And entries
 * painted before they were stored (`unstored.ts`) are stored once, even when retried.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as unstored from '$lib/db/unstored';
import type { GameRecord } from '$lib/card/records';
import { resetDb } from './helpers';

let game: GameRecord;
let A: string;

beforeEach(async () => {
	await resetDb();
	game = await games.create({ players: ['Ana', 'Ben'] });
	[A] = game.seats as [string];
});

describe('expectAppend', () => {
	it('gives back the log the write left, not a fresh read of it', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 10 });
		games.expectAppend(game.id, 'e2');
		const written = await games.append(
			game.id,
			{ type: 'score', player: A, count: 5 },
			{ id: 'e2' }
		);
		const read = await games.get(game.id);
		expect(read.events).toBe(written.events);
		expect(read.state).toBe(written.state);
		expect(read.events.map((e) => e.event.id).at(-1)).toBe('e2');
		// Used once: the next read is a fresh one, equal in value.
		const again = await games.get(game.id);
		expect(again.events).not.toBe(written.events);
		expect(again.events).toEqual(written.events);
	});

	it('reads afresh when the last stored event is not the one expected', async () => {
		const written = await games.append(
			game.id,
			{ type: 'score', player: A, count: 5 },
			{ id: 'e1' }
		);
		games.expectAppend(game.id, 'other');
		const read = await games.get(game.id);
		expect(read.events).not.toBe(written.events);
		expect(read.events.map((e) => e.event.id)).toEqual(['e1']);
	});

	it('reads afresh when another tab wrote after the expected event', async () => {
		games.expectAppend(game.id, 'e1');
		await games.append(game.id, { type: 'score', player: A, count: 10 }, { id: 'e1' });
		const last = (await db.events.get([game.id, 1]))!;
		await db.events.add({ ...last, seq: 2, event: { ...last.event, id: 'other-tab' } });
		const read = await games.get(game.id);
		expect(read.events.map((e) => e.event.id)).toEqual(['e1', 'other-tab']);
		expect(read.state.effective.map((e) => e.id)).toEqual(['e1', 'other-tab']);
	});
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
		expect(first.appended.event.id).toBe('tap-1');
		expect(second.appended.seq).toBe(first.appended.seq);
		const view = await games.get(game.id);
		expect(view.events.map((e) => e.event.id)).toEqual(['tap-1']);
		expect(view.events[0]?.at).toBe('2026-01-01T10:00:00.000Z');
	});
});
