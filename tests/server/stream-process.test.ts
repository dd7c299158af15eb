/**
 * The league stream from the real server process (`server/main.ts`), as a school runs it: there
 * the stream writes to Node's answer itself, past Hono's adapter with its global objects in
 * place, which no in-process test reaches. On PostgreSQL when one is given, else embedded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, stopServer } from './process';
import { L1, POSTGRES_URL, classOn, client, freshPostgres } from './support';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 8805) + 5;
const BASE = `http://127.0.0.1:${PORT}`;

const temp = mkdtempSync(join(tmpdir(), 'muggins-stream-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
	for (const c of cleanups) await c();
	rmSync(temp, { recursive: true, force: true });
});

async function database(): Promise<Record<string, string>> {
	if (!POSTGRES_URL) return { DATA_DIR: join(temp, 'data') };
	const fresh = await freshPostgres();
	cleanups.push(fresh.drop);
	return { DATABASE_URL: fresh.url };
}

/** The first `count` messages of `body` as text, then the stream cancelled. */
async function firstMessages(body: ReadableStream<Uint8Array>, count: number): Promise<string[]> {
	const reader = body.getReader();
	const decoder = new TextDecoder();
	let text = '';
	while (text.split('\n\n').length <= count) {
		const { value, done } = await reader.read();
		if (done) break;
		text += decoder.decode(value, { stream: true });
	}
	await reader.cancel();
	return text.split('\n\n').slice(0, count);
}

describe('the league stream from the server process', () => {
	it(
		'answers with its headers and messages, and goes on answering',
		{ timeout: 240_000 },
		async () => {
			const server = await startServer(PORT, await database());
			try {
				const call = client(BASE);
				const { instructor, devices } = await classOn(call, L1, 1);
				const url = `${BASE}/api/leagues/${L1}/stream`;
				for (const token of [instructor, devices[0]!.token]) {
					const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
					const names = ['content-type', 'cache-control', 'access-control-allow-origin'];
					expect(names.map((n) => res.headers.get(n))).toEqual([
						'text/event-stream',
						'no-cache',
						'*'
					]);
					expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
					const messages = await firstMessages(res.body!, 1);
					expect(messages[0]).toMatch(/^event: (cards|league)\ndata: \{/);
				}
				// A refused stream is an answer like any other.
				const refused = await fetch(url, { headers: { authorization: 'Bearer nobody' } });
				expect(refused.status).toBe(401);
				expect(await refused.json()).toMatchObject({ error: 'server-unauthorized' });
				// The server still answers once the streams went.
				expect((await fetch(`${BASE}/api/health`)).status).toBe(200);
			} finally {
				await stopServer(server);
			}
		}
	);
});
