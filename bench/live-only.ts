/** `npm run bench:live`: the live classroom's figures alone (see live.ts). */
import { join } from 'node:path';
import { liveFigures } from './live';
import { report } from './report';

liveFigures().then(
	(figures) =>
		process.exit(report(figures, join(import.meta.dirname, 'live-results.json')) ? 0 : 1),
	(err: unknown) => {
		console.error(err);
		process.exit(1);
	}
);
