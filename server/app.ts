/**
 * The school server's HTTP API (documented in docs/server.md) and, beside it, the built app.
 * Stateless: everything a request needs is in the database, so several processes on one
 * database answer alike. Every write is one transaction, answered after it committed. The
 * routes live in routes/, one file a resource, mounted here with `app.route()`.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Logger } from 'pino';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './core/db';
import { BodyBudget, LARGE_BODIES_BUDGET } from './core/body';
import type { Deps, ServerEnv } from './core/context';
import {
	ApiError,
	UNEXPECTED,
	databaseDown,
	isDatabaseGone,
	malformed,
	notFound,
	refusal
} from './core/errors';
import { LiveHubs, type LiveOptions } from './core/live-hubs';
import { serveAppFiles } from './app-files';
import { LEAGUE_ID } from './core/schemas';
import { apiCors, appPolicy, inlineScriptHashes, securityHeaders } from './core/security-headers';
import { cardRoutes } from './routes/cards';
import { deviceRoutes } from './routes/devices';
import { groupRoutes } from './routes/groups';
import { gameStateRoutes } from './routes/game-states';
import { healthRoutes } from './routes/health';
import { joinRoutes } from './routes/join';
import { leagueRoutes } from './routes/leagues';
import { liveRoutes } from './routes/live';
import { streamRoutes } from './routes/stream';

export { GROUPS_PAGE_MAX } from './routes/groups';

export interface ServerOptions {
	db: Database;
	log: Logger;
	/** The key join codes are stored under (secret.ts). */
	secret: Buffer;
	/** The built app (adapter-static's `build/`); not served when missing. */
	appDir?: string;
	/** How long a join code works. */
	joinCodeDays?: number;
	/** Wrong join codes one address may try in ten minutes before it is told to wait. */
	joinFailures?: number;
	/** How many proxies stand in front of the server (core/client-address.ts); 0 by default. */
	trustProxy?: number;
	/** Leagues one address may register in an hour. */
	registrationsPerHour?: number;
	/** Bytes past the first 64 KB that the bodies being read at once may hold (core/body.ts). */
	largeBodiesBudget?: number;
	/** The live streams' hubs (the process that serves them closes them when it stops). */
	live?: LiveHubs;
	/** The settings of the hubs it makes when `live` is not given (most streams, timers). */
	streams?: LiveOptions;
	version?: string;
}

/** The policy of the app's pages served from `appDir` (its inline scripts allowed by hash). */
function policyOf(appDir: string | undefined): string {
	const shell = appDir ? join(appDir, 'index.html') : '';
	return appPolicy(
		shell && existsSync(shell) ? inlineScriptHashes(readFileSync(shell, 'utf8')) : []
	);
}

export function createApp(opts: ServerOptions): Hono<ServerEnv> {
	const deps: Deps = {
		db: opts.db,
		log: opts.log,
		secret: opts.secret,
		joinCodeDays: opts.joinCodeDays ?? 14,
		joinFailures: opts.joinFailures ?? 10,
		trustProxy: opts.trustProxy ?? 0,
		registrationsPerHour: opts.registrationsPerHour ?? 20,
		budget: new BodyBudget(opts.largeBodiesBudget ?? LARGE_BODIES_BUDGET),
		live: opts.live ?? new LiveHubs(opts.db, opts.log, opts.streams),
		version: opts.version ?? null
	};
	const { log } = deps;
	const app = new Hono<ServerEnv>();

	app.onError((e, c) => {
		if (e instanceof ApiError) return refusal(c, e);
		if (isDatabaseGone(e)) {
			log.warn({ err: e, path: c.req.path }, 'the database cannot be reached');
			return refusal(c, databaseDown());
		}
		log.error({ err: e, path: c.req.path }, 'request failed');
		return c.json(UNEXPECTED, 500);
	});

	app.use('*', securityHeaders(policyOf(opts.appDir)));
	// The API authenticates by bearer tokens only, never cookies: a page of another origin can
	// call it only with a token it holds already. So any origin may, and the app opened at
	// another of the server's addresses (127.0.0.1 against localhost) works.
	app.use(
		'/api/*',
		apiCors(
			cors({
				origin: '*',
				allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
				// Last-Event-ID: the app resumes a league's stream with fetch, which sends it as a header.
				allowHeaders: ['Authorization', 'Content-Type', 'Last-Event-ID'],
				maxAge: 600
			})
		)
	);
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
	// A league id is the app's (a UUID as crypto.randomUUID writes it): `LEAGUEB` and `leagueB `
	// are no league's, and never become two.
	app.use('/api/leagues/:id/*', async (c, next) => {
		if (!LEAGUE_ID.test(c.req.param('id'))) throw malformed('league id: not one the app makes');
		await next();
	});
	app.use('/api/leagues/:id', async (c, next) => {
		if (!LEAGUE_ID.test(c.req.param('id'))) throw malformed('league id: not one the app makes');
		await next();
	});

	app.route('/api', healthRoutes(deps));
	app.route('/api', joinRoutes(deps));
	app.route('/api/leagues', leagueRoutes(deps));
	app.route('/api/leagues', cardRoutes(deps));
	app.route('/api/leagues', groupRoutes(deps));
	app.route('/api/leagues', gameStateRoutes(deps));
	app.route('/api/leagues', deviceRoutes(deps));
	app.route('/api/leagues', liveRoutes(deps));
	app.route('/api/leagues', streamRoutes(deps));
	app.all('/api/*', () => {
		throw notFound();
	});

	if (opts.appDir) serveAppFiles(app, opts.appDir);
	return app;
}
