import { existsSync } from 'node:fs';
import { CHROME_PATH } from './support';

/** Fails the run, never skips it, when the system Chromium is missing. */
export default function globalSetup(): void {
	if (!existsSync(CHROME_PATH)) {
		throw new Error(
			`Chromium not found at ${CHROME_PATH}: run \`apt-get install chromium\` (Debian) or set CHROME_PATH`
		);
	}
}
