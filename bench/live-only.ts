/**
 * `npm run bench:live`: the live classroom's figures alone (see live.ts). It builds the app
 * first, as `npm run bench` does: the bench's server serves that build to the sampled league's
 * browser (live-browser.ts).
 */
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { liveFigures } from './live';
import { report } from './report';

console.log('Building…');
execSync('npx vite build', { cwd: join(import.meta.dirname, '..'), stdio: 'ignore' });
liveFigures().then(
	(figures) =>
		process.exit(report(figures, join(import.meta.dirname, 'live-results.json')) ? 0 : 1),
	(err: unknown) => {
		console.error(err);
		process.exit(1);
	}
);
