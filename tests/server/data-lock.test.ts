/**
 * One server to a DATA_DIR (issue 38): a second process on the folder refuses to start, naming
 * the first and the folder; the lock goes with every way a process stops, and a lock left by a
 * killed process does not block the next start.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '../../server/data-lock';
import { startServer, stopServer, runUntilExit } from './process';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 8805) + 3;
const temp = mkdtempSync(join(tmpdir(), 'muggins-lock-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Starts lock-holder.ts on `dataDir`; resolves once it holds the lock. */
function holder(dataDir: string) {
	const child = spawn(
		process.execPath,
		['--import', 'tsx', join(import.meta.dirname, 'lock-holder.ts'), dataDir],
		{
			env: { ...process.env, TSX_TSCONFIG_PATH: 'server/tsconfig.json' },
			stdio: ['ignore', 'pipe', 'inherit']
		}
	);
	const ready = new Promise<void>((resolve, reject) => {
		child.stdout.on('data', () => resolve());
		child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
	});
	return { child, ready };
}

describe('the lock on DATA_DIR', () => {
	it(
		'stops a second server on the same folder, naming the first and the folder',
		{ timeout: 600_000 },
		async () => {
			const dataDir = join(temp, 'server');
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
			// Stopped, it took its lock away.
			expect(existsSync(lockFileOf(dataDir))).toBe(false);
		}
	);

	it.each(['SIGTERM', 'SIGINT', 'SIGKILL'] as const)(
		'lets the next process take the folder after the first stopped by %s',
		{ timeout: 120_000 },
		async (signal) => {
			const dataDir = join(temp, signal);
			const first = holder(dataDir);
			await first.ready;
			const refused = holder(dataDir);
			await expect(refused.ready).rejects.toThrow('lock holder exited with 1');
			const gone = new Promise((resolve) => first.child.once('exit', resolve));
			first.child.kill(signal);
			await gone;
			// A process that stops takes its lock away; a killed one's is left, and found stale.
			expect(existsSync(lockFileOf(dataDir))).toBe(signal === 'SIGKILL');
			const next = holder(dataDir);
			await next.ready;
			next.child.kill('SIGTERM');
		}
	);
});
