/**
 * A league's changes as they happen (issue 40), as Server-Sent Events: to the instructor its
 * games' live entries, their states, new cards' numbers and the league's state number; to a
 * phone the league's state number only, what it polls with `since=` today. Resumable: every
 * message's `id:` is a cursor (core/live-cursor.ts) the client sends back in `Last-Event-ID`
 * (or `?last=`). The streams are held by the process's hubs (core/live-hubs.ts).
 */
import { Hono } from 'hono';
import { authorize } from '../core/auth';
import type { Deps, ServerEnv } from '../core/context';
import { readCursor } from '../core/live-cursor';

/** The stream route, mounted under `/api/leagues`. */
export function streamRoutes({ db, live }: Deps): Hono<ServerEnv> {
	const routes = new Hono<ServerEnv>();

	routes.get('/:id/stream', authorize(db, ['instructor', 'device']), (c) => {
		const from = readCursor(c.req.header('last-event-id') ?? c.req.query('last'));
		const body = live.stream(c.get('caller'), from);
		return c.body(body, 200, {
			'Content-Type': 'text/event-stream',
			'Cache-Control': 'no-cache',
			// nginx and its kind pass each message on as it comes rather than buffering the answer.
			'X-Accel-Buffering': 'no'
		});
	});

	return routes;
}
