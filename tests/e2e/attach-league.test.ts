import { expect, test } from '@playwright/test';
import { leagueWithRoster, signCard } from './league-helpers';

test('a quick game of roster students can be counted for their league before it is signed', async ({
	page
}) => {
	await leagueWithRoster(page, 'Period 5', ['Ana', 'Ben']);

	await page.goto('/game/new');
	for (const name of ['Ana', 'Ben']) {
		await page.locator('#new-player').fill(name);
		await page.keyboard.press('Enter');
	}
	await page.getByRole('button', { name: /start/i }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	const id = page.url().split('/').at(-1) as string;
	await page.getByRole('button', { name: 'Score for Ana' }).click();
	await page.getByRole('dialog').getByRole('button', { name: '10', exact: true }).click();
	await expect(page.getByRole('status')).toContainText('Recorded: Ana 10');
	await page.getByRole('button', { name: 'End game' }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
	await expect(page.getByRole('heading', { name: 'Ana wins' })).toBeVisible();

	await page.goto(`/game/${id}/sign`);
	const attach = page.getByRole('region', { name: 'Count it for a league' });
	await attach.getByLabel('League').selectOption({ label: 'Period 5' });
	await attach.getByRole('button', { name: 'Count it for this league' }).click();
	await expect(attach).toHaveCount(0);

	await signCard(page, id);
	await expect(page.getByRole('link', { name: 'Turn in the card' })).toBeVisible();
});
