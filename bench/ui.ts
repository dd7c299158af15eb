import type { Page } from 'playwright-core';
import { WAIT_MS, within } from './wait';

/** Starts a classroom game through the New game page and returns its id. */
export async function startGame(page: Page, origin: string, names: string[]): Promise<string> {
	await page.goto(`${origin}/game/new`);
	for (const name of names) {
		await page.locator('#new-player').fill(name);
		await page.keyboard.press('Enter');
	}
	await page.getByRole('button', { name: /start/i }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	await page.locator('.board').waitFor();
	return page.url().split('/').at(-1) as string;
}

/** Waits until the service worker is active and controls the page (reloading once if needed). */
export async function waitForWorker(page: Page): Promise<void> {
	const active = page.evaluate(async () => {
		const reg = await navigator.serviceWorker.ready;
		const worker = reg.active;
		if (!worker || worker.state === 'activated') return;
		await new Promise<void>((resolve) =>
			worker.addEventListener('statechange', () => worker.state === 'activated' && resolve())
		);
	});
	await within(WAIT_MS, 'the service worker to activate', active);
	if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
		await page.reload();
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
			timeout: WAIT_MS
		});
	}
}

/** The p-th percentile (0-100) of `xs`, nearest rank. */
export function percentile(xs: readonly number[], p: number): number {
	const sorted = [...xs].sort((a, b) => a - b);
	const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
	return sorted[rank] ?? NaN;
}

/**
 * tsx compiles functions with esbuild's keep-names helper, so a function handed to
 * `page.evaluate` may call `__name`; the page needs a do-nothing one.
 */
export const NAME_SHIM = 'globalThis.__name = (f) => f;';
