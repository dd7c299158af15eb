/**
 * A device's role: chosen at first start, shown on every screen, locked at once, and taken
 * back with the PIN only.
 */
import { expect, test } from './a11y';

test('the instructor’s role is shown, locked at once and taken back only with the PIN', async ({
	page
}) => {
	await page.goto('/settings');
	const role = page.getByRole('region', { name: 'Device role' });
	await expect(role).toHaveCount(0);
	await page.getByRole('button', { name: 'A group’s phone' }).click();
	await expect(role).toContainText('Group phone');
	await page.goto('/league');
	await expect(page.getByRole('link', { name: 'New league' })).toHaveCount(0);
	await expect(page.getByRole('region', { name: 'Device role' })).toContainText('Group phone');

	// Back to the instructor: a PIN is set first, since a role taken back with a tap cannot lock.
	await page.getByRole('link', { name: 'Instructor?' }).click();
	await expect(page.getByRole('button', { name: 'Use as the instructor’s device' })).toHaveCount(0);
	await page.getByRole('button', { name: 'Set a PIN' }).click();
	await page.getByLabel('New PIN (4 to 12 digits)').fill('4821');
	await page.getByLabel('New PIN again').fill('4821');
	await page.getByRole('button', { name: 'Save the PIN' }).click();
	await page.getByRole('button', { name: 'Use as the instructor’s device' }).click();
	await expect(page.getByRole('region', { name: 'Device role' })).toContainText('Instructor');
	await page.goto('/league');
	await expect(page.getByRole('link', { name: 'New league' })).toBeVisible();

	// Locked at once, from any screen; taking it back asks for the PIN.
	await page
		.getByRole('region', { name: 'Device role' })
		.getByRole('button', { name: 'Lock' })
		.click();
	await expect(page.getByRole('link', { name: 'New league' })).toHaveCount(0);
	await page.reload();
	await expect(page.getByRole('region', { name: 'Device role' })).toContainText('Group phone');
	await page.getByRole('link', { name: 'Instructor?' }).click();
	await page.getByRole('button', { name: 'Use as the instructor’s device' }).click();
	const sheet = page.getByRole('dialog', { name: 'Instructor PIN' });
	await sheet.getByLabel('PIN').fill('0000');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(sheet).toContainText('That PIN is not right.');
	await expect(page.getByRole('region', { name: 'Device role' })).toContainText('Group phone');
	await sheet.getByLabel('PIN').fill('4821');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(page.getByRole('region', { name: 'Device role' })).toContainText('Instructor');
	for (const width of [390, 320]) {
		await page.setViewportSize({ width, height: 844 });
		await page.screenshot({ path: `screenshots/settings-role-${width}.png`, fullPage: true });
	}
});
