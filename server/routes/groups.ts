/** A session's groups as handed out: pushed by the instructor, paged by the phones. */
import { Hono } from 'hono';
import { parsePayload } from '$lib/transfer/payload';
import { TransferError } from '$lib/transfer/errors';
import type { SessionPayload } from '$lib/transfer/schema';
import { authorize } from '../core/auth';
import { readJson } from '../core/body';
import type { Deps, ServerEnv } from '../core/context';
import { malformed } from '../core/errors';
import { changed } from './leagues';
import { wholeQuery } from './requests';

/** The largest page of handed-out sessions a phone pulls. */
export const GROUPS_PAGE_MAX = 50;

/** `body` as a session's groups handed out (the payload of a session code); else 400. */
function sessionOf(body: unknown): SessionPayload {
	let payload;
	try {
		payload = parsePayload(body);
	} catch (e) {
		if (e instanceof TransferError) throw malformed(e.code);
		throw e;
	}
	if (payload.kind !== 'session') throw malformed('kind: not a session');
	return payload;
}

/** The group routes, mounted under `/api/leagues`. */
export function groupRoutes({ db, budget, live }: Deps): Hono<ServerEnv> {
	const routes = new Hono<ServerEnv>();

	routes.put('/:id/groups/:session', authorize(db, ['instructor']), async (c) => {
		const id = c.req.param('id');
		const sessionId = c.req.param('session');
		const payload = sessionOf(await readJson(c, budget));
		if (payload.league.id !== id) throw malformed('league.id: not this league');
		if (payload.session.id !== sessionId) throw malformed('session.id: not this session');
		const seq = await db.transaction(async (q) => {
			const seq = await changed(q, id);
			await q(
				`insert into handouts (league_id, session_id, seq, payload) values ($1, $2, $3, $4)
				on conflict (league_id, session_id) do update set seq = excluded.seq,
				payload = excluded.payload`,
				[id, sessionId, seq, JSON.stringify(payload)]
			);
			return seq;
		});
		live.poke(id, { league: seq });
		return c.json({ ok: true, seq });
	});

	routes.get('/:id/groups', authorize(db, ['instructor', 'device']), async (c) => {
		const after = wholeQuery(c, 'after', 0);
		const limit = wholeQuery(c, 'limit', GROUPS_PAGE_MAX, GROUPS_PAGE_MAX);
		if (limit < 1) throw malformed(`limit: 1 to ${GROUPS_PAGE_MAX}`);
		const rows = await db.query<{ seq: number; payload: unknown }>(
			`select seq, payload from handouts where league_id = $1 and seq > $2
			order by seq limit $3`,
			[c.req.param('id'), after, limit]
		);
		const sessions = rows.map((r) =>
			typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload
		);
		const next = rows.length > 0 ? Number(rows[rows.length - 1]?.seq) : after;
		return c.json({ sessions, next, more: rows.length === limit });
	});

	return routes;
}
