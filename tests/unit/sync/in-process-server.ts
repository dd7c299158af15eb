/**
 * The school server in this process for the sync client's tests: PGlite in memory, the app's
 * calls answered by its own `request`, every table emptied and the device's store reset before
 * each test. Call it in a test file's body; read `server()` inside a test.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { useFetch } from '$lib/sync/api';
import { openDatabase, type Database } from '../../../server/core/db';
import { appOn, emptyTables } from '../../server/support';
import { resetDb } from '../db/helpers';

/** Where the tests' server answers. */
export const ADDRESS = 'https://scores.example.school';

export function inProcessServer(): () => Database {
	let server: Database | null = null;
	beforeAll(async () => {
		server = await openDatabase({ dataDir: 'memory://' });
		const app = appOn(server);
		useFetch(async (input, init) => app.request(String(input), init));
	}, 60_000);
	afterAll(() => server?.close());
	beforeEach(async () => {
		if (server) await emptyTables(server);
		await resetDb();
	});
	return () => {
		if (!server) throw new Error('inProcessServer: the server opens in beforeAll');
		return server;
	};
}
