import { expect, test } from './a11y';
import { score, startGame } from './game-helpers';
import { leagueWithRoster, signCard } from './league-helpers';

test('a quick game of roster students can be counted for their league before it is signed', async ({
	page
}) => {
	await leagueWithRoster(page, 'Period 5', ['Ana', 'Ben']);

	const id = await startGame(page, ['Ana', 'Ben']);
	await score(page, 'Ana', 10);
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
