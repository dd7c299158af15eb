import { expect, test } from './a11y';
import { shot } from './snap';
import { leagueWithRoster } from './league-helpers';
import { startGame } from './game-helpers';
import { lineCounts } from './text-lines';

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

test('at 320 px a name stays whole on the scoreboard: short ones as they are, a longer one smaller', async ({
	page
}) => {
	await page.setViewportSize({ width: 320, height: 640 });
	await startGame(page, ['Ana', 'Ben', 'Cara', 'Dominique']);
	const label = (name: string) =>
		page.getByRole('button', { name: `Score for ${name}` }).locator('.label');
	// One line of the name, as tall as the button's minimum (48 px): "Cara" broke into
	// "Car" / "a" before.
	const lineHeight = (name: string) =>
		label(name).evaluate(
			(el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)
		);
	/** The name's size against the button's own. */
	const size = (name: string) =>
		label(name).evaluate((el) => ({
			name: parseFloat(getComputedStyle(el).fontSize),
			button: parseFloat(getComputedStyle(el.parentElement!).fontSize)
		}));
	// "Dominique" broke into "Dominiqu" / "e" before, at 390 px too. 320 px last: the page
	// must not be wider than the window there.
	for (const width of [390, 320]) {
		await page.setViewportSize({ width, height: 640 });
		for (const name of ['Ana', 'Ben', 'Cara', 'Dominique'])
			expect(await lineHeight(name), `${name} at ${width} px`).toBeCloseTo(1, 1);
		const cara = await size('Cara');
		expect(cara.name).toBe(cara.button);
		const dominique = await size('Dominique');
		expect(dominique.name).toBeLessThan(dominique.button);
		expect(dominique.name).toBeGreaterThanOrEqual(14);
		await shot(page, { path: `screenshots/scoreboard-${width}.png`, fullPage: false });
	}
	expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test('at 320 px a seat keeps its name on one line in the new game, its moves below it', async ({
	page
}) => {
	await page.setViewportSize({ width: 320, height: 700 });
	await page.goto('/game/new');
	const names = ['Ana', 'Ben', 'Cara', 'Dominique'];
	for (const name of names) {
		await page.locator('#new-player').fill(name);
		await page.keyboard.press('Enter');
	}
	await expect(page.getByRole('list', { name: 'Seats, in order of play' })).toBeVisible();
	// Each name's text on one line: "Cara" broke into "Car" / "a" at 320 px before.
	const seats = page.locator('.seat .name');
	for (const width of [390, 320]) {
		await page.setViewportSize({ width, height: 700 });
		expect(await lineCounts(seats), `at ${width} px`).toEqual([1, 1, 1, 1]);
		// Every move is still a whole tap target.
		const remove = page.getByRole('button', { name: 'Remove Cara' });
		const box = await remove.boundingBox();
		expect(box?.width).toBeGreaterThanOrEqual(48);
		expect(box?.height).toBeGreaterThanOrEqual(48);
		await shot(page, { path: `screenshots/seat-list-${width}.png`, fullPage: false });
	}
	expect(await overflow(page)).toBeLessThanOrEqual(0);
});
