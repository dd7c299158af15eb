import { type Page } from '@playwright/test';
import { expect, test } from './a11y';
import { measure } from './support';

/** Types `names` into the new player field, each followed by Enter. */
async function addPlayers(page: Page, names: readonly string[]) {
	const field = page.getByLabel('Player’s name');
	for (const name of names) {
		await field.fill(name);
		await field.press('Enter');
	}
}

test('starts a 3-player classroom game and lists it on Home to resume', async ({ page }) => {
	await page.goto('/game/new');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('New game');
	await expect(page.getByText('Classroom Muggins', { exact: true })).toBeVisible();

	await addPlayers(page, ['Ana', 'Ben', 'Cara']);
	const seats = page.getByRole('list', { name: /^Seats/ }).getByRole('listitem');
	await expect(seats).toHaveText([/Seat 1:\s*Ana/, /Seat 2:\s*Ben/, /Seat 3:\s*Cara/]);

	await page.getByRole('button', { name: 'Move Cara up' }).click();
	await expect(seats).toHaveText([/Seat 1:\s*Ana/, /Seat 2:\s*Cara/, /Seat 3:\s*Ben/]);
	// The focus stays on the arrow that was pressed, so it can be pressed again.
	await expect(page.getByRole('button', { name: 'Move Cara up' })).toBeFocused();

	const card = page.getByRole('region', { name: 'At the table' });
	await expect(card).toContainText('Each player draws 5 dominoes');
	await expect(card).toContainText('the other 13 stay face down as the boneyard');
	await expect(card).toContainText('Ana, Cara and Ben');

	const start = page.getByRole('button', { name: 'Start game' });
	await expect(start).toBeEnabled();
	await start.click();
	await page.waitForURL(/\/game\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
	const id = new URL(page.url()).pathname.split('/').at(-1);

	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
	const inProgress = page.getByRole('region', { name: 'Games in progress' });
	const game = inProgress.getByRole('link', { name: /Classroom Muggins/ });
	await expect(game).toHaveCount(1);
	await expect(game).toContainText('Ana');
	await expect(game).toContainText('Cara');
	await expect(game).toContainText('Ben');
	await expect(game).toContainText('Hand 1');
	await expect(game).toHaveAttribute('href', `/game/${id}`);
	await expect(page.getByRole('link', { name: 'New game' })).toBeVisible();

	// The names are remembered: the next game offers them as one-tap chips.
	await page.getByRole('link', { name: 'New game' }).click();
	await page.getByRole('button', { name: 'Seat Ana' }).click();
	await expect(page.getByRole('list', { name: /^Seats/ }).getByRole('listitem')).toHaveText([
		/Seat 1:\s*Ana/
	]);
	await expect(page.getByRole('button', { name: 'Seat Ana' })).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'Seat Cara' })).toBeVisible();
});

test('a UDL game cannot start with 3 players, and says why', async ({ page }) => {
	await page.goto('/game/new?ruleset=udl');
	await expect(page.getByText('UDL tournament', { exact: true })).toBeVisible();
	await addPlayers(page, ['Dev', 'Eli', 'Fay']);

	const start = page.getByRole('button', { name: 'Start game' });
	await expect(start).toBeDisabled();
	await expect(page.locator('#start-why')).toHaveText('UDL tournament is played by 2 players.');

	await page.getByRole('button', { name: 'Remove Fay' }).click();
	await expect(start).toBeEnabled();
	await expect(page.locator('#start-why')).toHaveText('');
});

test('teams are offered for 4 players under a ruleset that has them', async ({ page }) => {
	await page.goto('/game/new?ruleset=edge-muggins');
	await addPlayers(page, ['Ana', 'Ben', 'Cara']);
	const teams = page.getByRole('checkbox', { name: /Play in teams/ });
	await expect(teams).toHaveCount(0);

	await addPlayers(page, ['Dev']);
	await teams.check();
	await expect(page.getByRole('region', { name: 'At the table' })).toContainText(
		'Partners sit across: Ana and Cara against Ben and Dev.'
	);
	await page.getByRole('button', { name: 'Start game' }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
});

test('a name typed twice is refused and kept for correcting', async ({ page }) => {
	await page.goto('/game/new');
	await addPlayers(page, ['Ana', 'ana ']);
	await expect(page.getByText('ana is already at the table.')).toBeVisible();
	await expect(page.getByLabel('Player’s name')).toHaveValue('ana ');
});

test('every control of the form is at least 48px tall and wide', async ({ page }) => {
	await page.goto('/game/new?ruleset=edge-muggins');
	await addPlayers(page, ['Ana', 'Ben', 'Cara', 'Dev']);
	await page.getByText('Change').click();
	const targets = await measure(
		page,
		'main button, main a, main summary, main .choice, main label:has(input), main input[type=text]'
	);
	expect(targets.length).toBeGreaterThan(10);
	for (const t of targets) {
		expect(t.height, t.name).toBeGreaterThanOrEqual(48);
		expect(t.width, t.name).toBeGreaterThanOrEqual(48);
	}
});
