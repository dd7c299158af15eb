import type { Browser, BrowserContext } from 'playwright-core';
import { slowDown } from './tap';
import { NAME_SHIM, startGame, waitForWorker } from './ui';
import { WAIT_MS, within } from './wait';

/** How long the setup shows each screen before the starts. */
const DWELL_MS = 2500;

/**
 * A phone with the app installed, its first-start question answered and a game started, then
 * the network off: what a cold
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
	// As on a phone that opened the app before: Home's first-start question answered (a phone
	// is asked once, at its first start, and never again).
	await setup.goto(`${origin}/`);
	await setup.getByRole('button', { name: 'Decide later' }).click();
	await setup.locator('.lists').waitFor();
	await waitForWorker(setup);
	// Each screen shown a while, as on a phone in class (Home, then the game): the app keeps
	// a screen once the store has had no write for a moment (`src/lib/early-paint.ts`), so
	// a start shows it early; a phone closed right after a write starts without it.
	await setup.waitForTimeout(DWELL_MS);
	await setup.goto(`${origin}/game/${id}`);
	await setup.locator('.board .total').first().waitFor();
	await setup.waitForTimeout(DWELL_MS);
	await setup.goto('about:blank');
	await context.setOffline(true);
	return { context, id };
}

/** A screen a start is timed to: its address (for game `id`) and the element it waits for. */
export interface StartScreen {
	name: 'scorecard' | 'home';
	path(id: string): string;
	/** A selector of the screen's content, there once its data is (the floor adds it too). */
	ready: string;
}

/** The game's scoreboard with its totals. */
export const SCORECARD: StartScreen = {
	name: 'scorecard',
	path: (id) => `/game/${id}`,
	ready: '.board .total'
};

/** Home with its list of games (the game started in the setup). */
export const HOME: StartScreen = { name: 'home', path: () => '/', ready: '.lists' };

/**
 * The page's side of a timed start: once `selector` matches, the next frame's time (from
 * navigation start) is reported through the binding `__reportPainted`. Run as an init script.
 */
export function reportWhenPainted(selector: string): void {
	const observer = new MutationObserver(() => {
		if (document.querySelector(selector)) {
			observer.disconnect();
			requestAnimationFrame(() =>
				(window as unknown as { __reportPainted(ms: number): void }).__reportPainted(
					performance.now()
				)
			);
		}
	});
	observer.observe(document, { subtree: true, childList: true });
}

/** Times one start after another of the same kind on one origin, until closed. */
export interface Starter {
	/** One start, from navigation start to its content painted, in ms. */
	once(): Promise<number>;
	close(): Promise<void>;
}

/**
 * Cold offline starts: with the app installed (service worker active) and the network off, a
 * new tab opening `screen` (a game's scorecard, or Home listing it), from navigation start to
 * its content painted, each `once`. `query` is added to the address (see `floor.ts`).
 *
 * The page reports that moment itself, through a binding: waiting for it from Playwright
 * (`waitForFunction`) evaluates Playwright's own script in the page while the app starts, about
 * 100 ms of the main thread at 4× slowdown, which no phone runs.
 */
export async function offlineStarter(
	browser: Browser,
	origin: string,
	slowdown = 1,
	query = '',
	screen: StartScreen = SCORECARD
): Promise<Starter> {
	const { context, id } = await offlineScorecard(browser, origin);
	let painted: (ms: number) => void = () => undefined;
	try {
		await context.exposeBinding('__reportPainted', (_source, ms: number) => painted(ms));
		await context.addInitScript(reportWhenPainted, screen.ready);
	} catch (err) {
		await context.close();
		throw err;
	}
	return {
		async once() {
			const page = await context.newPage();
			if (slowdown > 1) await slowDown(page, slowdown);
			const reported = new Promise<number>((resolve) => (painted = resolve));
			await page.goto(`${origin}${screen.path(id)}${query}`, { waitUntil: 'commit' });
			const ms = await within(WAIT_MS, `the ${screen.name} of a cold start`, reported);
			const fromWorker = await page.evaluate(() => navigator.serviceWorker.controller !== null);
			if (!fromWorker) throw new Error(`The ${screen.name} was not served by the service worker.`);
			await page.close();
			return ms;
		},
		close: () => context.close()
	};
}
