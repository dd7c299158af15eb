/**
 * `npm run bench:live`: the live classroom's figures alone (see live.ts). It builds the app
 * first, as `npm run bench` does: the bench's server serves that build to the sampled league's
 * browser (live-browser.ts). With `BENCH_LIVE_FIGURES=<file>` (`npm run bench`, live-process.ts)
 * the app is built already, and the figures go to that file for the whole run's report.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveFigures } from './live';
import { figuresText } from './live-process';
import { report } from './report';

const out = process.env.BENCH_LIVE_FIGURES;
if (!out) {
	console.log('Building…');
	execSync('npx vite build', { cwd: join(import.meta.dirname, '..'), stdio: 'ignore' });
}
liveFigures().then(
	(figures) => {
		if (out) {
			writeFileSync(out, figuresText(figures));
			process.exit(0);
		}
		process.exit(report(figures, join(import.meta.dirname, 'live-results.json')) ? 0 : 1);
	},
	(err: unknown) => {
		console.error(err);
		process.exit(1);
	}
);
