import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import { deviceId } from '$lib/db/device';
import { DbError } from '$lib/db/errors';
import * as games from '$lib/db/games';
import { toEvents, toSetup, type GameRecord } from '$lib/card/records';
import { RuleError } from '$lib/rules/errors';
import { replay } from '$lib/rules/game';
import { at, expectCode, resetDb, rowCounts, logOf, eventAt } from './helpers';

let game: GameRecord;
let A: string, B: string, C: string;

beforeEach(async () => {
	await resetDb();
	game = await games.create({ players: ['Ana', 'Ben', 'Cy'], now: at(0) });
	[A, B, C] = game.seats as [string, string, string];
});

describe('append', () => {
	it('stores an accepted event at the next place and gives the new state', async () => {
		const first = await games.append(
			game.id,
			{ type: 'score', player: A, count: 15 },
			{ now: at(1) }
		);
		const second = await games.append(
			game.id,
			{ type: 'score', player: B, count: 10 },
			{ id: 'e2' }
		);
		expect(first.appended).toMatchObject({
			gameId: game.id,
			seq: 1,
			event: { type: 'score', player: A, count: 15 },
			at: at(1),
			deviceId: await deviceId(),
			redoOf: null
		});
		expect(second.appended).toMatchObject({ seq: 2, event: { id: 'e2' } });
		expect(second.state.totals).toEqual({ [A]: 15, [B]: 10, [C]: 0 });
		expect(second.events.map((e) => e.seq)).toEqual([1, 2]);
		expect(second.record.updatedAt).toBe(second.appended.at);
	});

	it("gives each event its game's id and its place unless one is given", async () => {
		const first = await games.append(game.id, { type: 'score', player: A, count: 5 });
		const undo = await games.undo(game.id);
		const redo = await games.redo(game.id);
		const given = await games.append(
			game.id,
			{ type: 'score', player: B, count: 5 },
			{ id: 'mine' }
		);
		expect(
			[first, undo, redo, given].map(({ appended }) => [appended.event.id, appended.redoOf])
		).toEqual([
			[`${game.id}.1`, null],
			[`${game.id}.2`, null],
			[`${game.id}.3`, `${game.id}.1`],
			['mine', null]
		]);
	});

	it('returns the state that a replay of the stored events gives', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 10 });
		await games.append(game.id, { type: 'muggins', by: B, from: A, count: 15 });
		const undone = await games.append(game.id, { type: 'score', player: C, count: 20 });
		await games.append(game.id, { type: 'void', target: undone.appended.event.id });
		const last = await games.append(game.id, {
			type: 'hand-end',
			outcome: 'domino',
			wentOut: B,
			hands: { [A]: { pips: 9, tiles: 2 }, [C]: { pips: 4, tiles: 1 } },
			spinner: '5-5'
		});
		const stored = await logOf(game.id);
		expect(replay(toSetup(game), toEvents(stored))).toEqual(last.state);
		expect((await games.get(game.id)).state).toEqual(last.state);
		expect(last.state.totals).toEqual({ [A]: 10, [B]: 18, [C]: 0 });
	});

	it('stores plain data: no undefined fields, no link to the object passed in', async () => {
		const event = { type: 'end' as const, reason: undefined };
		const { appended } = await games.append(game.id, event);
		expect(Object.keys((await eventAt(game.id, 1))!.event)).toEqual(['type', 'id']);
		expect(appended.event).not.toBe(event);
	});

	it('stores nothing for a refused event and surfaces the rules code', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 10 });
		const before = await rowCounts();
		const refused = games.append(game.id, { type: 'score', player: A, count: 13 });
		await expect(refused).rejects.toBeInstanceOf(RuleError);
		await expectCode(refused, 'count-not-scoring');
		expect(await rowCounts()).toEqual(before);
		expect((await games.get(game.id)).record).toEqual((await db.games.get(game.id))!);
		expect((await games.append(game.id, { type: 'end' })).appended.seq).toBe(2);
	});

	it.each([
		['a stranger', { type: 'score', player: 'Zed', count: 10 }, 'unknown-player'],
		['an event of no known type', { type: 'shuffle' }, 'unknown-event'],
		['a void of nothing', { type: 'void', target: 'nope' }, 'void-unknown'],
		['a muggins on oneself', { type: 'muggins', by: 'A', from: 'A', count: 10 }, 'same-side']
	])('refuses %s with its code', async (_, event, code) => {
		const bound = JSON.parse(JSON.stringify(event).replaceAll('"A"', JSON.stringify(A)));
		await expectCode(games.append(game.id, bound), code);
		expect((await rowCounts()).events).toBe(0);
	});

	it('refuses an id already used in the game', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 5 }, { id: 'x' });
		await expectCode(games.append(game.id, { type: 'end' }, { id: 'x' }), 'duplicate-id');
	});

	it('refuses every event after the game is over', async () => {
		await games.append(game.id, { type: 'end' });
		await expectCode(games.append(game.id, { type: 'score', player: A, count: 5 }), 'game-over');
		await expectCode(games.append(game.id, { type: 'end' }), 'game-over');
		expect((await rowCounts()).events).toBe(1);
	});

	it('turns the game finished on an end, and back in progress when the end is voided', async () => {
		await games.append(game.id, { type: 'score', player: C, count: 10 });
		const ended = await games.append(game.id, { type: 'end' }, { now: at(30) });
		expect(ended.record).toMatchObject({ status: 'finished', finishedAt: at(30) });
		expect(ended.state).toMatchObject({ over: true, winners: [C] });
		expect(await db.games.get(game.id)).toEqual(ended.record);
		expect((await games.list({ status: 'finished' })).map((g) => g.id)).toEqual([game.id]);

		const reopened = await games.append(
			game.id,
			{ type: 'void', target: ended.appended.event.id },
			{ now: at(31) }
		);
		expect(reopened.record).toMatchObject({ status: 'in-progress', finishedAt: null });
		expect(reopened.state.over).toBe(false);
		expect((await games.list({ status: 'in-progress' })).map((g) => g.id)).toEqual([game.id]);
	});

	it('turns the game finished when a score reaches its target', async () => {
		const g = await games.create({ players: ['Di', 'Ed'], options: { target: 20 } });
		await games.append(g.id, { type: 'score', player: g.seats[0]!, count: 10 });
		const { record, state } = await games.append(g.id, {
			type: 'score',
			player: g.seats[0]!,
			count: 10
		});
		expect(record.status).toBe('finished');
		expect(state.endCause).toBe('target');
	});

	it('refuses an unknown game', async () => {
		await expectCode(games.append('nope', { type: 'end' }), 'not-found');
	});
});

describe('append when storage fails', () => {
	/** Makes every write to `table` fail as a full disk does, until the returned undo runs. */
	function fillDisk(table: 'games' | 'logs'): () => void {
		db.close({ disableAutoOpen: false });
		db.use({
			stack: 'dbcore',
			name: 'full-disk',
			create: (down) => ({
				...down,
				table: (name) => {
					const t = down.table(name);
					if (name !== table) return t;
					return {
						...t,
						mutate: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError'))
					};
				}
			})
		});
		return () => {
			db.close({ disableAutoOpen: false });
			db.unuse({ stack: 'dbcore', name: 'full-disk' });
		};
	}

	it.each(['logs', 'games'] as const)(
		'says storage-full and keeps nothing of the event when writing %s fails',
		async (table) => {
			await games.append(game.id, { type: 'score', player: A, count: 10 });
			const before = await rowCounts();
			const recordBefore = await db.games.get(game.id);
			const free = fillDisk(table);
			try {
				const full = games.append(game.id, { type: 'end' });
				await expect(full).rejects.toBeInstanceOf(DbError);
				await expectCode(full, 'storage-full');
			} finally {
				free();
			}
			expect(await rowCounts()).toEqual(before);
			expect(await db.games.get(game.id)).toEqual(recordBefore);
			expect((await games.append(game.id, { type: 'end' })).appended.seq).toBe(2);
		}
	);
});
