import type { Browser, BrowserContext } from 'playwright-core';
import { slowDown } from './tap';
import { NAME_SHIM, startGame, waitForWorker } from './ui';
import { WAIT_MS } from './wait';

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
 * new tab opening a game's scorecard, from navigation start to the scoreboard painted.
 */
export async function offlineStart(
	browser: Browser,
	origin: string,
	runs: number,
	slowdown = 1
): Promise<number[]> {
	const { context, id } = await offlineScorecard(browser, origin);
	await context.addInitScript(() => {
		const w = window as unknown as { __painted?: number };
		const observer = new MutationObserver(() => {
			if (document.querySelector('.board .total')) {
				observer.disconnect();
				requestAnimationFrame(() => (w.__painted = performance.now()));
			}
		});
		observer.observe(document, { subtree: true, childList: true });
	});
	const samples: number[] = [];
	try {
		for (let i = 0; i < runs; i++) {
			const page = await context.newPage();
			if (slowdown > 1) await slowDown(page, slowdown);
			await page.goto(`${origin}/game/${id}`);
			await page.waitForFunction(
				() => (window as unknown as { __painted?: number }).__painted !== undefined,
				undefined,
				{ timeout: WAIT_MS }
			);
			samples.push(
				await page.evaluate(() => (window as unknown as { __painted: number }).__painted)
			);
			const fromWorker = await page.evaluate(() => navigator.serviceWorker.controller !== null);
			if (!fromWorker) throw new Error('The scorecard was not served by the service worker.');
			await page.close();
		}
	} finally {
		await context.close();
	}
	return samples;
}
