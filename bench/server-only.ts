/** `npm run bench:server`: the school server's figures alone (see server.ts). */
import { join } from 'node:path';
import { report } from './report';
import { serverFigures } from './server';

serverFigures().then(
	(figures) =>
		process.exit(report(figures, join(import.meta.dirname, 'server-results.json')) ? 0 : 1),
	(err: unknown) => {
		console.error(err);
		process.exit(1);
	}
);
