import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MugginsDB } from '$lib/db/db';
import { guard } from '$lib/db/errors';
import { declareSchema } from '$lib/db/schema';
import { latestSchema } from '$lib/db/schema-open';
import { LATEST_VERSION } from '$lib/db/version-note';
import { memoryStorage } from '../support/memory-storage';
import { SHIPPED_VERSION_10 } from './helpers';

const NAME = 'muggins-schema-open-test';
/** Versions 1 to 6 and 8 to 11: version 7 never shipped. */
const EVERY_VERSION = 10;
const NOTE = `muggins:db-version:${NAME}`;

/** Every table of `db` as declared: name, primary key, indexes. */
function tablesOf(db: Dexie) {
	return db.tables
		.map((t) => ({
			name: t.name,
			primKey: t.schema.primKey.src,
			indexes: t.schema.indexes.map((i) => i.src).sort()
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every object store of the open database behind `db`, as IndexedDB holds it. */
function storesOf(db: Dexie) {
	const idb = db.backendDB();
	const names = [...idb.objectStoreNames].sort();
	const tx = idb.transaction(names, 'readonly');
	return names.map((name) => {
		const store = tx.objectStore(name);
		const indexes = [...store.indexNames].sort().map((i) => {
			const index = store.index(i);
			return { i, keyPath: index.keyPath, unique: index.unique, multi: index.multiEntry };
		});
		return { name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
	});
}

/** How many versions a new connection to NAME declares. */
function versionsDeclared(): { db: MugginsDB; count: number } {
	const spy = vi.spyOn(Dexie.prototype, 'version');
	const db = new MugginsDB(NAME);
	const count = spy.mock.calls.length;
	spy.mockRestore();
	return { db, count };
}

let storage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
	storage = memoryStorage();
	vi.stubGlobal('localStorage', storage);
});

afterEach(async () => {
	vi.unstubAllGlobals();
	await Dexie.delete(NAME);
});

describe('latestSchema', () => {
	it('is the last version declared, with every table as all the versions leave it', () => {
		const all = new Dexie('declared-only');
		declareSchema(all);
		const latest = new Dexie('declared-only');
		latest.version(latestSchema().version).stores(latestSchema().stores);
		expect(latestSchema().version).toBe(all.verno);
		expect(tablesOf(latest)).toEqual(tablesOf(all));
		expect(tablesOf(latest).length).toBeGreaterThan(10);
	});

	it('is the version the app knows without Dexie (a first screen reads plainly only at it)', () => {
		expect(LATEST_VERSION).toBe(latestSchema().version);
	});
});

describe('a connection', () => {
	it('on a new device declares every version, opens, and notes the version', async () => {
		const { db, count } = versionsDeclared();
		expect(count).toBe(EVERY_VERSION);
		await db.open();
		expect(storage.items.get(NOTE)).toBe(String(latestSchema().version));
		db.close();
	});

	it('to a database noted at the latest version declares only that one, and reads its data', async () => {
		const first = new MugginsDB(NAME);
		await first.meta.put({ key: 'deviceId', value: 'd1' });
		first.close();

		const { db, count } = versionsDeclared();
		expect(count).toBe(1);
		expect(await db.meta.get('deviceId')).toEqual({ key: 'deviceId', value: 'd1' });
		expect(db.verno).toBe(latestSchema().version);
		db.close();
	});

	it('noted at the latest version but new (storage cleared apart from the note) makes the same database', async () => {
		const everyVersion = new MugginsDB(NAME);
		await everyVersion.open();
		const expected = storesOf(everyVersion);
		everyVersion.close();
		await Dexie.delete(NAME);

		const { db, count } = versionsDeclared();
		expect(count).toBe(1);
		await db.open();
		expect(storesOf(db)).toEqual(expected);
		db.close();
	});

	it('to a database older than its note changes nothing, forgets the note, and upgrades next time', async () => {
		const old = new Dexie(NAME);
		old.version(10).stores(SHIPPED_VERSION_10);
		await old.table('meta').put({ key: 'deviceId', value: 'd1' });
		old.close();
		storage.items.set(NOTE, String(latestSchema().version));

		const refused = new MugginsDB(NAME);
		// In the words of a database updated elsewhere: reload to go on.
		await expect(guard(() => refused.meta.get('deviceId'))).rejects.toMatchObject({
			code: 'db-closed'
		});
		refused.close();
		expect(storage.items.has(NOTE)).toBe(false);
		const untouched = new Dexie(NAME);
		await untouched.open();
		expect(untouched.verno).toBe(10);
		untouched.close();

		const { db, count } = versionsDeclared();
		expect(count).toBe(EVERY_VERSION);
		expect(await db.meta.get('deviceId')).toEqual({ key: 'deviceId', value: 'd1' });
		expect(await db.signedLogs.count()).toBe(0);
		expect(storage.items.get(NOTE)).toBe(String(latestSchema().version));
		db.close();
	});

	it('where storage is refused declares every version and opens', async () => {
		vi.stubGlobal('localStorage', memoryStorage(true));
		const { db, count } = versionsDeclared();
		expect(count).toBe(EVERY_VERSION);
		await db.open();
		expect(db.verno).toBe(latestSchema().version);
		db.close();
	});
});
