/**
 * The upkeep's judge loads apart from the first screen. In a file of its own: the test loads a
 * fresh copy of the store's modules, and after other tests in the same module graph vitest's
 * mocked import of the judge never settled. A fresh copy of the store's modules is compiled
 * again, which took over 5 s once in CI on a loaded machine: the limit guards against a hang,
 * and one retry against a slow compile.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '$lib/db/db';
import { resetDb } from './helpers';
import { classWithCards, judgedAfresh } from './verdict-helpers';

beforeEach(resetDb);

describe('the judge loads apart from the first screen', () => {
	it(
		'a first write that locks cards, before the judge has loaded, keeps their verdicts in its transaction',
		{ timeout: 30_000 },
		async () => {
			await classWithCards();
			const [rows, events, signed] = await Promise.all([
				db.games.toArray(),
				db.events.toArray(),
				db.signatures.toArray()
			]);
			// A fresh copy of the store's modules: its upkeep has not loaded the judge yet, and the
			// judge takes a while to come (a slow phone, a busy network).
			vi.resetModules();
			vi.doMock('$lib/db/verdicts', async () => {
				await new Promise((resolve) => setTimeout(resolve, 100));
				return vi.importActual('$lib/db/verdicts');
			});
			const fresh = await import('$lib/db/db');
			const other = new fresh.MugginsDB('verdicts-first-write');
			try {
				await other.transaction('rw', other.games, other.events, other.signatures, async () => {
					await other.events.bulkAdd(events);
					await other.signatures.bulkAdd(signed);
					await other.games.bulkAdd(rows);
				});
				expect(
					(await other.verdicts.toArray()).sort((a, b) => a.gameId.localeCompare(b.gameId))
				).toEqual(await judgedAfresh());
				expect(await other.verdicts.count()).toBe(2);
			} finally {
				vi.doUnmock('$lib/db/verdicts');
				await other.delete();
			}
		}
	);
});
