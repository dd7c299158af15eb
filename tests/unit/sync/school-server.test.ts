/**
 * Telling the school server from any other address: only its health check's JSON counts, so an
 * app served without the server (whose every path answers with the app's page) is not taken
 * for one, and the app served by the server finds it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useFetch } from '$lib/sync/api';
import { checkServer, isHealthAnswer, servedBySchoolServer } from '$lib/sync/school-server';

const AT = 'https://scores.example.school';

function answering(status: number, body: string, type = 'application/json') {
	useFetch(async () => new Response(body, { status, headers: { 'content-type': type } }));
}

afterEach(() => useFetch((...args) => globalThis.fetch(...args)));

describe('isHealthAnswer', () => {
	it.each([
		[{ ok: true, database: 'pglite', version: null }, true],
		[{ ok: true, database: 'postgres' }, true],
		[{ ok: false, database: 'pglite' }, false],
		[{ ok: true }, false],
		[{ ok: 'true', database: 'pglite' }, false],
		[null, false],
		['<!doctype html>', false],
		[[true, 'pglite'], false]
	])('takes %j as a server: %s', (answer, expected) => {
		expect(isHealthAnswer(answer)).toBe(expected);
	});
});

describe('checkServer', () => {
	it('accepts the server’s health answer', async () => {
		answering(200, JSON.stringify({ ok: true, database: 'pglite', version: null }));
		await expect(checkServer(AT)).resolves.toBeUndefined();
	});

	it('refuses a page that answers there but is not the server', async () => {
		answering(200, '<!doctype html><title>Muggins League</title>', 'text/html');
		await expect(checkServer(AT)).rejects.toMatchObject({
			code: 'sync-not-server',
			params: { address: AT }
		});
	});

	it('refuses an address that answers 404, as a web server with no such page does', async () => {
		answering(404, 'Not found', 'text/plain');
		await expect(checkServer(AT)).rejects.toMatchObject({ code: 'sync-not-server', status: 404 });
	});

	it('passes the server’s own refusal on', async () => {
		answering(413, JSON.stringify({ error: 'server-too-big' }));
		await expect(checkServer(AT)).rejects.toMatchObject({ code: 'server-too-big', status: 413 });
	});

	it('says unreachable when nothing answers', async () => {
		useFetch(async () => {
			throw new TypeError('Failed to fetch');
		});
		await expect(checkServer(AT)).rejects.toMatchObject({ code: 'sync-unreachable' });
	});
});

describe('servedBySchoolServer', () => {
	it.each([
		['the server’s health answer', 200, JSON.stringify({ ok: true, database: 'pglite' }), true],
		['the app’s own page', 200, '<!doctype html>', false],
		['a database outage', 503, JSON.stringify({ error: 'server-database-down' }), false]
	])('is %s: %s', async (_what, status, body, expected) => {
		answering(status, body);
		expect(await servedBySchoolServer(AT)).toBe(expected);
	});
});
