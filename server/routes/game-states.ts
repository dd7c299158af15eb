/**
 * Where each handed-out game stands on its phone (issue 36): a group's phone says it joined its
 * game, is playing it, or finished it (not signed yet: a signed card comes as a card); the
 * instructor's device reads that for its session page. Only a game
 * handed out in this league can be reported, and a state never goes back (a phone that took its
 * group again is still playing). This is word for the session page, never a score.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { authorize } from '../core/auth';
import { readJson } from '../core/body';
import type { Deps, ServerEnv } from '../core/context';
import { malformed, notFound } from '../core/errors';
import { lockLive } from '../core/live';
import { checked, wholeQuery } from './requests';

/** The largest page of game states the instructor pulls. */
export const STATES_PAGE_MAX = 200;

const STATES = ['joined', 'playing', 'finished'] as const;
const StateSchema = v.object({ state: v.picklist(STATES) });

/**
 * A phone says its game's state again, unchanged, every minute while it runs
 * (`src/lib/sync/game-states.ts` SAY_AGAIN_MS): a report of the same state older than this is
 * heard again, so the instructor's device can tell a phone that went quiet (locked, out of the
 * network) from a group that only has not scored. More often changes nothing.
 */
export const HEARD_AGAIN_S = 30;

/** A state's rank in SQL: a report never moves a game back (an undone end is still over). */
const RANK = (column: string) =>
	`case ${column} when 'finished' then 2 when 'playing' then 1 else 0 end`;

/** The game state routes, mounted under `/api/leagues`. */
export function gameStateRoutes({ db, budget, live }: Deps): Hono<ServerEnv> {
	const routes = new Hono<ServerEnv>();

	routes.put('/:id/games/:game/state', authorize(db, ['device']), async (c) => {
		const caller = c.get('caller');
		const gameId = c.req.param('game');
		const { state } = checked(StateSchema, await readJson(c, budget));
		const handedOut = await db.query(
			`select 1 from handouts where league_id = $1 and payload -> 'groups' @> $2::jsonb limit 1`,
			[caller.leagueId, JSON.stringify([{ gameId }])]
		);
		if (handedOut.length === 0) throw notFound();
		// Under the league's live lock, so states commit in the order of their numbers and the
		// stream, going on after the last it sent, skips none (core/live.ts).
		await db.transaction(async (q) => {
			await lockLive(q, caller.leagueId);
			await q(
				`insert into game_states (league_id, game_id, state, device_id, seq)
			values ($1, $2, $3, $4, nextval('game_state_seq'))
			on conflict (league_id, game_id) do update set
				state = case when ${RANK('excluded.state')} > ${RANK('game_states.state')}
					then excluded.state else game_states.state end,
				device_id = excluded.device_id, seq = excluded.seq, heard_at = now()
			where ${RANK('excluded.state')} > ${RANK('game_states.state')}
				or game_states.device_id <> excluded.device_id
				or game_states.heard_at < now() - make_interval(secs => ${HEARD_AGAIN_S})`,
				[caller.leagueId, gameId, state, caller.deviceId]
			);
		});
		live.poke(caller.leagueId, { states: true });
		return c.json({ ok: true });
	});

	routes.get('/:id/game-states', authorize(db, ['instructor']), async (c) => {
		const after = wholeQuery(c, 'after', 0);
		const limit = wholeQuery(c, 'limit', STATES_PAGE_MAX, STATES_PAGE_MAX);
		if (limit < 1) throw malformed(`limit: 1 to ${STATES_PAGE_MAX}`);
		const rows = await db.query<{ game_id: string; state: string; seq: number; heard_at: Date }>(
			`select game_id, state, seq, heard_at from game_states where league_id = $1 and seq > $2
			order by seq limit $3`,
			[c.get('caller').leagueId, after, limit]
		);
		const states = rows.map((r) => ({
			gameId: r.game_id,
			state: r.state,
			heardAt: new Date(r.heard_at).toISOString()
		}));
		const next = rows.length > 0 ? Number(rows[rows.length - 1]?.seq) : after;
		return c.json({ states, next, more: rows.length === limit });
	});

	return routes;
}
