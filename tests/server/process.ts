/** The server as its own process (`server/main.ts`), for the SIGKILL test and the bench. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/** Starts the server on `port` with `env` added; resolves once it answers its health check. */
export async function startServer(
	port: number,
	env: Record<string, string>
): Promise<ChildProcess> {
	// Node itself with tsx's loader, so a kill reaches the server (tsx's CLI would be a parent).
	// SERVER_CPU_PROF=<folder>: a V8 CPU profile of the server process, written when it stops
	// (for profiling under the bench's load; Node refuses --cpu-prof in NODE_OPTIONS).
	// SERVER_STDOUT=1: the server's log (its warnings, at LOG_LEVEL warn) on this standard output.
	const profile = process.env.SERVER_CPU_PROF
		? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF}`]
		: [];
	const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
		cwd: ROOT,
		env: {
			...process.env,
			TSX_TSCONFIG_PATH: 'server/tsconfig.json',
			PORT: String(port),
			HOST: '127.0.0.1',
			LOG_LEVEL: 'warn',
			// A fixed secret, so no test writes ./server-secret into the checkout.
			SERVER_SECRET: '7'.repeat(64),
			...env
		},
		stdio: ['ignore', process.env.SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit']
	});
	for (let i = 0; i < 1200; i++) {
		if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
		try {
			if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	child.kill('SIGKILL');
	throw new Error('server did not start');
}

/** Sends `signal` and resolves once the process is gone. */
export function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
	return new Promise((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) return resolve();
		const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
		child.once('exit', () => {
			clearTimeout(hard);
			resolve();
		});
		child.kill(signal);
	});
}

/**
 * Runs the server with `env` added until it exits by itself (a refusal to start), or `ms` pass;
 * its exit code and what it wrote on standard error.
 */
export function runUntilExit(
	env: Record<string, string>,
	ms = 60_000
): Promise<{ code: number | null; stderr: string }> {
	const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
		cwd: ROOT,
		env: {
			...process.env,
			TSX_TSCONFIG_PATH: 'server/tsconfig.json',
			HOST: '127.0.0.1',
			LOG_LEVEL: 'warn',
			SERVER_SECRET: '7'.repeat(64),
			...env
		},
		stdio: ['ignore', 'ignore', 'pipe']
	});
	let stderr = '';
	child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
	return new Promise((resolve) => {
		const hard = setTimeout(() => child.kill('SIGKILL'), ms);
		child.once('exit', (code) => {
			clearTimeout(hard);
			resolve({ code, stderr });
		});
	});
}
