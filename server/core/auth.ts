/**
 * Who is calling: the bearer token of a request, whose it is, and whether that caller may use a
 * league's route. Judged from the headers alone, before any route reads a body (`authorize`), so
 * a request without a token of the league is refused without its body being read.
 */
import type { MiddlewareHandler } from 'hono';
import { batched } from './batched';
import type { Database } from './db';
import { ApiError, forbidden, otherLeague, unauthorized } from './errors';
import { hashSecret } from './tokens';
import type { Caller, Role, ServerEnv } from './context';

export type { Caller, Role };

/** The bearer token of an `Authorization` header; 401 when there is none. */
export function bearerOf(authorization: string | undefined): string {
	const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
	if (!token) throw unauthorized();
	return token;
}

interface CallerRow {
	hash: string;
	role: Role;
	league_id: string;
	device_id: string | null;
	revoked: boolean;
	seen: Date | string | null;
	public_key: string | null;
}

/**
 * Whose each token hash of `hashes` is, in one statement: the instructor's league first where
 * one hash were both (as a lookup of one token read them).
 */
const CALLERS = `select instructor_token_hash as hash, 'instructor' as role, id as league_id,
	null as device_id, false as revoked, null::timestamptz as seen, null as public_key, 0 as k
	from leagues where instructor_token_hash = any($1::text[])
	union all
	select token_hash, 'device', league_id, id, revoked_at is not null, last_seen_at, public_key, 1
	from devices where token_hash = any($1::text[])
	order by k`;

/**
 * Whose each of token hashes `hashes` is, in one statement (`batched`): the requests that come
 * in together have their callers read at once, each token still read from the database as its
 * request comes, none cached, so a revoked phone is refused by its next request in any process.
 * Every request but the health check makes this read, a round trip of its own before.
 */
function callerReader(db: Database): (hash: string) => Promise<CallerRow | undefined> {
	return batched(async (hashes: string[]) => {
		const rows = await db.query<CallerRow>(CALLERS, [hashes]);
		const byHash = new Map<string, CallerRow>();
		for (const r of rows) if (!byHash.has(r.hash)) byHash.set(r.hash, r);
		return hashes.map((h) => byHash.get(h));
	});
}

const readers = new WeakMap<Database, (hash: string) => Promise<CallerRow | undefined>>();

/** Whose `token` is; 401 when the token is unknown or revoked. */
export async function callerOf(db: Database, token: string): Promise<Caller> {
	let read = readers.get(db);
	if (!read) readers.set(db, (read = callerReader(db)));
	const row = await read(hashSecret(token));
	if (!row) throw unauthorized();
	if (row.revoked) throw new ApiError(401, 'server-revoked');
	return {
		role: row.role,
		leagueId: row.league_id,
		deviceId: row.device_id,
		lastSeenAt: row.seen === null ? null : new Date(row.seen),
		deviceKey: row.public_key
	};
}

/**
 * Refuses `who` unless it is of league `leagueId` (403 `server-other-league`: a device of
 * another league is told so, not that only the instructor may) and of one of `roles` (403
 * `server-forbidden`: a device where the instructor's token is needed).
 */
export function admit<C extends Caller>(who: C, leagueId: string, roles: readonly Role[]): C {
	if (who.leagueId !== leagueId) throw otherLeague();
	if (!roles.includes(who.role)) throw forbidden();
	return who;
}

/**
 * A route's guard: the caller of the request's token, of league `:id` and one of `roles`, kept
 * as `c.get('caller')`; refused (401, 403) from the headers, before the body is read.
 */
export function authorize(db: Database, roles: readonly Role[]): MiddlewareHandler<ServerEnv> {
	return async (c, next) => {
		const token = bearerOf(c.req.header('authorization'));
		c.set('caller', admit(await callerOf(db, token), c.req.param('id') ?? '', roles));
		await next();
	};
}
