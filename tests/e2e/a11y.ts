import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules of axe-core; the tags also pull in their WCAG 2.0 ancestors. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The narrowest phone screen the app is made for. */
const NARROWEST = 320;

/** One axe violation as a line a failing test can print: rule, impact and where it was seen. */
function describeViolations(
	violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']
): string[] {
	return violations.map(
		(v) =>
			`${v.id} (${v.impact ?? 'no impact'}): ${v.help}; ${v.nodes
				.slice(0, 3)
				.map((n) => n.target.join(' '))
				.join(', ')}`
	);
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page as it is now, in the light and the dark theme
 * (forced through `data-theme`, which the app's CSS honours over the device's scheme, then put
 * back), and checks that the page still fits a 320 px screen without sideways scrolling.
 * `where` names the page state in the failure message.
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
	const original = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
	try {
		for (const theme of ['light', 'dark'] as const) {
			await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
			const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
			expect(describeViolations(violations), `axe, ${theme} theme, at ${where}`).toEqual([]);
		}
	} finally {
		await page.evaluate((t) => {
			if (t === null) delete document.documentElement.dataset.theme;
			else document.documentElement.dataset.theme = t;
		}, original);
	}
	await expectFitsNarrowScreen(page, where);
}

/** The page at 320 px wide is no wider than the screen; the viewport is put back afterwards. */
export async function expectFitsNarrowScreen(page: Page, where = page.url()): Promise<void> {
	const viewport = page.viewportSize();
	if (!viewport) return;
	await page.setViewportSize({ width: NARROWEST, height: viewport.height });
	try {
		// The width, and the elements that stick out past the screen's right edge whose parent
		// does not (a phone widens its layout viewport, fixed bars included, to fit the page).
		const overflow = () =>
			page.evaluate((edge) => {
				const past = (el: Element | null) => !!el && el.getBoundingClientRect().right > edge + 0.5;
				const out = [...document.querySelectorAll('body *')]
					.filter((el) => past(el) && !past(el.parentElement))
					.filter((el) => getComputedStyle(el).position !== 'fixed')
					.slice(0, 3)
					.map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
				return { width: document.documentElement.scrollWidth, out };
			}, NARROWEST);
		await expect
			.poll(async () => (await overflow()).width, {
				message: `page width at 320 px, at ${where}`
			})
			.toBeLessThanOrEqual(NARROWEST)
			.catch(async (error: unknown) => {
				throw new Error(
					`${String(error)}\nwider than the screen: ${(await overflow()).out.join(', ')}`
				);
			});
	} finally {
		await page.setViewportSize(viewport);
	}
}

/**
 * Playwright's `test`, whose `page` is checked by `expectAccessible` once more when the test
 * body has finished, so that the last state every test reaches is covered even where the test
 * checks no earlier state. Tests call `expectAccessible` themselves at the states between.
 */
export const test = base.extend<{ page: Page }>({
	page: async ({ page }, use, testInfo) => {
		await use(page);
		if (testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
		await expectAccessible(page, `the end of "${testInfo.title}"`);
	}
});

export { expect };
