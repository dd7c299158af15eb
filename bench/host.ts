import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * Serves the build in `buildDir` on `port` as the school server does (bench/app-host.ts), in
 * a process of its own (detached: stop it with `process.kill(-child.pid)`).
 */
export function hostBuild(buildDir: string, port: number): ChildProcess {
	return spawn(
		process.execPath,
		['--import', 'tsx', join(import.meta.dirname, 'app-host.ts'), buildDir, String(port)],
		{
			env: {
				...process.env,
				TSX_TSCONFIG_PATH: join(import.meta.dirname, '../server/tsconfig.json')
			},
			stdio: ['ignore', 'ignore', 'inherit'],
			detached: true
		}
	);
}

/**
 * Resolves once `origin` answers, up to three minutes: a server took more than a minute to
 * listen on a machine loaded by other work (load average 20 on 2 cores).
 */
export async function hostAnswers(origin: string): Promise<void> {
	let last = 'no answer';
	for (let i = 0; i < 900; i++) {
		try {
			const answer = await fetch(origin);
			if (answer.ok) return;
			last = `status ${answer.status}`;
		} catch (err) {
			// Not listening yet; or a port fetch refuses outright ("bad port", e.g. 4190).
			last = String((err as { cause?: unknown }).cause ?? err);
			if (last.includes('bad port')) break;
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error(`The app's server did not answer on ${origin} (${last}).`);
}
