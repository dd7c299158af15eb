/**
 * A device's role: chosen at first start, shown on every screen, locked at once, and taken
 * back with the PIN only.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { snap } from './snap';

test('a new device asks once who is using it, without standing in the way of a quick game', async ({
	browser
}) => {
	const ask = (page: Page) => page.getByRole('region', { name: 'Who is using this device?' });

	// The teacher: the instructor's role, then a PIN is offered; never asked again.
	const teacher = await browser.newContext();
	let page = await teacher.newPage();
	await page.goto('/');
	await expect(ask(page)).toBeVisible();
	// The quick game is still one tap away while the question is on screen.
	await expect(page.getByRole('link', { name: 'New game', exact: true })).toBeVisible();
	await expectAccessible(page, 'first start, asking who uses the device');
	await snap(page, 'first-start');
	await ask(page).getByRole('button', { name: 'I’m the teacher' }).click();
	const done = page.getByRole('region', { name: 'This is the teacher’s device' });
	await expect(done.getByRole('heading')).toBeFocused();
	await expect(done.getByRole('link', { name: 'Set a PIN' })).toHaveAttribute(
		'href',
		'/settings#pin-title'
	);
	await expect(page.getByRole('region', { name: 'Device role' })).toContainText('Instructor');
	await expectAccessible(page, 'first start, the teacher’s device');
	await snap(page, 'first-start-teacher');
	// Home shows the question together with the list, so once New game shows it would be there.
	await page.reload();
	await expect(page.getByRole('link', { name: 'New game', exact: true })).toBeVisible();
	await expect(ask(page)).toHaveCount(0);
	await teacher.close();

	// A group: a group phone, straight to joining the league.
	const group = await browser.newContext();
	page = await group.newPage();
	await page.goto('/');
	await ask(page).getByRole('button', { name: 'We’re a group / student' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Join a league' })).toBeVisible();
	await expect(page.getByRole('region', { name: 'Device role' })).toContainText('Group phone');
	await group.close();

	// Just keeping score: the quick game, no role; and "Decide later" puts the question away.
	const scorer = await browser.newContext();
	page = await scorer.newPage();
	await page.goto('/');
	await ask(page).getByRole('link', { name: 'Just keep score' }).click();
	await expect(page).toHaveURL(/\/game\/new$/);
	await expect(page.getByRole('region', { name: 'Device role' })).toHaveCount(0);
	await page.goto('/');
	await expect(page.getByRole('link', { name: 'New game', exact: true })).toBeVisible();
	await expect(ask(page)).toHaveCount(0);
	await scorer.close();

	const later = await browser.newContext();
	page = await later.newPage();
	await page.goto('/');
	await ask(page).getByRole('button', { name: 'Decide later' }).click();
	await expect(ask(page)).toHaveCount(0);
	await page.reload();
	await expect(page.getByRole('link', { name: 'New game', exact: true })).toBeVisible();
	await expect(ask(page)).toHaveCount(0);
	await later.close();
});

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
	// A group phone with no league yet is sent to its group's code, never to making a league.
	await expect(page.getByRole('link', { name: 'Create your class’s league' })).toHaveCount(0);
	await expect(page.getByText('scan it to get your group’s game')).toBeVisible();
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

	// Locked at once, from any screen; unlocked from the same bar with the PIN, on the same page.
	const bar = page.getByRole('region', { name: 'Device role' });
	await bar.getByRole('button', { name: 'Lock' }).click();
	await expect(page.getByRole('link', { name: 'New league' })).toHaveCount(0);
	await page.reload();
	await expect(bar).toContainText('Locked');
	await expect(bar.getByRole('link', { name: 'Instructor?' })).toHaveCount(0);
	await expectAccessible(page, 'a locked instructor’s device');
	await bar.getByRole('button', { name: 'Unlock' }).click();
	const sheet = page.getByRole('dialog', { name: 'Instructor PIN' });
	await sheet.getByLabel('PIN').fill('0000');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(sheet).toContainText('That PIN is not right.');
	await expect(bar).toContainText('Locked');
	await sheet.getByLabel('PIN').fill('4821');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(bar).toContainText('Instructor');
	await expect(page).toHaveURL(/\/league$/);
	await expect(page.getByRole('link', { name: 'New league' })).toBeVisible();

	// Settings still offers the same way back.
	await bar.getByRole('button', { name: 'Lock' }).click();
	await page.goto('/settings');
	await page.getByRole('button', { name: 'Use as the instructor’s device' }).click();
	await sheet.getByLabel('PIN').fill('4821');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(bar).toContainText('Instructor');
	for (const width of [390, 320]) {
		await page.setViewportSize({ width, height: 844 });
		await page.screenshot({ path: `screenshots/settings-role-${width}.png`, fullPage: true });
	}
});
