/**
 * A score tap is painted first and stored right after the frame (issue 14): a tap followed at
 * once by a reload, a navigation away or going offline must still be stored, once.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './a11y';
import { engineTotals, score, shownTotals, startGame } from './game-helpers';

/** Taps `count` for `player` and does not wait for anything after the tap. */
async function tapOnly(page: Page, player: string, count: number): Promise<void> {
	await page.getByRole('button', { name: `Score for ${player}` }).click();
	await page
		.getByRole('dialog')
		.getByRole('button', { name: String(count), exact: true })
		.click();
}

test('a tap followed at once by a reload is stored once', async ({ page }) => {
	const id = await startGame(page, ['Ana', 'Ben']);
	await score(page, 'Ana', 10);
	await tapOnly(page, 'Ben', 5);
	await page.reload();
	await expect(page.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
	await expect.poll(() => shownTotals(page)).toEqual({ Ana: 10, Ben: 5 });
	await expect.poll(() => engineTotals(page, id)).toEqual({ Ana: 10, Ben: 5 });
	// Stored once: another reload shows the same.
	await page.reload();
	await expect.poll(() => shownTotals(page)).toEqual({ Ana: 10, Ben: 5 });
});

test('a tap followed at once by leaving the page is stored', async ({ page }) => {
	const id = await startGame(page, ['Ana', 'Ben']);
	await score(page, 'Ana', 10);
	await tapOnly(page, 'Ana', 15);
	await page.goto('/');
	await expect(page.locator('main h1')).toBeVisible();
	await page.goto(`/game/${id}`);
	await expect.poll(() => shownTotals(page)).toEqual({ Ana: 25, Ben: 0 });
	await expect.poll(() => engineTotals(page, id)).toEqual({ Ana: 25, Ben: 0 });
});

test('a tap followed at once by going offline is stored, and taps in a row keep their order', async ({
	page,
	context
}) => {
	const id = await startGame(page, ['Ana', 'Ben']);
	await score(page, 'Ana', 5);
	await tapOnly(page, 'Ben', 10);
	await context.setOffline(true);
	await tapOnly(page, 'Ana', 20);
	await expect(page.getByRole('status')).toContainText('Recorded: Ana 20');
	expect(await shownTotals(page)).toEqual({ Ana: 25, Ben: 10 });
	await expect.poll(() => engineTotals(page, id)).toEqual({ Ana: 25, Ben: 10 });
	// Undo acts on the last tap, which the store holds by then.
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(page.getByRole('status')).toContainText('Undone: Ana 20');
	await expect.poll(() => engineTotals(page, id)).toEqual({ Ana: 5, Ben: 10 });
	await context.setOffline(false);
});

test('a scorecard opened cold follows the scores another tab records, and its own reach it', async ({
	page,
	context
}) => {
	const id = await startGame(page, ['Ana', 'Ben']);
	// Opened cold: the board is drawn from the app's first read (src/lib/state/first-game.ts),
	// then the live query takes over from it.
	await page.reload();
	await expect(page.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
	const other = await context.newPage();
	await other.goto(`/game/${id}`);
	await score(other, 'Ana', 10);
	await expect.poll(() => shownTotals(page)).toEqual({ Ana: 10, Ben: 0 });
	await score(page, 'Ben', 5);
	await expect.poll(() => shownTotals(other)).toEqual({ Ana: 10, Ben: 5 });
	await other.close();
});
