import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The address suffix that makes the floor build's page run none of the app's code. */
export const FLOOR_QUERY = '?floor';

/**
 * What a cold start costs before any of the app's code runs: a copy of the build in `buildDir`
 * whose page, opened with `FLOOR_QUERY`, does not start the app. The worker still serves it,
 * the styles still load, the preloaded scripts are still fetched; instead of the early paint's
 * script (src/app.html) and SvelteKit's start, a script at the top of the body adds the element
 * the bench waits for (matching what each start waits for: a scorecard's `.board .total`,
 * Home's list, a new device's welcome), where the early paint puts its screen: the earliest a
 * page can show anything. Without the query the page is the app's, so a game can be started
 * and the worker installed first. Returns the copy's folder (under the system's temporary
 * folder).
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
	// SvelteKit's start and the early paint's script are each one block statement in the page's
	// body: with the query, neither runs, and the floor's element goes where the early paint's
	// screen would.
	const start = /(<div style="display: contents">\s*<script>)(\s*\{)/;
	const early = /(<body[^>]*>\s*<script>(?:\s*\/\/[^\n]*)*)(\s*\{)/;
	for (const [what, found] of [
		["SvelteKit's start script", start],
		["the early paint's script", early]
	] as const) {
		if (!found.test(html)) throw new Error(`floor: ${what} not found in ${page}.`);
	}
	const query = JSON.stringify(FLOOR_QUERY);
	const floor = `
			if (location.search === ${query}) {
				const board = document.createElement('div');
				// The elements every timed start waits for (offline-start.ts, first-visit.ts).
				board.className = 'board lists welcome';
				board.innerHTML = '<span class="total">0</span>';
				document.body.append(board);
			} else`;
	const noStart = `
				if (location.search !== ${query})`;
	writeFileSync(page, html.replace(early, `$1${floor}$2`).replace(start, `$1${noStart}$2`));
	return dir;
}
