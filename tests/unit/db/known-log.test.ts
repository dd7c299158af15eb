/**
 * A write reuses the log and replay its tab wrote last (`games.ts`, `known`) only while the
 * store's last event is the one it knows: whatever else changed the log, the write replays
 * what is stored.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import { toEvents, toSetup, type GameRecord } from '$lib/card/records';
import { replay } from '$lib/rules/game';
import { resetDb } from './helpers';

let game: GameRecord;
let A: string, B: string;

/** The engine's replay of what is stored now. */
async function storedState() {
	const events = await db.events.where('gameId').equals(game.id).sortBy('seq');
	return replay(toSetup(game), toEvents(events));
}

beforeEach(async () => {
	await resetDb();
	game = await games.create({ players: ['Ana', 'Ben'] });
	[A, B] = game.seats as [string, string];
});

afterEach(() => vi.restoreAllMocks());

describe('a write after its own last write', () => {
	it('gives the state of the whole stored log, write after write', async () => {
		for (let i = 0; i < 12; i++) {
			const r = await games.append(game.id, { type: 'score', player: i % 2 ? A : B, count: 5 });
			expect(r.state).toEqual(await storedState());
			expect(r.events.map((e) => e.seq)).toEqual(Array.from({ length: i + 1 }, (_, k) => k + 1));
		}
		const undone = await games.undo(game.id);
		expect(undone.state).toEqual(await storedState());
		expect(undone.redoable?.id).toBe(undone.events.at(-2)?.event.id);
		const redone = await games.redo(game.id);
		expect(redone.state).toEqual(await storedState());
	});
});

describe('a write after the log changed elsewhere', () => {
	it('replays an event another tab stored in between', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 5 });
		// Another tab's write, straight into the store.
		await db.events.add({
			gameId: game.id,
			seq: 2,
			event: { type: 'score', id: 'other-tab', player: B, count: 20 },
			at: game.createdAt,
			deviceId: 'other',
			redoOf: null
		});
		const r = await games.append(game.id, { type: 'score', player: A, count: 10 });
		expect(r.state.totals).toEqual({ [A]: 15, [B]: 20 });
		expect(r.state).toEqual(await storedState());
		expect(r.appended.seq).toBe(3);
	});

	it('replays a log replaced with another of the same length (a restore)', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 5 });
		await games.append(game.id, { type: 'score', player: A, count: 10 });
		const stored = await db.events.where('gameId').equals(game.id).sortBy('seq');
		await db.events.bulkPut(
			stored.map((r, i) => ({ ...r, event: { ...r.event, id: `restored-${i}`, player: B } }))
		);
		const r = await games.append(game.id, { type: 'score', player: A, count: 20 });
		expect(r.state.totals).toEqual({ [A]: 20, [B]: 15 });
		expect(r.state).toEqual(await storedState());
	});

	it('does not remember a write that did not commit', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 5 });
		vi.spyOn(db.games, 'put').mockRejectedValueOnce(new Error('disk full'));
		await expect(games.append(game.id, { type: 'score', player: B, count: 25 })).rejects.toThrow();
		expect(await db.events.count()).toBe(1);
		const r = await games.append(game.id, { type: 'score', player: B, count: 10 });
		expect(r.state.totals).toEqual({ [A]: 5, [B]: 10 });
		expect(r.state).toEqual(await storedState());
		expect(r.appended.seq).toBe(2);
	});
});
