import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DB_NAME, MugginsDB } from '$lib/db/db';
import { isStale, onVersionChange } from '$lib/db/health';
import { toDbError } from '$lib/db/errors';
import * as games from '$lib/db/games';
import { declareSchema } from '$lib/db/schema';
import { expectCode } from './helpers';

/** A schema version above any the app declares, whatever its latest is. */
const NEXT_VERSION = 99;

/** The app as a later release would ship it: one more schema version. */
class NextRelease extends MugginsDB {
	constructor() {
		super();
		this.version(NEXT_VERSION).stores({ future: 'id' });
	}
}

/** An open tab of some old release that does not close when asked. */
function stubbornTab(): Dexie {
	const old = new Dexie(DB_NAME);
	declareSchema(old);
	old.on('versionchange', () => false);
	return old;
}

afterAll(async () => {
	await Dexie.delete(DB_NAME);
});

// One story, in order: this tab's connection ends for good in the last test.
describe('when another tab upgrades the database', () => {
	it('an upgrade waiting for a stubborn old tab tells the upgrading tab it is blocked', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
		const old = stubbornTab();
		await old.open();
		const next = new NextRelease();
		const blocked = vi.fn();
		next.onBlocked(blocked);
		const opening = next.open();
		await vi.waitFor(() => expect(blocked).toHaveBeenCalled());
		old.close();
		await opening;
		expect(next.verno).toBe(NEXT_VERSION);
		next.close();
		await Dexie.delete(DB_NAME);
		warn.mockRestore();
	});

	it('this tab closes, says so once, refuses further work with db-closed, and loses nothing', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		await games.append(game.id, { type: 'score', player: game.seats[0]!, count: 10 });
		const told = vi.fn();
		const stop = onVersionChange(told);
		expect(isStale()).toBe(false);

		const next = new NextRelease();
		await next.open();

		expect(told).toHaveBeenCalledTimes(1);
		expect(isStale()).toBe(true);
		await expectCode(games.get(game.id), 'db-closed');
		await expectCode(games.append(game.id, { type: 'end' }), 'db-closed');
		expect((await next.logs.get(game.id))?.events).toHaveLength(1);
		expect(await next.games.get(game.id)).toMatchObject({ status: 'in-progress' });
		stop();
		next.close();
	});
});

describe('toDbError', () => {
	it.each([
		[new Dexie.QuotaExceededError('full'), 'storage-full'],
		[
			new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError')),
			'storage-full'
		],
		[new Dexie.DatabaseClosedError(), 'db-closed'],
		[new Dexie.OpenFailedError('x', new DOMException('newer', 'VersionError')), 'db-closed'],
		[new Dexie.MissingAPIError('no indexedDB'), 'db-unavailable']
	])('turns %s into %s', (error, code) => {
		expect(toDbError(error)).toMatchObject({ code, cause: error });
	});

	it('leaves other errors as they are', () => {
		const bug = new TypeError('x is undefined');
		expect(toDbError(bug)).toBe(bug);
	});
});
