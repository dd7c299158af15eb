import type { Page } from '@playwright/test';

/** With SNAP=1, screenshots of the page at each of `SNAP_SIZES`, light and dark, to look at. */
export async function snap(page: Page, name: string): Promise<void> {
	if (!process.env.SNAP) return;
	const viewport = page.viewportSize();
	for (const scheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme: scheme });
		for (const [width, height] of SNAP_SIZES) {
			await page.setViewportSize({ width, height });
			await page.screenshot({
				path: `screenshots/${name}-${width}x${height}-${scheme}.png`,
				fullPage: true
			});
		}
	}
	await page.emulateMedia({ colorScheme: null });
	if (viewport) await page.setViewportSize(viewport);
}

/** The screens we look at: small and common phones, and the instructor's laptop. */
const SNAP_SIZES = [
	[320, 568],
	[360, 640],
	[390, 844],
	[1280, 800]
] as const;

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
