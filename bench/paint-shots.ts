/**
 * The early paint beside the app's screen (`src/lib/early-paint.ts`), to look at: for a first
 * online visit (light and dark), Home with a game, Home's welcome on a device with no games,
 * and a scorecard, at 390×844 and 1280×800, a screenshot of the early screen (the start slowed
 * 20×, so it shows long enough to be taken) and one of the app's once it has taken over, in `screenshots/paint-*.png`, with
 * how many pixels differ and how the app took over (`early-paint-same`: from an equal drawing).
 * `tsx bench/paint-shots.ts [buildDir]` (default `build`), served on `BENCH_PORT` (4178).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { hostAnswers, hostBuild } from './host';
import { slowDown } from './tap';
import { NAME_SHIM, startGame, waitForWorker } from './ui';

const port = Number(process.env.BENCH_PORT ?? 4178);
const origin = `http://127.0.0.1:${port}`;
const out = 'screenshots';
/** Longer than the store's settling after a write and the screen's quiet time. */
const DWELL_MS = 2500;

/** How many pixels of two screenshots differ (-1 when their sizes do). */
function differing(a: Buffer, b: Buffer): number {
	const x = PNG.sync.read(a);
	const y = PNG.sync.read(b);
	if (x.width !== y.width || x.height !== y.height) return -1;
	let n = 0;
	for (let i = 0; i < x.data.length; i += 4) {
		if (x.data.readUInt32BE(i) !== y.data.readUInt32BE(i)) n++;
	}
	return n;
}

/**
 * Opens `path` in a new tab of `context`; screenshots of its early and final screen, the final
 * `dwell` ms after the app took over.
 */
async function shots(
	context: BrowserContext,
	path: string,
	name: string,
	dwell = DWELL_MS
): Promise<void> {
	const page: Page = await context.newPage();
	await slowDown(page, 20);
	await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
	const early = await page
		.waitForSelector('.early-paint', { timeout: 20_000 })
		.then(() => page.screenshot({ animations: 'disabled', caret: 'hide' }))
		.catch(() => null);
	await slowDown(page, 1);
	await page.waitForSelector('.early-paint', { state: 'detached', timeout: 20_000 });
	await page.waitForTimeout(dwell);
	const final = await page.screenshot({ animations: 'disabled', caret: 'hide' });
	const took = await page.evaluate(() =>
		performance
			.getEntriesByType('mark')
			.map((m) => m.name)
			.filter((n) => n.startsWith('early-paint-'))
	);
	if (early) writeFileSync(`${out}/paint-${name}-early.png`, early);
	writeFileSync(`${out}/paint-${name}-final.png`, final);
	console.log(
		`${name}: ${early ? `${differing(early, final)} pixels differ` : 'no early paint'}; took over: ${took.join() || 'none'}`
	);
	await page.close();
}

/** A phone with the app installed, `names` playing a game (none: no game), then offline. */
async function phone(
	viewport: { width: number; height: number },
	names: string[]
): Promise<{ context: BrowserContext; id: string | null }> {
	const context = await browser.newContext({ viewport });
	await context.addInitScript(NAME_SHIM);
	const setup = await context.newPage();
	const id = names.length > 0 ? await startGame(setup, origin, names) : null;
	await setup.goto(`${origin}/`);
	await setup.getByRole('button', { name: 'Decide later' }).click();
	await setup.locator(id ? '.lists' : '.welcome').waitFor();
	await waitForWorker(setup);
	await setup.waitForTimeout(DWELL_MS);
	if (id) {
		await setup.goto(`${origin}/game/${id}`);
		await setup.locator('.board .total').first().waitFor();
		await setup.waitForTimeout(DWELL_MS);
	}
	await setup.goto('about:blank');
	await context.setOffline(true);
	return { context, id };
}

mkdirSync(out, { recursive: true });
const host = hostBuild(process.argv[2] ?? 'build', port);
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
try {
	await hostAnswers(origin);
	for (const viewport of [
		{ width: 390, height: 844 },
		{ width: 1280, height: 800 }
	]) {
		// A first online visit, in each of the device's themes (it has no saved one): the final
		// screen right after the takeover, before the worker's "ready offline" note.
		for (const colorScheme of ['light', 'dark'] as const) {
			const fresh = await browser.newContext({ viewport, colorScheme });
			await fresh.addInitScript(NAME_SHIM);
			await shots(fresh, '/', `first-visit-${colorScheme}-${viewport.width}`, 300);
			await fresh.close();
		}
		const empty = await phone(viewport, []);
		await shots(empty.context, '/', `welcome-${viewport.width}`);
		await empty.context.close();
		const played = await phone(viewport, ['Ana', 'Ben', 'Cara']);
		await shots(played.context, '/', `home-${viewport.width}`);
		await shots(played.context, `/game/${played.id}`, `scorecard-${viewport.width}`);
		await played.context.close();
	}
} finally {
	await browser.close();
	if (host.pid) process.kill(-host.pid);
}
