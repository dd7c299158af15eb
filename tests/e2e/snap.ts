import type { Page } from '@playwright/test';

/** With SNAP=1, screenshots of the page at a phone, a laptop and 320 px, to look at. */
export async function snap(page: Page, name: string): Promise<void> {
	if (!process.env.SNAP) return;
	const viewport = page.viewportSize();
	for (const [width, height] of [
		[390, 844],
		[1280, 800],
		[320, 700]
	] as const) {
		await page.setViewportSize({ width, height });
		await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
	}
	if (viewport) await page.setViewportSize(viewport);
}

/**
 * A screenshot to look at, taken with SNAP=1 only: nothing reads it, and the browser tests
 * took dozens of full-page ones on every run. A test's steps around it (viewport sizes,
 * colour schemes) stay, so it reaches the same states either way.
 */
export async function shot(
	page: Page,
	options: { path: string; fullPage?: boolean }
): Promise<void> {
	if (process.env.SNAP) await page.screenshot(options);
}
