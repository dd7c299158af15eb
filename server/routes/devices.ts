/** The phones of a league, as its instructor lists and removes them. */
import { Hono } from 'hono';
import { authorize } from '../core/auth';
import type { Deps, ServerEnv } from '../core/context';
import { notFound } from '../core/errors';

/** The device routes, mounted under `/api/leagues`. */
export function deviceRoutes({ db, live }: Deps): Hono<ServerEnv> {
	const instructor = authorize(db, ['instructor']);
	const routes = new Hono<ServerEnv>();

	routes.get('/:id/devices', instructor, async (c) => {
		const devices = await db.query(
			`select id, name, joined_at as "joinedAt", last_seen_at as "lastSeenAt",
			revoked_at as "revokedAt" from devices where league_id = $1 order by joined_at, id`,
			[c.req.param('id')]
		);
		return c.json({ devices });
	});

	routes.delete('/:id/devices/:device', instructor, async (c) => {
		const revoked = await db.query(
			`update devices set revoked_at = coalesce(revoked_at, now())
			where league_id = $1 and id = $2 returning id`,
			[c.req.param('id'), c.req.param('device')]
		);
		if (revoked.length === 0) throw notFound();
		// Its token stops working at once: so does a stream it holds open in this process.
		live.endDevice(c.req.param('id'), c.req.param('device'));
		return c.json({ ok: true });
	});

	return routes;
}
