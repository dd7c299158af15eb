import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The address suffix that makes the floor build's page run none of the app's code. */
export const FLOOR_QUERY = '?floor';

/**
 * What a cold start costs before any of the app's code runs: a copy of the build in `buildDir`
 * whose page, opened with `FLOOR_QUERY`, does not start the app. The worker still serves it,
 * the styles still load, the preloaded scripts are still fetched; instead of SvelteKit's
 * start (and the early paint's script, src/app.html), a script adds the element the bench waits for (`.board .total`) once the page is
 * read (matching what each start waits for: a scorecard's, Home's list, a new device's welcome). Without the query the page is the app's, so a game can be started and the worker
 * installed first. Returns the copy's folder (under the system's temporary folder).
 *
 * Why: the cold start's budget is the same at full speed and at 4× slowdown; this figure
 * shows how much of a start is the browser's own (opening the tab, the worker's answer,
 * reading the page and its styles, the first frame) and how much the app's.
 */
export function floorBuild(buildDir: string): string {
	const dir = mkdtempSync(join(tmpdir(), 'muggins-floor-'));
	cpSync(buildDir, dir, { recursive: true });
	const page = join(dir, 'index.html');
	const html = readFileSync(page, 'utf8');
	// SvelteKit's start is one block statement in the page's body: it runs only without the query.
	const start = /(<div style="display: contents">\s*<script>)(\s*\{)/;
	if (!start.test(html)) throw new Error(`floor: SvelteKit's start script not found in ${page}.`);
	const floor = `
				if (location.search === ${JSON.stringify(FLOOR_QUERY)})
					addEventListener('DOMContentLoaded', () => {
						const board = document.createElement('div');
						// The elements every timed start waits for (offline-start.ts, first-visit.ts).
						board.className = 'board lists welcome';
						board.innerHTML = '<span class="total">0</span>';
						document.body.append(board);
					});
				else`;
	// The early paint's script (src/app.html, before SvelteKit's element) is the app's code too:
	// a block statement as well, run only without the query.
	const early = /(<body[^>]*>\s*<script>(?:\s*\/\/[^\n]*)*)(\s*\{)/;
	const noEarly = `
			if (location.search !== ${JSON.stringify(FLOOR_QUERY)})`;
	writeFileSync(page, html.replace(start, `$1${floor}$2`).replace(early, `$1${noEarly}$2`));
	return dir;
}
