import { expect, test } from './a11y';
import {
	groupPlayers,
	leagueWithRoster,
	playGroupGame,
	sessionWithGroups,
	setPin,
	signCard
} from './league-helpers';

test('reopening a signed league card asks for the PIN, as voiding does (issue 13)', async ({
	page
}) => {
	await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben', 'Cara']);
	await sessionWithGroups(page, '2026-01-12');
	expect(await groupPlayers(page, 1)).toHaveLength(3);
	const id = await playGroupGame(page, 1, [15, 10, 5]);
	await signCard(page, id);
	await setPin(page, '246813579024');

	// A new visit starts locked.
	await page.goto(`/game/${id}/sign`);
	await page.reload();
	await page.getByRole('button', { name: 'Reopen the card…' }).click();
	await page.getByLabel('Why is the card reopened?').fill('Missed a count');
	await page.getByRole('button', { name: 'Reopen the card', exact: true }).click();
	const sheet = page.getByRole('dialog', { name: 'Instructor PIN' });
	await expect(sheet).toContainText('Reopening a league card needs the instructor’s PIN.');
	await sheet.getByRole('button', { name: 'Cancel' }).click();
	await expect(sheet).toBeHidden();
	// Cancelled: the card is still signed and counts.
	await page.goto(`/game/${id}/sign`);
	await expect(page.locator('.seal.signed')).toContainText('Signed');

	await page.getByRole('button', { name: 'Reopen the card…' }).click();
	await page.getByLabel('Why is the card reopened?').fill('Missed a count');
	await page.getByRole('button', { name: 'Reopen the card', exact: true }).click();
	await sheet.getByLabel('PIN').fill('246813579024');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(sheet).toBeHidden();
	await expect(page.locator('.seal.signed')).toHaveCount(0);
});

test('wrong PINs sent at once from six tabs get three tries, as one tab does (issue 37, finding 4)', async ({
	page,
	context
}) => {
	test.slow();
	await setPin(page, '2468');
	const tabs = [page, ...(await Promise.all(Array.from({ length: 5 }, () => context.newPage())))];
	for (const [i, tab] of tabs.entries()) {
		await tab.goto('/settings');
		await tab.getByRole('button', { name: 'Turn it off' }).click();
		await tab.getByLabel('Current PIN').fill(`100${i}`);
	}
	await Promise.all(
		tabs.map((tab) => tab.getByRole('button', { name: 'Turn the PIN off' }).click())
	);
	const said = await Promise.all(
		tabs.map(async (tab) => {
			const note = tab.locator('.error-note');
			await expect(note).toBeVisible();
			return (await note.textContent())?.trim() ?? '';
		})
	);
	expect(said.filter((s) => s === 'That PIN is not right.')).toHaveLength(3);
	expect(said.filter((s) => s.startsWith('Too many wrong PINs: wait'))).toHaveLength(3);
});
