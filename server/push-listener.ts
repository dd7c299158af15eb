/**
 * The push route's own Node listener, in front of Hono's (issue 16). A district's phones make
 * pushes nearly all the server's requests, and Hono's adapter builds a web Request, its
 * headers and a Response for each (a fifth of the server's CPU a push, profiled under the
 * bench's load). This listener answers `POST /api/leagues/:id/cards` from Node's own request
 * and response, through the same code as Hono's route (push-route.ts): the same auth, status
 * codes, JSON refusals, body limit and log line. Every other request, and any push it does not
 * take exactly as Hono would (a chunked body, no length, an encoded or odd path), goes to Hono.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ApiError, UNEXPECTED, refusalBody } from './errors';
import { BODY_LIMIT } from './schemas';
import type { PushRoute } from './push-route';

/** The push path with a plain league id (no `%`: Hono would decode it), and any query. */
const PUSH_PATH = /^\/api\/leagues\/([^/?%#]+)\/cards(?:\?|$)/;

/** The request's body as text, as `Request.text()` reads it (UTF-8, a leading BOM dropped). */
function readText(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			chunks.push(chunk);
			size += chunk.length;
		});
		req.once('end', () => {
			const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size))?.toString(
				'utf8'
			);
			resolve(text?.charCodeAt(0) === 0xfeff ? text.slice(1) : (text ?? ''));
		});
		req.once('error', reject);
		// A client gone before its body ended: nothing to answer, nothing stored.
		req.once('close', () => {
			if (!req.complete) reject(new Error('the request was aborted'));
		});
	});
}

function send(res: ServerResponse, status: number, body: unknown): void {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(text)
	});
	res.end(text);
}

/** A listener that answers pushes through `push` and hands every other request to `rest`. */
export function withPushListener(
	push: PushRoute,
	log: Logger,
	rest: RequestListener
): RequestListener {
	const answer = async (req: IncomingMessage, res: ServerResponse, leagueId: string) => {
		const started = performance.now();
		const url = req.url ?? '';
		const query = url.indexOf('?');
		const path = query < 0 ? url : url.slice(0, query);
		let status: number;
		try {
			// Node holds the body to its Content-Length, so the length alone decides the limit.
			if (Number.parseInt(req.headers['content-length'] ?? '', 10) > BODY_LIMIT) {
				throw new ApiError(413, 'server-too-big');
			}
			const reply = await push(leagueId, req.headers.authorization, () => readText(req));
			status = reply.status;
			send(res, status, reply.body);
		} catch (e) {
			if (e instanceof ApiError) {
				status = e.status;
				send(res, status, refusalBody(e));
			} else if (!req.complete && req.destroyed) {
				return; // the client went away mid-body
			} else {
				status = 500;
				log.error({ err: e, path }, 'request failed');
				send(res, status, UNEXPECTED);
			}
		}
		log.info(
			{ method: 'POST', path, status, ms: Math.round((performance.now() - started) * 10) / 10 },
			'request'
		);
	};
	return (req, res) => {
		const match =
			req.method === 'POST' &&
			req.headers['content-length'] !== undefined &&
			req.headers['transfer-encoding'] === undefined
				? PUSH_PATH.exec(req.url ?? '')
				: null;
		const leagueId = match?.[1];
		if (leagueId === undefined) return rest(req, res);
		void answer(req, res, leagueId);
	};
}
