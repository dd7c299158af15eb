import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as roles from '$lib/db/role';
import { PAINT_KEYS, WRITTEN_KEY } from '$lib/early-paint';
import { memoryStorage } from '../support/memory-storage';
import { resetDb } from './helpers';

let storage: ReturnType<typeof memoryStorage>;

/** Both screens kept, as after a start at Home and one at a game. */
function keepBoth(): void {
	for (const key of Object.values(PAINT_KEYS)) storage.items.set(key, '{"html":"kept"}');
}

beforeEach(async () => {
	storage = memoryStorage();
	vi.stubGlobal('localStorage', storage);
	await resetDb();
	await db.open();
});

afterEach(() => vi.unstubAllGlobals());

describe('paintForget', () => {
	it('forgets the kept screens at every write, and notes when the store was written', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		keepBoth();
		const before = Date.now();
		await games.append(game.id, { type: 'score', player: game.seats[0]!, count: 10 });
		for (const key of Object.values(PAINT_KEYS)) expect(storage.items.has(key)).toBe(false);
		expect(Number(storage.items.get(WRITTEN_KEY))).toBeGreaterThanOrEqual(before);

		keepBoth();
		await roles.set('group');
		for (const key of Object.values(PAINT_KEYS)) expect(storage.items.has(key)).toBe(false);
	});

	it('leaves them to a read', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		keepBoth();
		await db.games.get(game.id);
		await db.logs.toArray();
		for (const key of Object.values(PAINT_KEYS))
			expect(storage.items.get(key)).toBe('{"html":"kept"}');
	});

	it('writes on when storage refuses', async () => {
		vi.stubGlobal('localStorage', memoryStorage(true));
		const game = await games.create({ players: ['Ana', 'Ben'] });
		expect(await db.games.get(game.id)).toBeDefined();
	});
});
