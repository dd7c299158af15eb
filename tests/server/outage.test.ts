/**
 * While the database cannot be reached the server says so (issue 38): health answers 503 with
 * `reachable: false`, and every request that needs the database 503 `server-database-down`
 * (not 500 `unexpected`), so a device keeps its cards and tries again.
 */
import { describe, expect, it } from 'vitest';
import { connectDatabase, openDatabase, type Database } from '../../server/core/db';
import { L1, POSTGRES_URL, appOn, client } from './support';

const targets: { name: string; gone: () => Promise<Database> }[] = [
	{
		name: 'embedded, closed',
		async gone() {
			const db = await openDatabase({ dataDir: 'memory://' });
			await db.close();
			return db;
		}
	}
];
if (POSTGRES_URL) {
	targets.push({
		name: 'postgres, nothing listening',
		gone: () => connectDatabase({ url: 'postgres://postgres@127.0.0.1:9/none' })
	});
}

describe.each(targets)('a database that is away ($name)', (target) => {
	it(
		'answers 503: health says the database is down, requests say so in plain words',
		{ timeout: 240_000 },
		async () => {
			const db = await target.gone();
			const call = client(appOn(db));
			const health = await call('GET', '/api/health');
			expect([health.status, health.body.ok, health.body.reachable, health.body.error]).toEqual([
				503,
				false,
				false,
				'server-database-down'
			]);
			const made = await call('POST', '/api/leagues', { json: { id: L1, name: 'P3' } });
			expect([made.status, made.body.error]).toEqual([503, 'server-database-down']);
			expect(made.body.message).toMatch(/cannot reach its database/);
			const push = await call('POST', `/api/leagues/${L1}/cards`, { token: 'mld_x', json: {} });
			expect([push.status, push.body.error]).toEqual([503, 'server-database-down']);
			if (POSTGRES_URL) await db.close().catch(() => {});
		}
	);
});
