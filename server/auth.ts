/**
 * Who is calling: the bearer token of a request, whose it is, and whether that caller may use a
 * league's route. Shared by the Hono routes (app.ts) and the push route's own listener
 * (push-listener.ts), so both refuse alike.
 */
import type { Database } from './db';
import { ApiError, forbidden, unauthorized } from './errors';
import { hashSecret } from './tokens';

export type Role = 'instructor' | 'device';
export interface Caller {
	role: Role;
	leagueId: string;
	deviceId: string | null;
}

/** The bearer token of an `Authorization` header; 401 when there is none. */
export function bearerOf(authorization: string | undefined): string {
	const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
	if (!token) throw unauthorized();
	return token;
}

/** Whose `token` is; 401 when the token is unknown or revoked. */
export async function callerOf(db: Database, token: string): Promise<Caller> {
	const [row] = await db.query<{
		role: Role;
		league_id: string;
		device_id: string | null;
		revoked: boolean;
	}>(
		`select 'instructor' as role, id as league_id, null as device_id, false as revoked
		from leagues where instructor_token_hash = $1
		union all
		select 'device', league_id, id, revoked_at is not null from devices where token_hash = $1`,
		[hashSecret(token)]
	);
	if (!row) throw unauthorized();
	if (row.revoked) throw new ApiError(401, 'server-revoked');
	return { role: row.role, leagueId: row.league_id, deviceId: row.device_id };
}

/** Refuses `who` (403) unless it is of league `leagueId` and of one of `roles`. */
export function admit<C extends Caller>(who: C, leagueId: string, roles: readonly Role[]): C {
	if (who.leagueId !== leagueId || !roles.includes(who.role)) throw forbidden();
	return who;
}
