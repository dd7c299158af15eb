import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, DB_NAME } from '$lib/db/db';
import * as games from '$lib/db/games';
import { plainGame, plainRole } from '$lib/db/plain-read';
import * as roles from '$lib/db/role';
import { noteKey } from '$lib/db/version-note';
import { memoryStorage } from '../support/memory-storage';
import { resetDb } from './helpers';

let storage: ReturnType<typeof memoryStorage>;

beforeEach(async () => {
	storage = memoryStorage();
	vi.stubGlobal('localStorage', storage);
	await resetDb();
	// Opened by the store, as on a device that has used the app: noted at the latest version.
	await db.open();
});

afterEach(() => vi.unstubAllGlobals());

/** The names of the databases IndexedDB holds. */
async function databases(): Promise<string[]> {
	return (await indexedDB.databases()).map((d) => d.name ?? '');
}

describe('plainRole', () => {
	it('reads the role as the store keeps it, and null before the device takes one', async () => {
		expect(await plainRole()).toBeNull();
		await roles.set('instructor');
		expect(await plainRole()).toBe('instructor');
	});

	it('reads it whatever the note says: the role’s row is the same in every version', async () => {
		await roles.set('group');
		storage.items.set(noteKey(DB_NAME), '10');
		expect(await plainRole()).toBe('group');
		vi.stubGlobal('localStorage', memoryStorage(true));
		expect(await plainRole()).toBe('group');
	});

	it('is null on a device with no database yet, and makes none', async () => {
		db.close({ disableAutoOpen: false });
		await db.delete({ disableAutoOpen: false });
		expect(await plainRole()).toBeNull();
		expect(await databases()).not.toContain(DB_NAME);
	});
});

describe('plainGame', () => {
	it('reads a game, its events in order and its players, as the store wrote them', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		const other = await games.create({ players: ['Ana', 'Cy'] });
		const [ana, ben] = game.seats;
		await games.append(game.id, { type: 'score', player: ana!, count: 10 });
		await games.append(other.id, { type: 'score', player: ana!, count: 5 });
		await games.append(game.id, { type: 'score', player: ben!, count: 15 });

		const read = await plainGame(game.id);
		const stored = await games.get(game.id);
		expect(read?.record).toEqual(stored.record);
		expect(read?.events).toEqual(stored.events);
		expect(read?.events.map((e) => e.seq)).toEqual([1, 2]);
		expect([...(read?.players.values() ?? [])].map((p) => p.name).sort()).toEqual(['Ana', 'Ben']);
	});

	it('gives null for a game not on this device', async () => {
		expect(await plainGame('no-such-game')).toBeNull();
	});

	it('gives null (the store reads it) unless the database is noted at the latest version', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		expect(await plainGame(game.id)).not.toBeNull();
		storage.items.set(noteKey(DB_NAME), '10');
		expect(await plainGame(game.id)).toBeNull();
		storage.items.delete(noteKey(DB_NAME));
		expect(await plainGame(game.id)).toBeNull();
		vi.stubGlobal('localStorage', memoryStorage(true));
		expect(await plainGame(game.id)).toBeNull();
	});

	it('makes no database where there is none, though one was noted', async () => {
		db.close({ disableAutoOpen: false });
		await db.delete({ disableAutoOpen: false });
		storage.items.set(noteKey(DB_NAME), String(db.verno));
		expect(await plainGame('any')).toBeNull();
		expect(await databases()).not.toContain(DB_NAME);
	});

	it('leaves no connection open: another tab’s upgrade waits for nothing', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		await Promise.all([plainGame(game.id), plainRole()]);
		db.close({ disableAutoOpen: false });
		const blocked = vi.fn();
		const upgrade = indexedDB.open(DB_NAME, db.verno * 10 + 1);
		upgrade.onblocked = blocked;
		const upgraded = await new Promise<IDBDatabase>((resolve, reject) => {
			upgrade.onsuccess = () => resolve(upgrade.result);
			upgrade.onerror = () => reject(upgrade.error);
		});
		upgraded.close();
		expect(blocked).not.toHaveBeenCalled();
	});
});
