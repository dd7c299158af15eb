/**
 * Several server processes on one database (`WORKERS=2`, node:cluster) behave as one: the
 * same cards pushed at once through both are stored once each, numbered without a gap. The
 * embedded database belongs to one process, so the server refuses to start two on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedCard } from './fixtures';
import { startServer, stopServer } from './process';
import { L1, POSTGRES_URL, classOn, client, freshPostgres } from './support';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 8805) + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const temp = mkdtempSync(join(tmpdir(), 'muggins-workers-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('two server processes', () => {
	it('refuse to share the embedded database', { timeout: 60_000 }, async () => {
		await expect(startServer(PORT, { DATA_DIR: join(temp, 'data'), WORKERS: '2' })).rejects.toThrow(
			'server exited with 1'
		);
	});

	it.runIf(POSTGRES_URL)(
		'on one PostgreSQL store each card once, numbered in order',
		{ timeout: 180_000 },
		async () => {
			const fresh = await freshPostgres();
			const server = await startServer(PORT, { DATABASE_URL: fresh.url, WORKERS: '2' });
			try {
				const call = client(BASE);
				const { instructor, devices } = await classOn(call, L1, 2);
				const cards = await Promise.all(Array.from({ length: 12 }, () => signedCard(L1)));
				// Every card pushed by both phones at once, on connections of their own.
				const replies = await Promise.all(
					cards.flatMap((card) =>
						devices.map((d) =>
							call('POST', `/api/leagues/${L1}/cards`, { token: d.token, json: card })
						)
					)
				);
				expect(replies.filter((r) => r.status === 201)).toHaveLength(12);
				expect(replies.filter((r) => r.status === 200)).toHaveLength(12);
				const pulled = await call('GET', `/api/leagues/${L1}/cards?after=0`, { token: instructor });
				const seqs = (pulled.body.cards as { seq: number }[]).map((c) => c.seq);
				expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
			} finally {
				await stopServer(server);
				await fresh.drop();
			}
		}
	);
});
