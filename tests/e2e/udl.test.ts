import { type Page } from '@playwright/test';
import { expect, test } from './a11y';
import { replay } from '../../src/lib/rules/game';
import { readStoredGame } from './stored-game';
import { measure } from './support';
import { shownTotals } from './game-helpers';

/** Starts a 2-player UDL game from New game and gives its id. */
async function startUdlGame(page: Page, players: [string, string] = ['Ana', 'Ben']) {
	await page.goto('/game/new?ruleset=udl');
	for (const name of players) {
		await page.locator('#new-player').fill(name);
		await page.keyboard.press('Enter');
	}
	await page.getByRole('button', { name: /start/i }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	await expect(page.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
	return page.url().split('/').at(-1) as string;
}

async function score(page: Page, player: string, count: number) {
	await page.getByRole('button', { name: `Score for ${player}` }).click();
	await page
		.getByRole('dialog')
		.getByRole('button', { name: String(count), exact: true })
		.click();
	await expect(statusLine(page)).toContainText(`Recorded: ${player} ${count}`);
}

/** The scorecard's status line ("Recorded: …"), apart from the clocks' own notes. */
const statusLine = (page: Page) => page.locator('div.status');
const gameClock = (page: Page) => page.getByRole('timer', { name: 'Game clock' });
const matchClock = (page: Page) => page.getByRole('timer', { name: 'Match' });

/**
 * Starts the game clock and waits until the start is stored (the button turns to Pause), so
 * that moving the fake clock on counts against the game.
 */
async function startClock(page: Page) {
	await page.getByRole('button', { name: 'Start clock' }).click();
	await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
}

/** Totals on the scoreboard, by name. */
test('a UDL game runs out its 15 minutes, goes to overtime and ends on the next score', async ({
	page,
	context
}) => {
	// The installed clock still runs at real speed: on a loaded machine seconds pass between
	// steps, so the readings below allow a few seconds past the expected minute.
	await page.clock.install();
	const id = await startUdlGame(page);
	await expect(gameClock(page)).toHaveText('15:00');
	await expect(matchClock(page)).toHaveText('45:00');
	await expect(page.getByText('Who leads: The highest double leads')).toBeVisible();
	await score(page, 'Ana', 10);
	await score(page, 'Ben', 10);

	await startClock(page);
	await page.clock.fastForward('05:00');
	await expect(gameClock(page)).toHaveText(/^(10:00|9:5\d)$/);

	// Paused, the clock survives a reload and stands still however long the break.
	await page.getByRole('button', { name: 'Pause' }).click();
	await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
	const paused = await gameClock(page).textContent();
	await page.reload();
	await expect(gameClock(page)).toHaveText(paused ?? '');
	await page.clock.fastForward('03:00');
	await expect(gameClock(page)).toHaveText(paused ?? '');
	await expect(matchClock(page)).toHaveText(/^(40:00|39:5\d)$/);

	// Another tab reads the same clock from the same stored times.
	await page.getByRole('button', { name: 'Resume' }).click();
	await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
	const other = await context.newPage();
	await other.goto(`/game/${id}`);
	await page.clock.fastForward('02:00');
	await expect(gameClock(other)).toHaveText(/^(8:00|7:5\d)$/);
	await expect(gameClock(page)).toHaveText(/^(8:00|7:5\d)$/);

	// Both tabs reach zero; time-up is recorded once, and the tie goes to overtime.
	await page.clock.fastForward('08:01');
	await expect(gameClock(page)).toHaveText('0:00');
	await expect(page.getByText('Overtime: the next score wins the game.')).toBeVisible();
	await expect(other.getByText('Overtime: the next score wins the game.')).toBeVisible();
	const stored = await readStoredGame(page, id);
	expect(stored.events.filter((e) => e.type === 'time-up')).toHaveLength(1);
	await other.close();

	await score(page, 'Ben', 5);
	await expect(page.getByRole('heading', { name: 'Ben wins' })).toBeVisible();
	await expect(page.getByText('First score in overtime')).toBeVisible();
	const final = await readStoredGame(page, id);
	expect(replay(final.setup, final.events)).toMatchObject({ over: true, endCause: 'overtime' });
});

test('a best-of-3 match is played game after game until its winner', async ({ page }) => {
	await page.clock.install();
	await startUdlGame(page);

	// Game 1: Ana leads when time runs out.
	await expect(page.getByText('Game 1 of 3 · Ana 0 – 0 Ben')).toBeVisible();
	await startClock(page);
	await score(page, 'Ana', 10);
	await page.clock.fastForward('15:01');
	await expect(page.getByRole('heading', { name: 'Ana wins' })).toBeVisible();
	await expect(page.getByText('Time ran out')).toBeVisible();

	// Game 2 starts with one tap, its clock at 15:00 while the match clock runs on.
	await page.getByRole('button', { name: 'Start game 2' }).click();
	await expect(page.getByText('Game 2 of 3 · Ana 1 – 0 Ben')).toBeVisible();
	await expect(gameClock(page)).toHaveText('15:00');
	await expect(page.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
	await startClock(page);
	await score(page, 'Ben', 5);
	await page.clock.fastForward('15:01');
	await expect(page.getByRole('heading', { name: 'Ben wins' })).toBeVisible();

	// Game 3: Ana reaches 150 and takes the match.
	await page.getByRole('button', { name: 'Start game 3' }).click();
	await expect(page.getByText('Game 3 of 3 · Ana 1 – 1 Ben')).toBeVisible();
	await startClock(page);
	for (let i = 0; i < 5; i++) await score(page, 'Ana', 30);
	await expect(page.getByRole('heading', { name: 'Ana wins' })).toBeVisible();
	await expect(page.getByText('Ana wins the match 2–1.')).toBeVisible();
	await expect(page.getByRole('button', { name: /Start game/ })).toHaveCount(0);
	await expect(page.getByRole('link', { name: 'New game' })).toBeVisible();

	// The match card: each game's final score, and the games won.
	await page.getByRole('radio', { name: 'Card' }).check();
	const card = page.getByRole('table', { name: 'Final score of each game of the match' });
	const rows = card.locator('tbody tr');
	await expect(rows).toHaveCount(3);
	await expect(rows.nth(0)).toContainText('won by Ana (time up)');
	await expect(rows.nth(0).locator('td')).toHaveText(['10', '0']);
	await expect(rows.nth(1).locator('td')).toHaveText(['0', '5']);
	await expect(rows.nth(2).locator('td')).toHaveText(['150', '0']);
	await expect(card.locator('tfoot td')).toHaveText(['2', '1']);
});

test('the chips view shows the totals as chips passed to the scorer', async ({ page }) => {
	await startUdlGame(page);
	await score(page, 'Ana', 25);
	await score(page, 'Ben', 10);
	await score(page, 'Ana', 15);
	// The status line can be told before the live query redraws the board: wait for it.
	await expect.poll(() => shownTotals(page)).toEqual({ Ana: 40, Ben: 10 });
	const totals = await shownTotals(page);

	await page.getByRole('radio', { name: 'Chips' }).check();
	const players = page.locator('.chips > li');
	const pairs: [string, string][] = [
		['Ana', 'Ben'],
		['Ben', 'Ana']
	];
	for (const [i, [name, other]] of pairs.entries()) {
		const player = players.nth(i);
		const won = (totals[name] ?? 0) / 5;
		await expect(player).toContainText(`Won from ${other}: ${won} ${won === 1 ? 'chip' : 'chips'}`);
		await expect(player).toContainText(`Own chips left: ${30 - (totals[other] ?? 0) / 5} of 30`);
		await expect(player.locator('.points')).toHaveText(`${totals[name]} points`);
	}

	// Scoring from the chips view passes two more of Ben's chips to Ana.
	await score(page, 'Ana', 10);
	await expect(players.nth(0)).toContainText('Won from Ben: 10 chips');
	await expect(players.nth(1)).toContainText('Own chips left: 20 of 30');
	await page.getByRole('radio', { name: 'Score' }).check();
	await expect.poll(() => shownTotals(page)).toEqual({ Ana: 50, Ben: 10 });
});

test('the play timer counts 10 seconds, buzzes, and the slow plays escalate', async ({ page }) => {
	await page.addInitScript(() => {
		(window as unknown as { buzzes: number }).buzzes = 0;
		navigator.vibrate = () => {
			(window as unknown as { buzzes: number }).buzzes += 1;
			return true;
		};
	});
	await page.clock.install();
	await startUdlGame(page);
	const timer = page.getByRole('timer', { name: 'Play timer' });
	await expect(page.getByRole('button', { name: 'Next play' })).toHaveAttribute(
		'aria-disabled',
		'true'
	);
	await startClock(page);
	// Each tap is stored before time moves on, as a referee's taps are seconds apart.
	await page.getByRole('button', { name: 'Next play' }).click();
	await expect(timer).toHaveText('10s');
	await page.clock.fastForward(4000);
	await expect(timer).toHaveText(/^(6|5)s$/);

	// A drawing player is not timed until they have a play.
	await page.getByRole('button', { name: 'Drawing' }).click();
	await expect(page.getByText('Drawing from the boneyard.')).toBeVisible();
	await page.clock.fastForward(30_000);
	await expect(page.getByText('Drawing from the boneyard.')).toBeVisible();
	await page.getByRole('button', { name: 'Has a play' }).click();
	await expect(timer).toHaveText('10s');

	// Over time: the phone buzzes once.
	await page.clock.fastForward(10_500);
	await expect(page.getByText('Time! Over the limit')).toBeVisible();
	await expect
		.poll(() => page.evaluate(() => (window as never as { buzzes: number }).buzzes))
		.toBe(1);

	// A score restarts the timer: back from 0s to 10s, read after the pad's taps, which take a
	// few real seconds on a loaded machine (the installed clock keeps running meanwhile).
	await score(page, 'Ana', 10);
	await expect(timer).toHaveText(/^(10|9|8|7)s$/);

	// First slow play: a warning; the second disqualifies.
	const escalation: [string, string][] = [
		['First slow play for Ben: a warning.', 'Give the warning'],
		[
			'Second slow play for Ben: Ben is disqualified. Ana wins the game and the match.',
			'End the game'
		]
	];
	for (const [consequence, confirm] of escalation) {
		await page.getByRole('button', { name: 'Slow play' }).click();
		const sheet = page.getByRole('dialog', { name: 'Slow play' });
		await sheet.getByLabel(/^Ben/).check();
		await expect(sheet.getByText(consequence)).toBeVisible();
		await sheet.getByRole('button', { name: confirm }).click();
		await expect(statusLine(page)).toContainText('Recorded: Penalty: Ben, slow play');
	}
	await expect(page.getByRole('heading', { name: 'Ana wins' })).toBeVisible();
	await expect(page.getByText('A player was disqualified')).toBeVisible();
	await expect(page.getByText('Ana wins the match: Ben was disqualified.')).toBeVisible();
});

test('infractions are confirmed with their consequence, and a hand records its spinner', async ({
	page
}) => {
	await startUdlGame(page);
	await score(page, 'Ana', 10);

	// The spinner of the hand goes on the card.
	await page.getByRole('button', { name: 'End hand' }).click();
	const hand = page.getByRole('dialog');
	await hand.getByLabel('Ana went out').check();
	await hand.getByRole('group', { name: 'Ben' }).getByLabel('Pips').fill('12');
	await hand.getByRole('group', { name: 'Spinner of this hand' }).getByLabel('5-5').check();
	await hand.getByRole('button', { name: 'Confirm end of hand' }).click();
	await expect(page.getByRole('heading', { name: 'Hand 2' })).toBeVisible();
	await page.getByRole('radio', { name: 'Card' }).check();
	await expect(page.getByRole('table').first()).toContainText('spinner 5-5');
	await page.getByRole('radio', { name: 'Score' }).check();

	// "Drew while holding a play" is confirmed first; cancelling records nothing.
	await page.getByRole('button', { name: 'Drew while holding a play' }).click();
	let sheet = page.getByRole('dialog', { name: 'Drew while holding a play' });
	await sheet.getByLabel('Ana').check();
	await expect(sheet.getByText('Drawing while holding a play disqualifies Ana.')).toBeVisible();
	await sheet.getByRole('button', { name: 'Cancel' }).click();
	await expect(page.getByRole('heading', { name: 'Hand 2' })).toBeVisible();

	// A bogus play ends the game; the offender loses.
	await page.getByRole('button', { name: 'Bogus play' }).click();
	sheet = page.getByRole('dialog', { name: 'Bogus play' });
	await sheet.getByLabel('Ana').check();
	await expect(
		sheet.getByText('A bogus play ends the game and Ana loses it: Ben wins the game.')
	).toBeVisible();
	await sheet.getByRole('button', { name: 'End the game' }).click();
	await expect(page.getByRole('heading', { name: 'Ben wins' })).toBeVisible();
	await expect(page.getByText('A bogus play ended the game')).toBeVisible();
	// A bogus play costs the game, not the match.
	await expect(page.getByRole('button', { name: 'Start game 2' })).toBeVisible();
});

test('every UDL control and choice is a 48px tap target', async ({ page }) => {
	await startUdlGame(page);
	await startClock(page);
	await page.getByRole('button', { name: 'Next play' }).click();
	const controls = '.clocks button, section.play button, .infractions button, .chips button';
	await page.getByRole('radio', { name: 'Chips' }).check();
	await expect(page.locator('.chips button').first()).toBeVisible();
	const shown = [...(await measure(page, controls))];
	await page.getByRole('radio', { name: 'Score' }).check();
	shown.push(...(await measure(page, controls)));
	await page.getByRole('button', { name: 'End hand' }).click();
	await expect(page.getByRole('dialog').getByText('How did the hand end?')).toBeVisible();
	shown.push(...(await measure(page, 'dialog .choice')));
	expect(shown.filter((t) => /^label "\d-\d"$/.test(t.name))).toHaveLength(7);
	expect(shown.length).toBeGreaterThan(12);
	for (const target of shown) {
		expect(target.height, target.name).toBeGreaterThanOrEqual(48);
		expect(target.width, target.name).toBeGreaterThanOrEqual(48);
	}
});

test('a classroom game shows none of the tournament parts', async ({ page }) => {
	await page.goto('/game/new');
	for (const name of ['Ana', 'Ben', 'Cara']) {
		await page.locator('#new-player').fill(name);
		await page.keyboard.press('Enter');
	}
	await page.getByRole('button', { name: /start/i }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	await expect(page.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
	await expect(page.getByRole('timer')).toHaveCount(0);
	await expect(page.getByRole('radio', { name: 'Chips' })).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'Slow play' })).toHaveCount(0);
	await page.getByRole('button', { name: 'End hand' }).click();
	await expect(page.getByRole('group', { name: 'Spinner of this hand' })).toHaveCount(0);
});
