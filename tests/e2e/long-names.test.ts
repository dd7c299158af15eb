import { expect, test } from './a11y';
import { shot } from './snap';
import { leagueWithRoster } from './league-helpers';
import { startGame } from './game-helpers';

/** How much wider than the window the page is, in CSS pixels (0 when it fits). */
async function overflow(page: import('@playwright/test').Page): Promise<number> {
	return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('a 10,000-character name wraps in the roster import preview instead of widening the page (issue 13)', async ({
	page
}) => {
	await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben']);
	await page.getByText('Paste a list').click();
	await page.getByLabel('One name per line').fill(`Cara\n${'W'.repeat(10_000)}\nDan`);
	const preview = page.getByRole('table');
	await expect(preview).toContainText('Longer than 40 characters.');
	expect(await overflow(page)).toBeLessThanOrEqual(0);
	for (const width of [390, 320, 1280]) {
		await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
		expect(await overflow(page)).toBeLessThanOrEqual(0);
		await shot(page, {
			path: `screenshots/issue13-long-name-${width}.png`,
			fullPage: false
		});
	}
});

test('at 320 px a short name stays whole on the scoreboard, and a long one wraps inside its button', async ({
	page
}) => {
	await page.setViewportSize({ width: 320, height: 640 });
	await startGame(page, ['Ana', 'Ben', 'Cara', 'Dominique']);
	// One line of the name, as tall as the button's minimum (48 px): "Cara" broke into
	// "Car" / "a" before.
	const lineHeight = async (name: string) =>
		page
			.getByRole('button', { name: `Score for ${name}` })
			.locator('.label')
			.evaluate(
				(el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)
			);
	for (const name of ['Ana', 'Ben', 'Cara']) expect(await lineHeight(name)).toBeCloseTo(1, 1);
	expect(await lineHeight('Dominique')).toBeGreaterThan(1.5);
	expect(await overflow(page)).toBeLessThanOrEqual(0);
	await shot(page, { path: 'screenshots/scoreboard-320.png', fullPage: false });
});
