/**
 * The school server's HTTP API (documented in docs/server.md) and, beside it, the built app.
 * Stateless: everything a request needs is in the database, so several processes on one
 * database answer alike. Every write is one transaction, answered after it committed.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getConnInfo } from '@hono/node-server/conninfo';
import * as v from 'valibot';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import type { Database } from './db';
import { ApiError, UNEXPECTED, malformed, notFound, parseRequestJson, refusal } from './errors';
import { admit, bearerOf, callerOf, type Caller, type Role } from './auth';
import { pushRoute, type PushRoute } from './push-route';
import { PAGE_MAX, pullCards } from './cards';
import {
	BODY_LIMIT,
	JoinSchema,
	LeagueUpdateSchema,
	RegisterSchema,
	RosterSchema,
	SessionsSchema
} from './schemas';
import { pushBatcher } from './push-batch';
import { serveAppFiles } from './app-files';
import { hashSecret, newJoinCode, newToken, normalJoinCode } from './tokens';
import { parsePayload } from '$lib/transfer/payload';
import { readSnapshot } from '$lib/transfer/standings-snapshot';
import { TransferError } from '$lib/transfer/errors';
import type { SessionPayload } from '$lib/transfer/schema';

export interface ServerOptions {
	db: Database;
	log: Logger;
	/** The built app (adapter-static's `build/`); not served when missing. */
	appDir?: string;
	/** How long a join code works. */
	joinCodeDays?: number;
	/** Wrong join codes one client may try in ten minutes. */
	joinFailures?: number;
	/** Take the client's address from X-Forwarded-For (behind the school's HTTPS proxy). */
	trustProxy?: boolean;
	version?: string;
	/**
	 * Push statements in flight at once (group commit, push-batch.ts); pushes arriving while all
	 * are busy go together in the next. Default: 2, or the database's connections when fewer
	 * (measured on 2 cores: 4 lanes of single pushes cost PostgreSQL 1.1-1.2 ms of CPU a card,
	 * 2 lanes grouping them 0.6-0.8 ms, 1 lane no better).
	 */
	pushLanes?: number;
}

/** The bearer token of `c`; 401 when there is none. */
function bearer(c: Context): string {
	return bearerOf(c.req.header('authorization'));
}

/** The caller, when its token is of league `:id` and of one of `roles`; else 401 or 403. */
async function allowed(db: Database, c: Context, roles: readonly Role[]): Promise<Caller> {
	return admit(await callerOf(db, bearer(c)), c.req.param('id') ?? '', roles);
}

/** The request's JSON body checked against `schema`; 400 for anything else. */
async function body<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
	const parsed = v.safeParse(schema, await json(c));
	if (!parsed.success) {
		const issue = parsed.issues[0];
		const where = v.getDotPath(issue);
		throw malformed(where ? `${where}: ${issue.message}` : issue.message);
	}
	return parsed.output;
}

async function json(c: Context): Promise<unknown> {
	return parseRequestJson(await c.req.text());
}

async function issueJoinCode(
	q: Database['query'],
	leagueId: string,
	days: number
): Promise<{ joinCode: string; expiresAt: string }> {
	const joinCode = newJoinCode();
	const expires = new Date(Date.now() + days * 86_400_000);
	await q('insert into join_codes (code_hash, league_id, expires_at) values ($1, $2, $3)', [
		hashSecret(normalJoinCode(joinCode)),
		leagueId,
		expires.toISOString()
	]);
	return { joinCode, expiresAt: expires.toISOString() };
}

async function replaceRoster(
	q: Database['query'],
	leagueId: string,
	players: v.InferOutput<typeof RosterSchema>['players']
): Promise<void> {
	await q('delete from players where league_id = $1', [leagueId]);
	for (const p of players) {
		await q(
			`insert into players (league_id, id, name, retired_at, updated_at) values ($1, $2, $3, $4, $5)
			on conflict (league_id, id) do update set name = excluded.name,
			retired_at = excluded.retired_at, updated_at = excluded.updated_at`,
			[leagueId, p.id, p.name, p.retiredAt, p.updatedAt]
		);
	}
}

/** Counts a change to league `leagueId`'s state (phones holding an older number pull again). */
async function changed(q: Database['query'], leagueId: string): Promise<number> {
	const [row] = await q<{ state_seq: number }>(
		`update leagues set state_seq = state_seq + 1, updated_at = now() where id = $1
		returning state_seq`,
		[leagueId]
	);
	if (!row) throw notFound();
	return Number(row.state_seq);
}

/** Query parameter `name` as a whole number from 0 (`fallback` when absent); else 400. */
function wholeQuery(c: Context, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) {
	const value = Number(c.req.query(name) ?? fallback);
	if (!Number.isSafeInteger(value) || value < 0 || value > max) {
		throw malformed(`${name}: a whole number up to ${max}`);
	}
	return value;
}

/** The client's address, for counting wrong join codes. */
function clientOf(c: Context, trustProxy: boolean): string {
	const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : '';
	if (forwarded) return forwarded;
	try {
		return getConnInfo(c).remote.address ?? 'unknown';
	} catch {
		return 'unknown';
	}
}

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

/** The server's Hono app, and its push route for the listener in front of it. */
export interface ServerParts {
	app: Hono;
	push: PushRoute;
}

export function createApp(opts: ServerOptions): Hono {
	return createServerParts(opts).app;
}

export function createServerParts(opts: ServerOptions): ServerParts {
	const { db, log } = opts;
	const joinCodeDays = opts.joinCodeDays ?? 14;
	const joinFailures = opts.joinFailures ?? 10;
	const app = new Hono();
	const batcher = pushBatcher(db, opts.pushLanes ?? Math.min(2, db.connections));
	const push = pushRoute(db, batcher);

	app.onError((e, c) => {
		if (e instanceof ApiError) return refusal(c, e);
		log.error({ err: e, path: c.req.path }, 'request failed');
		return c.json(UNEXPECTED, 500);
	});

	app.use('/api/*', async (c, next) => {
		const started = performance.now();
		await next();
		log.info(
			{
				method: c.req.method,
				path: c.req.path,
				status: c.res.status,
				ms: Math.round((performance.now() - started) * 10) / 10
			},
			'request'
		);
	});
	const tooBig = (c: Context) => refusal(c, new ApiError(413, 'server-too-big'));
	const streamedLimit = bodyLimit({ maxSize: BODY_LIMIT, onError: tooBig });
	app.use('/api/*', async (c, next) => {
		// A body sent with its length (every push) is judged by that length, which Node's parser
		// holds it to: reading `c.req.raw.body` as hono's bodyLimit does would build a web
		// Request and stream for every request, the HTTP stack's largest cost a push. A body
		// without a length (chunked) is counted as it arrives; from Node's server, no length and
		// no chunks is no body (a request made in-process, as in tests, is counted as it is read).
		const length = c.req.header('content-length');
		const fromNode = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
		if (!fromNode || c.req.header('transfer-encoding') !== undefined) {
			return streamedLimit(c, next);
		}
		if (length !== undefined && Number.parseInt(length, 10) > BODY_LIMIT) return tooBig(c);
		await next();
	});

	app.get('/api/health', async (c) => {
		await db.query('select 1');
		return c.json({ ok: true, database: db.kind, version: opts.version ?? null });
	});

	app.post('/api/leagues', async (c) => {
		const input = await body(c, RegisterSchema);
		const instructorToken = newToken('instructor');
		const out = await db.transaction(async (q) => {
			const inserted = await q(
				`insert into leagues (id, name, instructor_token_hash, record) values ($1, $2, $3, $4)
				on conflict (id) do nothing returning id`,
				[input.id, input.name, hashSecret(instructorToken), JSON.stringify(input.league ?? null)]
			);
			if (inserted.length === 0) throw new ApiError(409, 'server-league-exists');
			return issueJoinCode(q, input.id, joinCodeDays);
		});
		return c.json({ instructorToken, ...out }, 201);
	});

	app.get('/api/leagues/:id', async (c) => {
		await allowed(db, c, ['instructor', 'device']);
		const id = c.req.param('id');
		const since = c.req.query('since') === undefined ? null : wholeQuery(c, 'since', 0);
		const [league] = await db.query<{
			name: string;
			record: unknown;
			state_seq: number;
			standings: unknown;
		}>('select name, record, state_seq, standings from leagues where id = $1', [id]);
		if (!league) throw notFound();
		const seq = Number(league.state_seq);
		// A phone polling with the number it holds gets nothing when nothing changed.
		if (since !== null && seq <= since) return c.body(null, 304);
		const roster = await db.query<{ id: string; name: string; retiredAt: string | null }>(
			`select id, name, retired_at as "retiredAt", updated_at as "updatedAt"
			from players where league_id = $1 order by name, id`,
			[id]
		);
		const sessions = await db.query<{ record: unknown }>(
			'select record from sessions where league_id = $1 order by id',
			[id]
		);
		return c.json({
			id,
			seq,
			name: league.name,
			league: league.record,
			roster,
			sessions: sessions.map((s) => s.record),
			standings:
				typeof league.standings === 'string'
					? (JSON.parse(league.standings) as unknown)
					: (league.standings ?? null)
		});
	});

	app.put('/api/leagues/:id', async (c) => {
		await allowed(db, c, ['instructor']);
		const input = await body(c, LeagueUpdateSchema);
		const id = c.req.param('id');
		if (input.league && input.league.id !== id) throw malformed('league.id: not this league');
		await db.query(
			`update leagues set name = coalesce($2, name), record = coalesce($3, record),
			state_seq = state_seq + 1, updated_at = now() where id = $1`,
			[
				id,
				input.name ?? input.league?.name ?? null,
				input.league ? JSON.stringify(input.league) : null
			]
		);
		return c.json({ ok: true });
	});

	app.put('/api/leagues/:id/roster', async (c) => {
		await allowed(db, c, ['instructor']);
		const { players } = await body(c, RosterSchema);
		const id = c.req.param('id');
		await db.transaction(async (q) => {
			await changed(q, id);
			await replaceRoster(q, id, players);
		});
		return c.json({ ok: true, players: players.length });
	});

	app.put('/api/leagues/:id/sessions', async (c) => {
		await allowed(db, c, ['instructor']);
		const { sessions } = await body(c, SessionsSchema);
		const id = c.req.param('id');
		if (sessions.some((s) => s.leagueId !== id)) throw malformed('a session of another league');
		await db.transaction(async (q) => {
			await changed(q, id);
			await q('delete from sessions where league_id = $1', [id]);
			await q('delete from handouts where league_id = $1 and session_id <> all($2::text[])', [
				id,
				sessions.map((s) => s.id)
			]);
			for (const s of sessions) {
				await q('insert into sessions (league_id, id, record) values ($1, $2, $3)', [
					id,
					s.id,
					JSON.stringify(s)
				]);
			}
		});
		return c.json({ ok: true, sessions: sessions.length });
	});

	app.put('/api/leagues/:id/standings', async (c) => {
		await allowed(db, c, ['instructor']);
		const id = c.req.param('id');
		// The schema of the QR path: what a phone would refuse from a code is refused here.
		const snapshot = readSnapshot(await json(c));
		if (!snapshot) throw malformed('not a standings snapshot');
		if (snapshot.league !== id) throw new ApiError(422, 'standings-foreign');
		// Newer wins in the one statement that stores it, so two devices racing keep the newest.
		const [row] = await db.query<{ state_seq: number }>(
			`update leagues set standings = $2, standings_at = $3, state_seq = state_seq + 1,
			updated_at = now() where id = $1 and (standings_at is null or standings_at < $3)
			returning state_seq`,
			[id, JSON.stringify(snapshot), snapshot.at]
		);
		return c.json({ ok: true, stored: row !== undefined, seq: row ? Number(row.state_seq) : null });
	});

	app.put('/api/leagues/:id/groups/:session', async (c) => {
		await allowed(db, c, ['instructor']);
		const id = c.req.param('id');
		const sessionId = c.req.param('session');
		const payload = sessionOf(await json(c));
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
		return c.json({ ok: true, seq });
	});

	app.get('/api/leagues/:id/groups', async (c) => {
		await allowed(db, c, ['instructor', 'device']);
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

	app.post('/api/leagues/:id/join-code', async (c) => {
		await allowed(db, c, ['instructor']);
		const id = c.req.param('id');
		const out = await db.transaction(async (q) => {
			// A new code replaces the old ones, so a code seen by the wrong person can be retired.
			await q('delete from join_codes where league_id = $1', [id]);
			return issueJoinCode(q, id, joinCodeDays);
		});
		return c.json(out, 201);
	});

	app.post('/api/join', async (c) => {
		const input = await body(c, JoinSchema);
		const client = clientOf(c, opts.trustProxy ?? false);
		const [limited] = await db.query<{ failures: number }>(
			`select failures from join_failures
			where client = $1 and window_start > now() - interval '10 minutes'`,
			[client]
		);
		if (limited && limited.failures >= joinFailures) {
			throw new ApiError(429, 'server-rate-limited');
		}
		const deviceToken = newToken('device');
		const deviceId = randomUUID();
		const joined = await db.transaction(async (q) => {
			const [code] = await q<{ league_id: string }>(
				'select league_id from join_codes where code_hash = $1 and expires_at > now()',
				[hashSecret(normalJoinCode(input.joinCode))]
			);
			if (!code) return null;
			await q('insert into devices (id, league_id, name, token_hash) values ($1, $2, $3, $4)', [
				deviceId,
				code.league_id,
				input.deviceName,
				hashSecret(deviceToken)
			]);
			return code.league_id;
		});
		if (!joined) {
			await db.query(
				`insert into join_failures (client, window_start, failures) values ($1, now(), 1)
				on conflict (client) do update set
				failures = case when join_failures.window_start > now() - interval '10 minutes'
					then join_failures.failures + 1 else 1 end,
				window_start = case when join_failures.window_start > now() - interval '10 minutes'
					then join_failures.window_start else now() end`,
				[client]
			);
			throw new ApiError(403, 'server-join-code');
		}
		return c.json({ deviceToken, leagueId: joined, deviceId }, 201);
	});

	app.get('/api/leagues/:id/devices', async (c) => {
		await allowed(db, c, ['instructor']);
		const devices = await db.query(
			`select id, name, joined_at as "joinedAt", last_seen_at as "lastSeenAt",
			revoked_at as "revokedAt" from devices where league_id = $1 order by joined_at, id`,
			[c.req.param('id')]
		);
		return c.json({ devices });
	});

	app.delete('/api/leagues/:id/devices/:device', async (c) => {
		await allowed(db, c, ['instructor']);
		const revoked = await db.query(
			`update devices set revoked_at = coalesce(revoked_at, now())
			where league_id = $1 and id = $2 returning id`,
			[c.req.param('id'), c.req.param('device')]
		);
		if (revoked.length === 0) throw notFound();
		return c.json({ ok: true });
	});

	// Every push a server process receives goes to the push route's own listener
	// (push-listener.ts); this route answers the same for in-process calls.
	app.post('/api/leagues/:id/cards', async (c) => {
		const { status, body } = await push(c.req.param('id'), c.req.header('authorization'), () =>
			c.req.text()
		);
		return c.json(body, status);
	});

	app.get('/api/leagues/:id/cards', async (c) => {
		const who = await allowed(db, c, ['instructor']);
		const after = Number(c.req.query('after') ?? 0);
		const limit = Number(c.req.query('limit') ?? PAGE_MAX);
		if (!Number.isSafeInteger(after) || after < 0) throw malformed('after: a whole number');
		if (!Number.isSafeInteger(limit) || limit < 1 || limit > PAGE_MAX) {
			throw malformed(`limit: 1 to ${PAGE_MAX}`);
		}
		return c.json(await pullCards(db, who.leagueId, after, limit));
	});

	app.all('/api/*', () => {
		throw notFound();
	});

	if (opts.appDir) serveAppFiles(app, opts.appDir);
	return { app, push };
}
