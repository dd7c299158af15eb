import { expect, type Page } from '@playwright/test';

/** The system Chromium the browser tests drive (never a downloaded one; see TOOLCHAIN.md). */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags that keep headless Chromium quiet and offline-friendly on this machine. */
export const CHROME_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync'
];

/**
 * Waits until `page`'s service worker is activated (`ready` can resolve while it is still
 * activating), without reloading: the first visit's notes are still on screen.
 */
export async function waitForActiveWorker(page: Page): Promise<void> {
	await page.evaluate(async () => {
		const registration = await navigator.serviceWorker.ready;
		const worker = registration.active;
		if (!worker || worker.state === 'activated') return;
		await new Promise<void>((resolve) => {
			worker.addEventListener('statechange', () => {
				if (worker.state === 'activated') resolve();
			});
		});
	});
}

/**
 * Waits until the service worker is activated and controls `page`. A first visit is not
 * controlled (the worker does not claim clients, so that an update never swaps code under an
 * open score card): reload once.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
	await waitForActiveWorker(page);
	const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
	if (!controlled) {
		await page.reload();
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
	}
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The height and width of every element `selector` matches on `page`, with a name to report. */
export async function measure(
	page: Page,
	selector: string
): Promise<{ name: string; width: number; height: number }[]> {
	return page.locator(selector).evaluateAll((elements) =>
		elements
			.filter((el) => el.getClientRects().length > 0)
			.map((el) => {
				const box = el.getBoundingClientRect();
				const name = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ')}"`;
				return { name, width: Math.round(box.width), height: Math.round(box.height) };
			})
	);
}

/**
 * Waits for the app to have taken over from the early paint (`src/lib/early-paint.ts`), if
 * the page shows one: a first visit at Home, and a start at a kept screen, show the app's
 * screen before its code runs, seen but not working, and a key, a tap or a measure taken then
 * reaches the early copy, or nothing.
 */
export async function appDrawn(page: Page): Promise<void> {
	await expect(page.locator('.early-paint')).toHaveCount(0);
}
