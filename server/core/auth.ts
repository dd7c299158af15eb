/**
 * Who is calling: the bearer token of a request, whose it is, and whether that caller may use a
 * league's route. Judged from the headers alone, before any route reads a body (`authorize`), so
 * a request without a token of the league is refused without its body being read.
 */
import type { MiddlewareHandler } from 'hono';
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
 * The callers of the requests that come in together, read in one statement (issue 40). Every
 * request's token is still read from the database as it comes, none cached: a revoked phone is
 * refused by its next request, in any process. Each lookup was a round trip of its own, and
 * every request but the health check makes one: under the live bench with cards (bench/live.ts,
 * 2026-12-02 01:09 UTC, load 7-10) 13 s of the 61 s the server's main thread was busy were
 * socket writes to PostgreSQL, one a statement. Lookups asked while one statement is on its way
 * wait for it to come back and go in the next, so the busier the server, the more a statement
 * carries; an idle server's lookup goes at once.
 */
class CallerReader {
	#waiting = new Map<string, ((row: CallerRow | undefined, error?: unknown) => void)[]>();
	#reading = false;
	constructor(private readonly db: Database) {}

	read(hash: string): Promise<CallerRow | undefined> {
		return new Promise((resolve, reject) => {
			const answer = (row: CallerRow | undefined, error?: unknown) =>
				error === undefined ? resolve(row) : reject(error);
			const held = this.#waiting.get(hash);
			if (held) held.push(answer);
			else this.#waiting.set(hash, [answer]);
			if (!this.#reading) this.#next();
		});
	}

	#next(): void {
		if (this.#waiting.size === 0) return;
		const batch = this.#waiting;
		this.#waiting = new Map();
		this.#reading = true;
		this.db.query<CallerRow>(CALLERS, [[...batch.keys()]]).then(
			(rows) => {
				const byHash = new Map<string, CallerRow>();
				for (const r of rows) if (!byHash.has(r.hash)) byHash.set(r.hash, r);
				for (const [hash, answers] of batch) for (const a of answers) a(byHash.get(hash));
				this.#done();
			},
			(e: unknown) => {
				for (const answers of batch.values()) for (const a of answers) a(undefined, e ?? 'error');
				this.#done();
			}
		);
	}

	#done(): void {
		this.#reading = false;
		this.#next();
	}
}

const readers = new WeakMap<Database, CallerReader>();

/** Whose `token` is; 401 when the token is unknown or revoked. */
export async function callerOf(db: Database, token: string): Promise<Caller> {
	let reader = readers.get(db);
	if (!reader) readers.set(db, (reader = new CallerReader(db)));
	const row = await reader.read(hashSecret(token));
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
