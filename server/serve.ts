/** One server process: opens the database, answers on PORT, stops cleanly (see main.ts). */
import { serve } from '@hono/node-server';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { createApp } from './app';
import { openDatabase } from './core/db';
import { LiveHubs } from './core/live-hubs';
import { lockDataDir } from './data-lock';
import { loadSecret } from './secret';
import type { Settings } from './settings';

/** Starts the server of `settings`; resolves once it listens. */
export async function startProcess(settings: Settings): Promise<void> {
	const log = pino({ level: settings.logLevel });
	const { version } = JSON.parse(
		readFileSync(new URL('../package.json', import.meta.url), 'utf8')
	) as { version: string };
	const secret = loadSecret(settings.secret, settings.secretFile);
	// Before the database opens: a second server on the folder stops here (data-lock.ts).
	const release = settings.dataDir === null ? () => {} : lockDataDir(settings.dataDir);
	const db = await openDatabase(
		settings.databaseUrl !== null
			? { url: settings.databaseUrl, connections: settings.pgPool }
			: { dataDir: settings.dataDir ?? './data' }
	);
	const live = new LiveHubs(db, log, { maxStreams: settings.maxStreams });
	const app = createApp({
		db,
		log,
		live,
		secret,
		appDir: settings.appDir,
		joinCodeDays: settings.joinCodeDays,
		trustProxy: settings.trustProxy,
		registrationsPerHour: settings.registrationsPerHour,
		version
	});
	const server = serve({
		fetch: app.fetch,
		port: settings.port,
		hostname: settings.host ?? undefined
	});
	server.once('listening', () => {
		log.info({ port: settings.port, database: db.kind, pid: process.pid }, 'listening');
	});

	const stop = async (signal: string): Promise<void> => {
		log.info({ signal }, 'stopping');
		// Open streams would keep their connections busy: they end now, and their clients resume
		// from their cursors on the next server.
		live.close();
		server.close();
		// Idle keep-alive connections would hold the process open; the database closes cleanly, or
		// the exit comes anyway after five seconds (every answered write is committed already).
		const later = setTimeout(() => process.exit(0), 5000);
		later.unref();
		await db.close().catch(() => {});
		release();
		process.exit(0);
	};
	process.on('SIGTERM', () => void stop('SIGTERM'));
	process.on('SIGINT', () => void stop('SIGINT'));
	process.on('SIGHUP', () => void stop('SIGHUP'));
}
