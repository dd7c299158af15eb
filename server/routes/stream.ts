/**
 * A league's changes as they happen (issue 40), as Server-Sent Events: to the instructor its
 * games' live entries, their states, new cards' numbers and the league's state number; to a
 * phone the league's state number only, what it polls with `since=` today. Resumable: every
 * message's `id:` is a cursor (core/live-cursor.ts) the client sends back in `Last-Event-ID`
 * (or `?last=`). The streams are held by the process's hubs (core/live-hubs.ts).
 */
import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { authorize } from '../core/auth';
import type { Deps, ServerEnv } from '../core/context';
import { readCursor } from '../core/live-cursor';
import { nodeSink } from '../core/live-listener';
import { headersFor } from '../core/security-headers';

const SSE_HEADERS = {
	'Content-Type': 'text/event-stream',
	'Cache-Control': 'no-cache',
	// nginx and its kind pass each message on as it comes rather than buffering the answer.
	'X-Accel-Buffering': 'no'
};

/** The stream route, mounted under `/api/leagues`. */
export function streamRoutes({ db, live }: Deps): Hono<ServerEnv> {
	const routes = new Hono<ServerEnv>();

	routes.get('/:id/stream', authorize(db, ['instructor', 'device']), (c) => {
		const from = readCursor(c.req.header('last-event-id') ?? c.req.query('last'));
		const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
		if (!outgoing) return c.body(live.stream(c.get('caller'), from), 200, SSE_HEADERS);
		// Served by Node: the stream writes to Node's answer itself (core/live-listener.ts says
		// why), so the answer's headers are written here, with those the middleware would add.
		const sink = nodeSink(outgoing, {
			...headersFor(c.req.path, ''),
			'Access-Control-Allow-Origin': '*',
			...SSE_HEADERS
		});
		const listener = live.listen(c.get('caller'), from, sink);
		outgoing.on('close', () => listener.gone());
		sink.head();
		// The answer a middleware made before this one (CORS sets its headers first) is let go,
		// then replaced: Hono would otherwise copy it into a new answer around the one below,
		// which Node's adapter would try to send again.
		c.res = undefined;
		c.res = RESPONSE_ALREADY_SENT;
		return c.res;
	});

	return routes;
}
