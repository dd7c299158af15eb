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
