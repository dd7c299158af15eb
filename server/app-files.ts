/**
 * The built app (adapter-static's `build/`) as the school server serves it: the files, and the
 * app's shell for every other path. Also what the bench serves, so its pages load as a class's.
 */
import type { Env, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { notFound, refusal } from './core/errors';

/**
 * How long a browser may keep a file without asking again: the hashed files for good; the
 * rest (the worker, the shell, the manifest and icons) asked again each time, for updates to
 * reach a class.
 */
function cacheControl(path: string): string {
	return path.startsWith('/_app/immutable/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Serves `appDir` on `app` when it holds a build (its `index.html`); true when it does. */
export function serveAppFiles<E extends Env>(app: Hono<E>, appDir: string): boolean {
	if (!existsSync(join(appDir, 'index.html'))) return false;
	const shell = readFileSync(join(appDir, 'index.html'), 'utf8');
	const files = serveStatic({ root: appDir });
	// The header goes on the answer itself: serveStatic's `onFound` runs once the answer is
	// made, too late for `c.header`.
	app.use('/*', async (c, next) => {
		// A file found is its answer; otherwise serveStatic ran the next handler.
		const found: unknown = await files(c, next);
		if (!(found instanceof Response)) return;
		found.headers.set('Cache-Control', cacheControl(c.req.path));
		return found;
	});
	// Every other path is a page of the single-page app: its shell. A missing file (an asset
	// of an older build) is a 404, never the shell under a script's name.
	app.get('*', (c) => {
		if (c.req.path.startsWith('/_app/') || /\.[a-z0-9]+$/i.test(c.req.path)) {
			return refusal(c, notFound());
		}
		c.header('Cache-Control', cacheControl(c.req.path));
		return c.html(shell);
	});
	return true;
}
