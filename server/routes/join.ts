/**
 * `POST /api/join`: a phone joins a league with its join code. The right code always works, so
 * a class never waits for someone else's typos: the code is looked up first, and only a wrong
 * one is counted, against the client's address (core/client-address.ts), the league the request names
 * if it names one, the code typed, and the whole server. Past a limit (per address: `joinFailures`
 * in ten minutes) a wrong code is answered 429 rather than 403, and the count goes on. A guess
 * needs the one code of 30^10 (about 49 bits) a league has; what the limit stops is the server
 * being spent on guessing, and a guesser learning anything but "wait".
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { readJson } from '../core/body';
import { clientAddress } from '../core/client-address';
import type { Deps, ServerEnv } from '../core/context';
import { ApiError } from '../core/errors';
import { countOnce } from '../core/limits';
import { JoinSchema } from '../core/schemas';
import { hashSecret, joinCodeKey, newToken } from '../core/tokens';
import { checked } from './requests';

/** The window wrong join codes are counted in. */
const WINDOW_SECONDS = 600;

/** Wrong codes in a window the whole server answers before it tells every guesser to wait. */
const SERVER_FAILURES = 2000;
/** Wrong codes naming one league, or typing one code, in a window. */
const LEAGUE_FAILURES = 100;
const CODE_FAILURES = 10;

/** The join route, mounted under `/api`. */
export function joinRoutes(deps: Deps): Hono<ServerEnv> {
	const { db, secret } = deps;
	const routes = new Hono<ServerEnv>();

	routes.post('/join', async (c) => {
		const input = checked(JoinSchema, await readJson(c, deps.budget));
		const key = joinCodeKey(secret, input.joinCode);
		const deviceToken = newToken('device');
		const deviceId = randomUUID();
		const joined = await db.transaction(async (q) => {
			const [code] = await q<{ league_id: string }>(
				'select league_id from join_codes where code_hash = $1 and expires_at > now()',
				[key]
			);
			if (!code) return null;
			await q(
				'insert into devices (id, league_id, name, token_hash, public_key) values ($1, $2, $3, $4, $5)',
				[
					deviceId,
					code.league_id,
					input.deviceName,
					hashSecret(deviceToken),
					input.deviceKey ?? null
				]
			);
			return code.league_id;
		});
		if (joined) return c.json({ deviceToken, leagueId: joined, deviceId }, 201);

		const limits: [string, number][] = [
			[`join address ${clientAddress(c, deps.trustProxy)}`, deps.joinFailures],
			[`join code ${key}`, CODE_FAILURES],
			['join server', SERVER_FAILURES]
		];
		if (input.leagueId !== undefined)
			limits.push([`join league ${input.leagueId}`, LEAGUE_FAILURES]);
		const counts = await countOnce(
			db,
			limits.map(([k]) => k),
			WINDOW_SECONDS
		);
		const over = counts === null || limits.some(([, limit], i) => (counts[i] ?? 0) > limit);
		if (over) throw new ApiError(429, 'server-rate-limited', {}, {}, WINDOW_SECONDS);
		throw new ApiError(403, 'server-join-code');
	});

	return routes;
}
