/**
 * A session's cards on paper (issue 36, finding 8): every group is listed, a group with no
 * card too, and the paper shows none of the screen's bars.
 */
import { expect, expectAccessible, test } from './a11y';
import { leagueWithRoster, playGroupGame, sessionWithGroups } from './league-helpers';

test('a session’s print lists every group and leaves the screen’s bars off the paper', async ({
	page
}) => {
	await leagueWithRoster(page, 'Period 2', [
		'Ana Reed',
		'Ben Ode',
		'Cara Dee',
		'Dan Wu',
		'Eve Fay',
		'Gus Hay'
	]);
	// A league made here makes the device the teacher's: its role bar is on every screen.
	const roleBar = page.getByRole('region', { name: 'Device role' });
	await expect(roleBar).toContainText('Instructor');
	const session = await sessionWithGroups(page, '2026-01-12');
	await playGroupGame(page, 1, [15, 10, 5]);
	await page.goto(session);
	await page.getByRole('link', { name: 'Print this session’s cards' }).click();
	const cards = page.getByRole('list', { name: 'Score cards' });
	await expect(cards.getByRole('listitem')).toHaveCount(1);
	const missing = page.getByRole('region', { name: 'Groups with no card here' });
	await expect(missing).toContainText('Group 2');
	await expect(missing).toContainText('Its game was not started.');
	await expectAccessible(page, 'a session’s print page');

	await page.emulateMedia({ media: 'print' });
	await expect(roleBar).toBeHidden();
	await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
	await expect(missing).toBeVisible();
	await page.emulateMedia({ media: 'screen' });
});
