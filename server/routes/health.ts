/**
 * `GET /api/health`: whether the server can work. 200 when its database answers; 503 with
 * `database: "unreachable"`-style detail while it does not, so a monitor (or a proxy's health
 * check) sees the outage rather than a server that looks up.
 */
import { Hono } from 'hono';
import type { Deps, ServerEnv } from '../core/context';
import { isDatabaseGone } from '../core/errors';

/** How long the database may take to answer a health check. */
const HEALTH_TIMEOUT_MS = 3000;

/** The health route, mounted under `/api`. */
export function healthRoutes({ db, version }: Deps): Hono<ServerEnv> {
	const routes = new Hono<ServerEnv>();
	routes.get('/health', async (c) => {
		let timer: NodeJS.Timeout | undefined;
		const late = new Promise<never>((_, reject) => {
			timer = setTimeout(
				() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
				HEALTH_TIMEOUT_MS
			);
		});
		try {
			await Promise.race([db.query('select 1'), late]);
			return c.json({ ok: true, database: db.kind, reachable: true, version });
		} catch (e) {
			if (!isDatabaseGone(e)) throw e;
			c.header('Retry-After', '10');
			return c.json(
				{ ok: false, database: db.kind, reachable: false, error: 'server-database-down', version },
				503
			);
		} finally {
			clearTimeout(timer);
		}
	});
	return routes;
}
