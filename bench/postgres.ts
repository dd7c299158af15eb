/**
 * A throwaway PostgreSQL cluster for the server bench: a temporary folder, loopback only, a
 * spare port, run as the postgres user (initdb refuses root). Debian's PostgreSQL 15.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

export interface Cluster {
	url: string;
	/** The postmaster's process id (its backends run under it). */
	pid: number;
	stop(): void;
}

/** A running cluster on `port`, or null when PostgreSQL is not installed. */
export function startCluster(port: number): Cluster | null {
	if (!existsSync(join(BIN, 'initdb'))) return null;
	const dir = mkdtempSync(join(tmpdir(), 'muggins-bench-pg-'));
	const root = process.getuid?.() === 0;
	const run = (cmd: string, args: string[]) =>
		root
			? execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args], {
					stdio: 'ignore'
				})
			: execFileSync(join(BIN, cmd), args, { stdio: 'ignore' });
	if (root) {
		const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
		chownSync(dir, uid, uid);
	}
	run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
	const data = join(dir, 'data');
	run('pg_ctl', [
		'-D',
		data,
		'-w',
		'-l',
		join(dir, 'log'),
		'-o',
		`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
		'start'
	]);
	return {
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
		stop() {
			try {
				run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		}
	};
}
