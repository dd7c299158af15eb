import type { Browser, BrowserContext } from 'playwright-core';
import { slowDown } from './tap';
import { NAME_SHIM, startGame, waitForWorker } from './ui';
import { WAIT_MS, within } from './wait';

/**
 * A phone with the app installed and a game started, then the network off: what a cold
 * offline start opens (the scorecard of game `id`) in a new tab of `context`.
 *
 * The setup tab stays open, on a blank page, as on a phone whose browser is already running.
 * Closing it left each start's tab the only one in its window, and desktop Chromium then opens
 * a new window, which preloads its address bar's pop-up (a page of the browser's own, about
 * 1 s of CPU in another renderer) during the start: on this 2-core machine, 440 against 620 ms
 * to the board (medians of 9). A phone's installed app has no address bar.
 */
export async function offlineScorecard(
	browser: Browser,
	origin: string
): Promise<{ context: BrowserContext; id: string }> {
	const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
	await context.addInitScript(NAME_SHIM);
	const setup = await context.newPage();
	const id = await startGame(setup, origin, ['Ana', 'Ben', 'Cara']);
	await waitForWorker(setup);
	await setup.goto('about:blank');
	await context.setOffline(true);
	return { context, id };
}

/**
 * Cold offline start: with the app installed (service worker active) and the network off, a
 * new tab opening a game's scorecard, from navigation start to the scoreboard painted. `query`
 * is added to the address (see `floor.ts`).
 *
 * The page reports that moment itself, through a binding: waiting for it from Playwright
 * (`waitForFunction`) evaluates Playwright's own script in the page while the app starts, about
 * 100 ms of the main thread at 4× slowdown, which no phone runs.
 */
export async function offlineStart(
	browser: Browser,
	origin: string,
	runs: number,
	slowdown = 1,
	query = ''
): Promise<number[]> {
	const { context, id } = await offlineScorecard(browser, origin);
	let painted: (ms: number) => void = () => undefined;
	await context.exposeBinding('__reportPainted', (_source, ms: number) => painted(ms));
	await context.addInitScript(() => {
		const observer = new MutationObserver(() => {
			if (document.querySelector('.board .total')) {
				observer.disconnect();
				requestAnimationFrame(() =>
					(window as unknown as { __reportPainted(ms: number): void }).__reportPainted(
						performance.now()
					)
				);
			}
		});
		observer.observe(document, { subtree: true, childList: true });
	});
	const samples: number[] = [];
	try {
		for (let i = 0; i < runs; i++) {
			const page = await context.newPage();
			if (slowdown > 1) await slowDown(page, slowdown);
			const reported = new Promise<number>((resolve) => (painted = resolve));
			await page.goto(`${origin}/game/${id}${query}`, { waitUntil: 'commit' });
			samples.push(await within(WAIT_MS, 'the scoreboard of a cold start', reported));
			const fromWorker = await page.evaluate(() => navigator.serviceWorker.controller !== null);
			if (!fromWorker) throw new Error('The scorecard was not served by the service worker.');
			await page.close();
		}
	} finally {
		await context.close();
	}
	return samples;
}
