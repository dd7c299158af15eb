/**
 * `npm run server`: the school server. Its settings (docs/server.md) are read and checked
 * first (settings.ts): a bad one stops it with one line saying which and what is allowed.
 */
import cluster from 'node:cluster';
import { pino } from 'pino';
import { DataDirLocked } from './data-lock';
import { SettingError, readSettings, type Settings } from './settings';

/** Stops the process with `line` alone on standard error: what the operator must change. */
function refuse(line: string): never {
	process.stderr.write(`${line}\n`);
	process.exit(1);
}

let settings: Settings;
try {
	settings = readSettings(process.env);
} catch (e) {
	if (e instanceof SettingError) refuse(e.message);
	throw e;
}

if (settings.workers > 1 && cluster.isPrimary) {
	const log = pino({ level: settings.logLevel });
	// Several processes share the port (node:cluster hands each connection to one of them); they
	// share nothing else, since everything a request needs is in the database.
	for (let i = 0; i < settings.workers; i++) cluster.fork();
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
	const { startProcess } = await import('./serve');
	try {
		await startProcess(settings);
	} catch (e) {
		if (e instanceof DataDirLocked || e instanceof SettingError) refuse(e.message);
		throw e;
	}
}
