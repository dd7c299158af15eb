/**
 * A league game as it is played (issue 40): its group's phone sends the entries it records,
 * sealed; the instructor pulls them when it cannot hold a stream (routes/stream.ts). A live copy
 * never counts: only the signed card does.
 */
import { Hono } from 'hono';
import { authorize } from '../core/auth';
import { readJson } from '../core/body';
import type { Deps, ServerEnv } from '../core/context';
import { malformed, otherLeague } from '../core/errors';
import { storeLive } from '../core/live';
import { READ_PAGE, liveAfter } from '../core/live-reads';
import { checkSender, readPayload } from '../core/payloads';
import { wholeQuery } from './requests';

/** The live routes, mounted under `/api/leagues`. */
export function liveRoutes({ db, budget, live }: Deps): Hono<ServerEnv> {
	const routes = new Hono<ServerEnv>();

	routes.post('/:id/live', authorize(db, ['device']), async (c) => {
		const caller = c.get('caller');
		const payload = readPayload(await readJson(c, budget));
		if (payload.kind !== 'live') throw malformed('kind: not a live game');
		await checkSender(payload, caller);
		if (payload.game.leagueId === null) throw malformed('game.leagueId: not a league game');
		if (payload.game.leagueId !== caller.leagueId) throw otherLeague();
		const stored = await storeLive(db, caller, payload);
		live.poke(caller.leagueId, { live: true });
		return c.json(stored);
	});

	routes.get('/:id/live', authorize(db, ['instructor']), async (c) => {
		const after = wholeQuery(c, 'after', 0);
		const limit = wholeQuery(c, 'limit', READ_PAGE, READ_PAGE);
		if (limit < 1) throw malformed(`limit: 1 to ${READ_PAGE}`);
		const read = await liveAfter(
			db.query,
			c.get('caller').leagueId,
			after,
			Number.MAX_SAFE_INTEGER,
			limit
		);
		// Grouped by game, in the order each game first comes.
		const games = new Map<string, { game: unknown; events: unknown[] }>();
		for (const run of read.runs) {
			const held = games.get(run.game.id);
			if (held) held.events.push(...run.events);
			else games.set(run.game.id, { game: run.game, events: [...run.events] });
		}
		return c.json({ games: [...games.values()], last: read.last });
	});

	return routes;
}
