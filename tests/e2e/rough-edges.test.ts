import { expect, expectAccessible, test } from './a11y';
import { startGame } from './game-helpers';

test('the end-hand sheet opens on its first choice and names the player it waits for', async ({
	page
}) => {
	await startGame(page, ['Ana', 'Ben', 'Cara']);
	await page.getByRole('button', { name: 'End hand' }).click();
	const sheet = page.getByRole('dialog');
	// Focus starts on the first choice, not on Close.
	await expect(sheet.getByRole('radio', { name: 'Ana went out' })).toBeFocused();
	await page.keyboard.press('Space');
	await expect(sheet.getByText('Enter what Ben still holds.')).toBeVisible();
	// An empty Pips field looks empty: no "0" that reads as already filled in.
	const pips = sheet.getByRole('textbox', { name: 'Pips' }).first();
	await expect(pips).toHaveValue('');
	await expect(pips).not.toHaveAttribute('placeholder', /./);
	await expectAccessible(page, 'the end-hand sheet');
});

test('New game keeps its players after a visit to another tab', async ({ page }) => {
	await page.goto('/game/new');
	const field = page.getByLabel('Player’s name');
	for (const name of ['Ana', 'Ben']) {
		await field.fill(name);
		await field.press('Enter');
	}
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules' }).click();
	await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('New game');
	await page.goBack();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('New game');
	await expect(page.getByRole('button', { name: 'Remove Ana' })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Remove Ben' })).toBeVisible();
	// A focused field is not left under the sticky Start bar.
	await field.focus();
	const [fieldBox, barBox] = await Promise.all([
		field.boundingBox(),
		page.locator('.start').boundingBox()
	]);
	expect((fieldBox?.y ?? 0) + (fieldBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
});

test('a saved PIN clears the earlier refusal, and while it is open every page says so and can lock', async ({
	page
}) => {
	await page.goto('/settings');
	await page.getByRole('button', { name: 'Set a PIN' }).click();
	await page.getByLabel('New PIN (4 to 12 digits)').fill('2468');
	await page.getByLabel('New PIN again').fill('2469');
	await page.getByRole('button', { name: 'Save the PIN' }).click();
	const refusal = page.getByRole('alert');
	await expect(refusal).toBeVisible();
	await page.getByLabel('New PIN again').fill('2468');
	await page.getByRole('button', { name: 'Save the PIN' }).click();
	await expect(page.getByText('The PIN is set.')).toBeVisible();
	await expect(refusal).toHaveCount(0);

	const open = page.getByText(/^Instructor actions open without the PIN until /);
	await expect(open).toBeVisible();
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'League' })
		.click();
	await expect(open).toBeVisible();
	await expectAccessible(page, 'a page with the PIN open');
	await page.getByRole('button', { name: 'Lock now' }).click();
	await expect(open).toHaveCount(0);
});
