/** One server process: opens the database, answers on PORT, stops cleanly (see main.ts). */
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pino } from 'pino';
import { createServerParts } from './app';
import { withPushListener } from './push-listener';
import { openDatabase } from './db';
import { installFastDigest } from './digest';

installFastDigest();

const env = process.env;
const log = pino({ level: env.LOG_LEVEL ?? 'info' });
const port = Number(env.PORT ?? 8787);
const { version } = JSON.parse(
	readFileSync(new URL('../package.json', import.meta.url), 'utf8')
) as { version: string };

const db = await openDatabase(
	env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: resolve(env.DATA_DIR ?? './data') }
);
const { app, push } = createServerParts({
	db,
	log,
	appDir: resolve(env.APP_DIR ?? './build'),
	joinCodeDays: Number(env.JOIN_CODE_DAYS ?? 14),
	trustProxy: env.TRUST_PROXY === '1',
	version,
	...(env.PUSH_LANES ? { pushLanes: Number(env.PUSH_LANES) } : {})
});
// Pushes through their own listener, everything else through Hono's (push-listener.ts).
const server = createServer(
	withPushListener(push, log, getRequestListener(app.fetch, { hostname: env.HOST }))
);
server.listen(port, env.HOST, () => {
	log.info({ port, database: db.kind, pid: process.pid }, 'listening');
});

async function stop(signal: string): Promise<void> {
	log.info({ signal }, 'stopping');
	server.close();
	// Idle keep-alive connections would hold the process open; the database closes cleanly, or
	// the exit comes anyway after five seconds (every answered write is committed already).
	const later = setTimeout(() => process.exit(0), 5000);
	later.unref();
	await db.close().catch(() => {});
	process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
