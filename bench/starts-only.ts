/**
 * The starts alone (starts.ts), without building: for an A/B of two builds on the same machine
 * state. `tsx bench/starts-only.ts [buildDir…]` times each build's starts in turn (default:
 * `build`), serving each on `BENCH_PORT` (its floor on the next port). `BENCH_STARTS` keeps the
 * starts whose name contains one of its comma-separated words (`scorecard,home,visit`).
 * Prints the figures; writes nothing.
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { hostAnswers, hostBuild } from './host';
import { startFigures } from './starts';

const port = Number(process.env.BENCH_PORT ?? 4178);
const words = (process.env.BENCH_STARTS ?? '').split(',').filter((w) => w !== '');
const only = (name: string) => words.length === 0 || words.some((w) => name.includes(w));
const builds = process.argv.slice(2);

async function main(): Promise<void> {
	for (const dir of builds.length > 0 ? builds : ['build']) {
		const buildDir = resolve(dir);
		console.log(`${buildDir}:`);
		const server = hostBuild(buildDir, port);
		const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
		try {
			await hostAnswers(`http://127.0.0.1:${port}`);
			await startFigures(browser, `http://127.0.0.1:${port}`, buildDir, port, only);
		} finally {
			await browser.close();
			if (server.pid) process.kill(-server.pid);
		}
	}
}

main().catch((err: unknown) => {
	console.error(err);
	process.exit(1);
});
