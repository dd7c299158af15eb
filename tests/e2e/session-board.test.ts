import { expect, expectAccessible, test } from './a11y';
import { leagueWithRoster, playGroupGame, sessionWithGroups, signCard } from './league-helpers';
import { shot } from './snap';

test('the session’s board shows every group in large type, follows the games as they change, and hides names on request', async ({
	page,
	context
}) => {
	test.slow();
	await leagueWithRoster(page, 'Period 3', [
		'Ana Lopez',
		'Ben Diaz',
		'Cara Kim',
		'Dan Lee',
		'Ana Ruiz',
		'Eli Moss'
	]);
	const session = await sessionWithGroups(page, '2026-01-12');
	const game = await playGroupGame(page, 1, [25, 10]);
	await signCard(page, game);

	// The board on the projector's tab, opened from the session page.
	const board = await context.newPage();
	await board.setViewportSize({ width: 1280, height: 720 });
	await board.goto(session);
	await board.getByRole('link', { name: 'Board for the projector' }).click();
	await expect(board.getByRole('heading', { level: 1 })).toHaveText(/^Period 3 · /);
	const groups = board.getByRole('list', { name: 'Groups' });
	const first = groups
		.getByRole('listitem')
		.filter({ has: board.getByRole('heading', { name: 'Group 1' }) });
	const second = groups
		.getByRole('listitem')
		.filter({ has: board.getByRole('heading', { name: 'Group 2' }) });
	await expect(first).toContainText('Signed');
	await expect(first.locator('.won')).toContainText('Won');
	await expect(first.locator('.won .total')).toHaveText('25');
	await expect(second).toContainText('Not started');
	// First names, with the last name's initial where two share one.
	await expect(board.getByText(/^Ana [LR]\.$/).first()).toBeVisible();
	await expect(board.getByText('Ben Diaz')).toHaveCount(0);
	// The day's standings: the card's two players... and the third, who scored nothing.
	const today = board.getByRole('region', { name: 'Today' }).getByRole('table');
	await expect(today.getByRole('row')).toHaveCount(4);
	await expect(today.getByRole('row').nth(1)).toContainText('1');
	await expect(today.getByRole('row').nth(1)).toContainText('25');
	await expect(board.getByRole('status')).toContainText('Live scores need the school server');
	await expectAccessible(board, 'the session board, a card signed');
	await shot(board, { path: 'screenshots/session-board-1280x720.png', fullPage: true });

	// Group 2 starts playing on the instructor's tab: the board follows without a reload.
	await page.goto(session);
	await page.getByRole('button', { name: 'Start Group 2’s game' }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	await expect(second).toContainText('Playing');
	await expect(second).toContainText('Hand 1');

	// No names: each seat is a number, and the day's table waits for names.
	await board.getByLabel('No names').check();
	await expect(groups.getByText(/Ana|Ben|Cara|Dan|Eli/)).toHaveCount(0);
	await expect(first).toContainText('Player 1');
	await expect(board.getByText('Today’s standings show with names.')).toBeVisible();
	await expectAccessible(board, 'the session board, names hidden');
	await board.setViewportSize({ width: 1920, height: 1080 });
	await shot(board, { path: 'screenshots/session-board-1920x1080.png', fullPage: true });
});
