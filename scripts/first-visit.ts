/**
 * Writes a first visit's Home into `src/app.html` (its `first-visit` template, which the page's
 * early paint script shows on a device that has never run the app: `src/lib/early-paint.ts`),
 * as the app draws it: serves the build in `build` (or the folder given), opens Home in a new
 * browser context (nothing stored) and takes the app's own drawing once it has settled. Run
 * after a change to what a first visit shows (`npx vite build && npm run first-visit`, then
 * build again); the browser test of the early paint (tests/e2e/pwa.test.ts) fails until then.
 *
 * Why from the app's drawing rather than by hand: the early screen is taken over only when it
 * is the same, node for node and class for class (Svelte's scoped classes included).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { hostAnswers, hostBuild } from '../bench/host';
import { NAME_SHIM } from '../bench/ui';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { FIRST_VISIT_ID, screenMarkup } from '../src/lib/early-paint';

const APP_HTML = resolve(import.meta.dirname, '../src/app.html');
const port = Number(process.env.FIRST_VISIT_PORT ?? 4179);
const origin = `http://127.0.0.1:${port}`;
/** The template's element in app.html, whose content is replaced. */
const TEMPLATE = new RegExp(`(<template id="${FIRST_VISIT_ID}">)[^]*?(</template>)`);

async function main(): Promise<void> {
	const html = readFileSync(APP_HTML, 'utf8');
	if (!TEMPLATE.test(html)) throw new Error(`No <template id="${FIRST_VISIT_ID}"> in ${APP_HTML}`);
	const server = hostBuild(resolve(process.argv[2] ?? 'build'), port);
	const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
	try {
		await hostAnswers(origin);
		const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
		await context.addInitScript(NAME_SHIM);
		const page = await context.newPage();
		await page.goto(`${origin}/`);
		// The app's own welcome, with no early screen left in front of it (a stale template is
		// taken over after MISMATCH_MS), and then a moment without change.
		await page.waitForFunction(
			() => document.querySelector('.welcome') && !document.querySelector('.early-paint'),
			undefined,
			{ timeout: 30_000 }
		);
		await page.waitForTimeout(1000);
		const root = page.locator('body > div[style="display: contents"]');
		const markup = await root.evaluate(screenMarkup);
		if (!markup.includes('welcome') || markup.includes('</template>')) {
			throw new Error(`Not a first visit's Home:\n${markup}`);
		}
		writeFileSync(
			APP_HTML,
			html.replace(TEMPLATE, (_, open, close) => open + markup + close)
		);
		console.log(`Wrote a first visit's Home (${markup.length} characters) into ${APP_HTML}.`);
	} finally {
		await browser.close();
		if (server.pid) process.kill(-server.pid);
	}
}

main().catch((err: unknown) => {
	console.error(err);
	process.exit(1);
});
