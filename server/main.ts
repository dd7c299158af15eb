/**
 * `npm run server`: the school server. PORT (8787), DATA_DIR (./data, for the embedded
 * database), DATABASE_URL (a PostgreSQL 15+ server instead), APP_DIR (./build, the built app),
 * TRUST_PROXY=1 (behind the school's HTTPS proxy), JOIN_CODE_DAYS (14), LOG_LEVEL (info),
 * PG_POOL (connections per process, 4), WORKERS (server processes on one PostgreSQL, 1),
 * PUSH_LANES (push statements in flight per process, grouping the pushes that wait: 2).
 */
import cluster from 'node:cluster';
import { pino } from 'pino';

const env = process.env;
const log = pino({ level: env.LOG_LEVEL ?? 'info' });
const workers = Number(env.WORKERS ?? 1);

if (!Number.isSafeInteger(workers) || workers < 1) {
	log.fatal({ WORKERS: env.WORKERS }, 'WORKERS must be a whole number from 1');
	process.exit(1);
} else if (workers > 1 && !env.DATABASE_URL) {
	log.fatal(
		'WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process. ' +
			'Set DATABASE_URL to a PostgreSQL server, or run one process.'
	);
	process.exit(1);
} else if (workers > 1 && cluster.isPrimary) {
	// Several processes share the port (node:cluster hands each connection to one of them); they
	// share nothing else, since everything a request needs is in the database.
	for (let i = 0; i < workers; i++) cluster.fork();
	let stopping = false;
	cluster.on('exit', (worker, code, signal) => {
		if (stopping) return;
		log.error(
			{ pid: worker.process.pid, code, signal },
			'a server process stopped; starting another'
		);
		cluster.fork();
	});
	const stop = (signal: NodeJS.Signals) => {
		stopping = true;
		for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
		cluster.on('exit', () => {
			if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
		});
	};
	process.on('SIGTERM', () => stop('SIGTERM'));
	process.on('SIGINT', () => stop('SIGINT'));
} else {
	await import('./serve');
}
