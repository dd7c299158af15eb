/**
 * A server killed with SIGKILL in the middle of pushes: after a restart on the same data,
 * every card it acknowledged is there. Runs the real process (`server/main.ts`) on PGlite
 * files, and on PostgreSQL when one is given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedCard } from './fixtures';
import { POSTGRES_URL, classOn, client, freshPostgres } from './support';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 8805);
const BASE = `http://127.0.0.1:${PORT}`;

function start(env: Record<string, string>): ChildProcess {
	// Node itself with tsx's loader, so the kill reaches the server (tsx's CLI would be a parent).
	return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
		env: {
			...process.env,
			TSX_TSCONFIG_PATH: 'server/tsconfig.json',
			PORT: String(PORT),
			HOST: '127.0.0.1',
			LOG_LEVEL: 'warn',
			...env
		},
		stdio: ['ignore', 'ignore', 'inherit']
	});
}

async function ready(child: ChildProcess): Promise<void> {
	for (let i = 0; i < 600; i++) {
		if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
		try {
			if ((await fetch(`${BASE}/api/health`)).ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error('server did not start');
}

function killed(child: ChildProcess): Promise<void> {
	return new Promise((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) resolve();
		else child.once('exit', () => resolve());
	});
}

const temp = mkdtempSync(join(tmpdir(), 'muggins-kill-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
	for (const c of cleanups) await c();
	rmSync(temp, { recursive: true, force: true });
});

const targets: { name: string; env: () => Promise<Record<string, string>> }[] = [
	{ name: 'embedded', env: async () => ({ DATA_DIR: join(temp, 'data') }) }
];
if (POSTGRES_URL) {
	targets.push({
		name: 'postgres',
		env: async () => {
			const fresh = await freshPostgres();
			cleanups.push(fresh.drop);
			return { DATABASE_URL: fresh.url };
		}
	});
}

describe.each(targets)('a server killed mid-push on $name', (target) => {
	it('keeps every card it acknowledged', { timeout: 180_000 }, async () => {
		const env = await target.env();
		const call = client(BASE);
		let server = start(env);
		await ready(server);
		const { instructor, devices } = await classOn(call, 'L1', 4);
		const acknowledged: string[] = [];
		let stop = false;
		// Each phone pushes new cards one after another until the server dies under it.
		const phones = devices.map(async (d) => {
			while (!stop) {
				const card = await signedCard('L1');
				try {
					const r = await call('POST', '/api/leagues/L1/cards', { token: d.token, json: card });
					if (r.status === 201) acknowledged.push(card.game.id);
				} catch {
					return;
				}
			}
		});
		while (acknowledged.length < 24) await new Promise((r) => setTimeout(r, 20));
		server.kill('SIGKILL');
		await killed(server);
		stop = true;
		await Promise.all(phones);

		server = start(env);
		await ready(server);
		const stored: string[] = [];
		for (let after = 0; ;) {
			const page = await call('GET', `/api/leagues/L1/cards?after=${after}`, {
				token: instructor
			});
			const cards = page.body.cards as { card: { game: { id: string } } }[];
			if (cards.length === 0) break;
			stored.push(...cards.map((c) => c.card.game.id));
			after = page.body.next as number;
		}
		server.kill('SIGTERM');
		await killed(server);
		expect(acknowledged.length).toBeGreaterThanOrEqual(24);
		const kept = new Set(stored);
		expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
	});
});
