/**
 * The built app as the school server (and the bench) serves it (`server/app-files.ts`): files
 * with their caching, the shell for a page's address, a 404 for a missing file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { serveAppFiles } from '../../server/app-files';

const dir = mkdtempSync(join(tmpdir(), 'muggins-app-files-'));
mkdirSync(join(dir, '_app/immutable/chunks'), { recursive: true });
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
writeFileSync(join(dir, 'sw.js'), 'self.x = 1;');
writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
writeFileSync(join(dir, '_app/immutable/chunks/a.js'), 'export {};');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function served(root: string): Hono {
	const app = new Hono();
	serveAppFiles(app, root);
	return app;
}

describe('serveAppFiles', () => {
	const app = served(dir);

	it.each([
		['/', 200, 'no-cache', '<title>shell</title>'],
		['/game/1f2e', 200, 'no-cache', '<title>shell</title>'],
		['/league/x/students/y', 200, 'no-cache', '<title>shell</title>'],
		['/sw.js', 200, 'no-cache', 'self.x = 1;'],
		['/manifest.webmanifest', 200, 'no-cache', '{}'],
		['/_app/immutable/chunks/a.js', 200, 'public, max-age=31536000, immutable', 'export {};'],
		['/_app/immutable/chunks/gone.js', 404, null, 'server-not-found'],
		['/icon-old.png', 404, null, 'server-not-found']
	] as const)('%s answers %i', async (path, status, cache, body) => {
		const answer = await app.request(path);
		expect(answer.status).toBe(status);
		if (cache) expect(answer.headers.get('cache-control')).toBe(cache);
		expect(await answer.text()).toContain(body);
	});

	it('serves nothing, and says so, where there is no build', async () => {
		const empty = mkdtempSync(join(tmpdir(), 'muggins-no-build-'));
		try {
			const app = new Hono();
			expect(serveAppFiles(app, empty)).toBe(false);
			expect((await app.request('/')).status).toBe(404);
		} finally {
			rmSync(empty, { recursive: true, force: true });
		}
	});
});
