/**
 * A league's own routes: registering it, what a phone reads of it, and what its instructor
 * changes (the league, the roster, the sessions, the shared standings, the join code).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { readSnapshot } from '$lib/transfer/standings-snapshot';
import { authorize } from '../core/auth';
import { readJson } from '../core/body';
import { clientAddress } from '../core/client-address';
import type { Deps, ServerEnv } from '../core/context';
import type { Database, Query } from '../core/db';
import { ApiError, malformed, notFound } from '../core/errors';
import { countOnce } from '../core/limits';
import { LeagueUpdateSchema, RegisterSchema, RosterSchema, SessionsSchema } from '../core/schemas';
import { hashSecret, joinCodeKey, newJoinCode, newToken } from '../core/tokens';
import { checked, wholeQuery } from './requests';

/** A fresh join code for league `leagueId`, stored keyed, working for `days`. */
async function issueJoinCode(
	q: Query,
	secret: Buffer,
	leagueId: string,
	days: number
): Promise<{ joinCode: string; expiresAt: string }> {
	const joinCode = newJoinCode();
	const expires = new Date(Date.now() + days * 86_400_000);
	await q('insert into join_codes (code_hash, league_id, expires_at) values ($1, $2, $3)', [
		joinCodeKey(secret, joinCode),
		leagueId,
		expires.toISOString()
	]);
	return { joinCode, expiresAt: expires.toISOString() };
}

/** Counts a change to league `leagueId`'s state (phones holding an older number pull again). */
export async function changed(q: Query, leagueId: string): Promise<number> {
	const [row] = await q<{ state_seq: number }>(
		`update leagues set state_seq = state_seq + 1, updated_at = now() where id = $1
		returning state_seq`,
		[leagueId]
	);
	if (!row) throw notFound();
	return Number(row.state_seq);
}

async function replaceRoster(
	q: Query,
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

/** What a phone reads of league `id`, or null when `since` is its number already. */
async function leagueView(db: Database, id: string, since: number | null) {
	const [league] = await db.query<{
		name: string;
		record: unknown;
		state_seq: number;
		standings: unknown;
	}>('select name, record, state_seq, standings from leagues where id = $1', [id]);
	if (!league) throw notFound();
	const seq = Number(league.state_seq);
	if (since !== null && seq <= since) return null;
	const roster = await db.query(
		`select id, name, retired_at as "retiredAt", updated_at as "updatedAt"
		from players where league_id = $1 order by name, id`,
		[id]
	);
	const sessions = await db.query<{ record: unknown }>(
		'select record from sessions where league_id = $1 order by id',
		[id]
	);
	return {
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
	};
}

/** The league routes, mounted under `/api/leagues`. */
export function leagueRoutes(deps: Deps): Hono<ServerEnv> {
	const { db, budget, secret, live } = deps;
	const instructor = authorize(db, ['instructor']);
	const anyone = authorize(db, ['instructor', 'device']);
	const routes = new Hono<ServerEnv>();

	routes.post('/', async (c) => {
		// Counted before the body is read: every attempt from an address counts, made or not.
		const [made] = (await countOnce(
			db,
			[`register ${clientAddress(c, deps.trustProxy)}`],
			3600
		)) ?? [Infinity];
		if ((made ?? Infinity) > deps.registrationsPerHour) {
			throw new ApiError(429, 'server-registrations-limited', {}, {}, 3600);
		}
		const input = checked(RegisterSchema, await readJson(c, budget));
		const instructorToken = newToken('instructor');
		const out = await db.transaction(async (q) => {
			const inserted = await q(
				`insert into leagues (id, name, instructor_token_hash, record) values ($1, $2, $3, $4)
				on conflict (id) do nothing returning id`,
				[input.id, input.name, hashSecret(instructorToken), JSON.stringify(input.league ?? null)]
			);
			if (inserted.length === 0) throw new ApiError(409, 'server-league-exists');
			return issueJoinCode(q, secret, input.id, deps.joinCodeDays);
		});
		return c.json({ instructorToken, ...out }, 201);
	});

	routes.get('/:id', anyone, async (c) => {
		const since = c.req.query('since') === undefined ? null : wholeQuery(c, 'since', 0);
		const view = await leagueView(db, c.req.param('id'), since);
		// A phone polling with the number it holds gets nothing when nothing changed.
		return view === null ? c.body(null, 304) : c.json(view);
	});

	routes.put('/:id', instructor, async (c) => {
		const input = checked(LeagueUpdateSchema, await readJson(c, budget));
		const id = c.req.param('id');
		if (input.league && input.league.id !== id) throw malformed('league.id: not this league');
		const [row] = await db.query<{ state_seq: number }>(
			`update leagues set name = coalesce($2, name), record = coalesce($3, record),
			state_seq = state_seq + 1, updated_at = now() where id = $1 returning state_seq`,
			[
				id,
				input.name ?? input.league?.name ?? null,
				input.league ? JSON.stringify(input.league) : null
			]
		);
		if (row) live.poke(id, { league: Number(row.state_seq) });
		return c.json({ ok: true });
	});

	routes.put('/:id/roster', instructor, async (c) => {
		const { players } = checked(RosterSchema, await readJson(c, budget));
		const id = c.req.param('id');
		const seq = await db.transaction(async (q) => {
			const seq = await changed(q, id);
			await replaceRoster(q, id, players);
			return seq;
		});
		live.poke(id, { league: seq });
		return c.json({ ok: true, players: players.length });
	});

	routes.put('/:id/sessions', instructor, async (c) => {
		const { sessions } = checked(SessionsSchema, await readJson(c, budget));
		const id = c.req.param('id');
		if (sessions.some((s) => s.leagueId !== id)) throw malformed('a session of another league');
		const seq = await db.transaction(async (q) => {
			const seq = await changed(q, id);
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
			return seq;
		});
		live.poke(id, { league: seq });
		return c.json({ ok: true, sessions: sessions.length });
	});

	routes.put('/:id/standings', instructor, async (c) => {
		const id = c.req.param('id');
		// The schema of the QR path: what a phone would refuse from a code is refused here.
		const snapshot = readSnapshot(await readJson(c, budget));
		if (!snapshot) throw malformed('not a standings snapshot');
		if (snapshot.league !== id) throw new ApiError(422, 'standings-foreign');
		// Newer wins in the one statement that stores it, so two devices racing keep the newest.
		const [row] = await db.query<{ state_seq: number }>(
			`update leagues set standings = $2, standings_at = $3, state_seq = state_seq + 1,
			updated_at = now() where id = $1 and (standings_at is null or standings_at < $3)
			returning state_seq`,
			[id, JSON.stringify(snapshot), snapshot.at]
		);
		if (row) live.poke(id, { league: Number(row.state_seq) });
		return c.json({ ok: true, stored: row !== undefined, seq: row ? Number(row.state_seq) : null });
	});

	routes.post('/:id/join-code', instructor, async (c) => {
		const id = c.req.param('id');
		const out = await db.transaction(async (q) => {
			// A new code replaces the old ones, so a code seen by the wrong person can be retired.
			await q('delete from join_codes where league_id = $1', [id]);
			return issueJoinCode(q, secret, id, deps.joinCodeDays);
		});
		return c.json(out, 201);
	});

	return routes;
}
