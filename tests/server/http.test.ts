/**
 * The server process over real HTTP (`server/main.ts`): a card is stored, and a body over the
 * limit is refused with 413 whether or not its length was sent beforehand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../server/core/body';
import { signedCard } from './fixtures';
import { startServer, stopServer } from './process';
import { L1, classOn, client } from './support';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 8805) + 2;
const BASE = `http://127.0.0.1:${PORT}`;
const temp = mkdtempSync(join(tmpdir(), 'muggins-http-'));
let server: ChildProcess;

beforeAll(async () => {
	server = await startServer(PORT, { DATA_DIR: join(temp, 'data') });
}, 120_000);
afterAll(async () => {
	if (server) await stopServer(server);
	rmSync(temp, { recursive: true, force: true });
});

describe('the server over HTTP', () => {
	it('stores a pushed card, and refuses an oversized body either way', async () => {
		const call = client(BASE);
		const { devices } = await classOn(call, L1);
		const token = devices[0]?.token ?? '';
		const card = await signedCard(L1);
		expect((await call('POST', `/api/leagues/${L1}/cards`, { token, json: card })).status).toBe(
			201
		);

		const big = JSON.stringify({ ...card, padding: 'x'.repeat(BODY_LIMIT) });
		const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
		const sized = await fetch(`${BASE}/api/leagues/${L1}/cards`, {
			method: 'POST',
			headers,
			body: big
		});
		expect([sized.status, ((await sized.json()) as { error: string }).error]).toEqual([
			413,
			'server-too-big'
		]);
		// In pieces with no length given (chunked), as a stream.
		const bytes = new TextEncoder().encode(big);
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				for (let i = 0; i < bytes.length; i += 65_536) {
					controller.enqueue(bytes.subarray(i, i + 65_536));
				}
				controller.close();
			}
		});
		const chunked = await fetch(`${BASE}/api/leagues/${L1}/cards`, {
			method: 'POST',
			headers,
			body: stream,
			duplex: 'half'
		} as RequestInit);
		expect([chunked.status, ((await chunked.json()) as { error: string }).error]).toEqual([
			413,
			'server-too-big'
		]);
	}, 120_000);
});
