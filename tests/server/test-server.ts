/**
 * The setup the server's tests on both databases share: a fresh database of a target opened
 * before the tests of a `describe` block, an app on it, every table emptied before each test,
 * and the database closed and dropped after them. Kept apart from support.ts, which the bench
 * imports outside Vitest.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Hono } from 'hono';
import type { ServerOptions } from '../../server/app';
import type { ServerEnv } from '../../server/core/context';
import type { Database } from '../../server/core/db';
import { OPEN_TIMEOUT, appOn, client, emptyTables, type Call, type Target } from './support';

/** The database and app of a block's tests; read them inside a test or hook. */
export interface TestServer {
	readonly db: Database;
	readonly app: Hono<ServerEnv>;
	/** Calls `app` as a client would; usable as it is in the block's body. */
	readonly call: Call;
}

/**
 * Opens `target` for the tests of the `describe` block it is called in, with an app made with
 * `opts`; the hooks it adds empty every table before each test and drop the database after.
 */
export function testServer(target: Target, opts: Partial<ServerOptions> = {}): TestServer {
	let opened: {
		db: Database;
		app: Hono<ServerEnv>;
		call: Call;
		drop(): Promise<void>;
	} | null = null;
	const current = () => {
		if (!opened) throw new Error('testServer: its database opens in beforeAll; use it in a test');
		return opened;
	};

	beforeAll(async () => {
		const { db, drop } = await target.open();
		const app = appOn(db, opts);
		opened = { db, app, call: client(app), drop };
	}, OPEN_TIMEOUT);
	afterAll(async () => {
		if (!opened) return;
		await opened.db.close();
		await opened.drop();
	});
	beforeEach(() => emptyTables(current().db));

	return {
		get db() {
			return current().db;
		},
		get app() {
			return current().app;
		},
		call: (...args) => current().call(...args)
	};
}
