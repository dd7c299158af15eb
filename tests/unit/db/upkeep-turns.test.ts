/**
 * `LazyPart` (upkeep-turns.ts): a write in a read-write transaction waits, with its transaction
 * kept alive, for a part that is still loading; one that does not load in time fails with a
 * coded error, and its transaction saves nothing.
 */
import 'fake-indexeddb/auto';
import Dexie, { type Table } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyPart } from '$lib/db/upkeep-turns';
import { expectCode } from './helpers';

interface Item {
	id: string;
}

/** A database whose writes to `items` each go through `part` first, as the upkeeps' do. */
function databaseWith(part: LazyPart<{ mark: string }>): Dexie & { items: Table<Item, string> } {
	const db = new Dexie(`lazy-part-${Math.random()}`) as Dexie & { items: Table<Item, string> };
	db.version(1).stores({ items: 'id' });
	db.use({
		stack: 'dbcore',
		name: 'lazy-part',
		create: (down) => ({
			...down,
			table: (name) => {
				const table = down.table(name);
				return {
					...table,
					mutate: (req) => part.in(table, req.trans, () => table.mutate(req))
				};
			}
		})
	});
	return db;
}

const opened: Dexie[] = [];
afterEach(async () => {
	for (const db of opened.splice(0)) await db.delete();
});

const after = <T>(ms: number, value: T) =>
	new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('LazyPart', () => {
	it('keeps a write’s transaction alive while the part loads, then writes', async () => {
		const db = databaseWith(new LazyPart(() => after(50, { mark: 'loaded' }), 5_000));
		opened.push(db);
		await db.transaction('rw', db.items, async () => {
			await db.items.add({ id: 'a' });
			await db.items.add({ id: 'b' });
		});
		expect(await db.items.toArray()).toEqual([{ id: 'a' }, { id: 'b' }]);
	});

	it('writes after a load long enough to take tens of thousands of reads', async () => {
		// A chain of Dexie's promises this deep never settled: a first write hung for minutes.
		const db = databaseWith(new LazyPart(() => after(1_500, { mark: 'loaded' }), 10_000));
		opened.push(db);
		await db.items.add({ id: 'a' });
		expect(await db.items.toArray()).toEqual([{ id: 'a' }]);
	});

	it('fails a write with app-part-missing when the part has not loaded in time, saving nothing', async () => {
		const db = databaseWith(new LazyPart(() => new Promise<never>(() => undefined), 100));
		opened.push(db);
		await expectCode(
			db.transaction('rw', db.items, async () => {
				await db.items.add({ id: 'a' });
			}),
			'app-part-missing'
		);
		expect(await db.items.count()).toBe(0);
	});

	it('fails a write with the load’s own error, and loads again at the next', async () => {
		let tries = 0;
		const db = databaseWith(
			new LazyPart(() => {
				tries += 1;
				return tries === 1 ? Promise.reject(new Error('offline')) : after(10, { mark: 'ok' });
			})
		);
		opened.push(db);
		await expect(db.items.add({ id: 'a' })).rejects.toThrow('offline');
		await db.items.add({ id: 'b' });
		expect(await db.items.toArray()).toEqual([{ id: 'b' }]);
		expect(tries).toBe(2);
	});
});
