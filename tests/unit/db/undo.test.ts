import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as games from '$lib/db/games';
import { replayRecords } from '$lib/card/log';
import type { EventRecord, GameRecord } from '$lib/card/records';
import type { GameEvent, GameSetup } from '$lib/rules/types';
import { expectCode, resetDb } from './helpers';

let game: GameRecord;
let A: string, B: string;

beforeEach(async () => {
	await resetDb();
	game = await games.create({ players: ['Ana', 'Ben', 'Cy'] });
	[A, B] = game.seats as [string, string];
});

const score = (player: string, count: number) => ({ type: 'score', player, count }) as const;

describe('undo', () => {
	it('voids the last event in effect, then the one before', async () => {
		await games.append(game.id, score(A, 5), { id: 'e1' });
		await games.append(game.id, score(B, 10), { id: 'e2' });
		const once = await games.undo(game.id);
		expect(once.appended.event).toMatchObject({ type: 'void', target: 'e2' });
		expect(once.redoable).toMatchObject({ id: 'e2', player: B, count: 10 });
		const twice = await games.undo(game.id);
		expect(twice.appended.event).toMatchObject({ type: 'void', target: 'e1' });
		expect(twice.state.totals[A]).toBe(0);
		expect(twice.undoable).toBeNull();
	});

	it('says there is nothing to undo in a new game, storing nothing', async () => {
		await expectCode(games.undo(game.id), 'nothing-to-undo');
		expect((await games.get(game.id)).events).toEqual([]);
	});

	it('undoes the end of a game and reopens it', async () => {
		await games.append(game.id, score(A, 5));
		await games.append(game.id, { type: 'end' });
		const { record, state } = await games.undo(game.id);
		expect(record.status).toBe('in-progress');
		expect(state.over).toBe(false);
	});
});

describe('redo', () => {
	it('records undone events again, in the order they were undone, with new ids', async () => {
		await games.append(game.id, score(A, 5), { id: 'e1' });
		await games.append(game.id, score(B, 10), { id: 'e2' });
		await games.append(game.id, score(A, 15), { id: 'e3' });
		await games.undo(game.id);
		await games.undo(game.id);
		const first = await games.redo(game.id, { id: 'r2' });
		expect(first.appended).toMatchObject({
			redoOf: 'e2',
			event: { id: 'r2', player: B, count: 10 }
		});
		expect(first.redoable).toMatchObject({ id: 'e3' });
		const second = await games.redo(game.id);
		expect(second.appended).toMatchObject({ redoOf: 'e3', event: { player: A, count: 15 } });
		expect(second.redoable).toBeNull();
		expect(second.state.totals).toEqual({ [A]: 20, [B]: 10, [game.seats[2]!]: 0 });
		expect(second.state.effective.map((e) => e.id)).toEqual(['e1', 'r2', second.appended.event.id]);
	});

	it('is cleared by anything new recorded after the undo', async () => {
		await games.append(game.id, score(A, 5));
		await games.undo(game.id);
		const fresh = await games.append(game.id, score(B, 10));
		expect(fresh.redoable).toBeNull();
		await expectCode(games.redo(game.id), 'nothing-to-redo');
	});

	it('survives a reload: get offers the same redo', async () => {
		await games.append(game.id, score(A, 5), { id: 'e1' });
		await games.undo(game.id);
		expect((await games.get(game.id)).redoable).toMatchObject({ id: 'e1' });
	});

	it('redoes the end of a game, finishing it again', async () => {
		await games.append(game.id, { type: 'end' });
		await games.undo(game.id);
		const { record, state } = await games.redo(game.id);
		expect(record.status).toBe('finished');
		expect(state.over).toBe(true);
	});

	it('is not offered for a void of an event that was not the last in effect', async () => {
		await games.append(game.id, score(A, 5), { id: 'e1' });
		await games.append(game.id, score(B, 10), { id: 'e2' });
		const voided = await games.append(game.id, { type: 'void', target: 'e1' });
		expect(voided.redoable).toBeNull();
		expect(voided.undoable).toMatchObject({ id: 'e2' });
	});
});

describe('replayRecords', () => {
	const setup: GameSetup = { ruleset: 'classroom', players: ['A', 'B'] };
	const record = (seq: number, event: GameEvent): EventRecord => ({
		gameId: 'g',
		seq,
		event,
		at: '2026-01-12T09:00:00.000Z',
		deviceId: 'd',
		redoOf: null
	});

	it('skips a stored event the rules refuse and lists it, applying the later ones', () => {
		const replayed = replayRecords(setup, [
			record(1, { id: 'e1', type: 'score', player: 'A', count: 10 }),
			record(2, { id: 'e2', type: 'score', player: 'A', count: 13 }),
			record(3, { id: 'e3', type: 'score', player: 'B', count: 5 })
		]);
		expect(replayed.refused.map((r) => [r.event.id, r.error.code])).toEqual([
			['e2', 'count-not-scoring']
		]);
		expect(replayed.state.totals).toEqual({ A: 10, B: 5 });
	});
});
