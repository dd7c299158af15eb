/**
 * One server to a DATA_DIR (issue 38): a second process on the folder refuses to start, naming
 * the first and the folder; the lock goes with every way the server stops, and a lock left by a
 * killed server does not block the next start.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '../../server/data-lock';
import { startServer, stopServer, runUntilExit } from './process';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 8805) + 3;
const temp = mkdtempSync(join(tmpdir(), 'muggins-lock-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
// One folder for every test: a new embedded database's first open is the slow part.
const dataDir = join(temp, 'data');

describe('the lock on DATA_DIR', () => {
	it(
		'stops a second server on the same folder, naming the first and the folder',
		{ timeout: 180_000 },
		async () => {
			const dataDir = join(temp, 'shared');
			const first = await startServer(PORT, { DATA_DIR: dataDir });
			try {
				const second = await runUntilExit({ DATA_DIR: dataDir, PORT: String(PORT + 1) });
				expect(second.code).toBe(1);
				expect(second.stderr.trim().split('\n')).toEqual([
					`Another server (process ${first.pid}) is using ${dataDir}. Stop it first, or give this one another DATA_DIR: two servers on one folder lose what they store.`
				]);
				// The first still answers.
				expect((await fetch(`http://127.0.0.1:${PORT}/api/health`)).status).toBe(200);
			} finally {
				await stopServer(first);
			}
		}
	);

	it.each(['SIGTERM', 'SIGINT', 'SIGKILL'] as const)(
		'lets the next server start after the first stopped by %s',
		{ timeout: 180_000 },
		async (signal) => {
			const first = await startServer(PORT, { DATA_DIR: dataDir });
			await stopServer(first, signal);
			// A clean stop takes the lock away; a killed server's is left, and found stale.
			expect(existsSync(lockFileOf(dataDir))).toBe(signal === 'SIGKILL');
			const next = await startServer(PORT, { DATA_DIR: dataDir });
			await stopServer(next);
			expect(existsSync(lockFileOf(dataDir))).toBe(false);
		}
	);
});
