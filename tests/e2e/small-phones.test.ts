/**
 * The scorecard on small phones (issue 36, finding 5): with the device bar and the game's own
 * bar shown, every player's name button (its "+" too) and total are on screen and not covered,
 * at 320×568, 360×640 and 390×844, light and dark; the device bar keeps one line; the "Ready
 * to work offline" note moves nothing.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { startGame } from './game-helpers';
import { snap } from './snap';

const PLAYERS = ['Gus Reed', 'Dominique Alvarez', 'Ana Beth', 'Li Wu'];
const SCREENS = [
	[320, 568],
	[360, 640],
	[390, 844]
] as const;

/** Whether what the screen shows at the centre of `target` is `target` itself (or inside it). */
function uncovered(target: Locator): Promise<boolean> {
	return target.evaluate((el) => {
		const r = el.getBoundingClientRect();
		const inView = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
		const shown = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
		return inView && !!shown && el.contains(shown);
	});
}

/** Every player's button, its "+" and total: which are off screen or covered. */
async function hidden(page: Page): Promise<string[]> {
	const out: string[] = [];
	for (const name of PLAYERS) {
		const button = page.getByRole('button', { name: `Score for ${name}` });
		if (!(await uncovered(button))) out.push(`${name}'s button`);
		if (!(await uncovered(button.locator('.plus')))) out.push(`${name}'s +`);
	}
	const totals = page.locator('.board .total');
	for (let i = 0; i < (await totals.count()); i++) {
		if (!(await uncovered(totals.nth(i)))) out.push(`total ${i + 1}`);
	}
	return out;
}

test('every player’s button and total show on a small phone, bars and all, light and dark', async ({
	page
}) => {
	await page.goto('/settings');
	await page.getByRole('button', { name: 'A group’s phone' }).click();
	const bar = page.getByRole('region', { name: 'Device role' });
	await expect(bar).toContainText('Group phone');
	await startGame(page, PLAYERS);
	await expect(bar).toContainText('Group phone');
	await expect(page.getByRole('navigation', { name: 'Game actions' })).toBeVisible();
	for (const [width, height] of SCREENS) {
		await page.setViewportSize({ width, height });
		for (const colorScheme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme });
			await page.evaluate(() => window.scrollTo(0, 0));
			await expect(async () =>
				expect(await hidden(page), `${width}×${height} ${colorScheme}`).toEqual([])
			).toPass({ timeout: 10_000 });
			// "Group phone" and "Instructor?" on one line: one button's height.
			expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(56);
		}
		await expectAccessible(page, `the board at ${width}×${height}`);
	}
	await page.emulateMedia({ colorScheme: null });
	await snap(page, 'board-small-phone');
});

test('“Ready to work offline” moves nothing on the board', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 640 });
	await startGame(page, PLAYERS);
	const note = page.getByRole('region', { name: 'Offline' });
	// The service worker starts once the page is idle, then installs: allow a loaded machine.
	await expect(note).toBeVisible({ timeout: 20_000 });
	const tiles = page.locator('.board .side');
	const boxes = () => tiles.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().y));
	const withNote = await boxes();
	await expectAccessible(page, 'the scorecard with the offline note');
	await expect(note).toHaveCount(0, { timeout: 15_000 });
	expect(await boxes()).toEqual(withNote);
});

test('a finished game shows “Sign the card” without scrolling, and its status is no button', async ({
	page
}) => {
	await startGame(page, PLAYERS);
	await page.getByRole('button', { name: 'End game' }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
	await expect(page.getByRole('heading', { name: 'Final score' })).toBeVisible();
	await page.evaluate(() => window.scrollTo(0, 0));
	await expect(page.getByRole('link', { name: 'Sign the card' })).toBeInViewport({ ratio: 1 });
	// "Not signed yet" is a status: no outline around it, as a button has.
	const seal = page.locator('p.seal').filter({ hasText: 'Not signed yet' });
	await expect(seal).toBeVisible();
	expect(await seal.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('none');
	await expectAccessible(page, 'the final score');
});
