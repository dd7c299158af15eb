/**
 * A server killed with SIGKILL in the middle of pushes: after a restart on the same data,
 * every card it acknowledged is there. Runs the real process (`server/main.ts`) on PGlite
 * files, and on PostgreSQL when one is given.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedCard } from './fixtures';
import { startServer, stopServer } from './process';
import { L1, POSTGRES_URL, classOn, client, freshPostgres } from './support';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 8805);
const BASE = `http://127.0.0.1:${PORT}`;

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
		let server = await startServer(PORT, env);
		const { instructor, devices } = await classOn(call, L1, 4);
		const acknowledged: string[] = [];
		let stop = false;
		// Each phone pushes new cards one after another until the server dies under it.
		const phones = devices.map(async (d) => {
			while (!stop) {
				const card = await signedCard(L1);
				try {
					const r = await call('POST', `/api/leagues/${L1}/cards`, { token: d.token, json: card });
					if (r.status === 201) acknowledged.push(card.game.id);
				} catch {
					return;
				}
			}
		});
		while (acknowledged.length < 24) await new Promise((r) => setTimeout(r, 20));
		await stopServer(server, 'SIGKILL');
		stop = true;
		await Promise.all(phones);

		server = await startServer(PORT, env);
		const stored: string[] = [];
		for (let after = 0; ;) {
			const page = await call('GET', `/api/leagues/${L1}/cards?after=${after}`, {
				token: instructor
			});
			const cards = page.body.cards as { card: { game: { id: string } } }[];
			if (cards.length === 0) break;
			stored.push(...cards.map((c) => c.card.game.id));
			after = page.body.next as number;
		}
		await stopServer(server);
		expect(acknowledged.length).toBeGreaterThanOrEqual(24);
		const kept = new Set(stored);
		expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
	});
});
