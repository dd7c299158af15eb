import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import {
	groupPlayers,
	leagueTab,
	leagueWithRoster,
	playGroupGame,
	sessionWithGroups,
	signCard
} from './league-helpers';

const CLASS = ['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Fay'];

/** With SNAP=1, screenshots of the page at a phone, a laptop and 320 px, to look at. */
async function snap(page: Page, name: string): Promise<void> {
	if (!process.env.SNAP) return;
	const viewport = page.viewportSize();
	for (const [width, height] of [
		[390, 844],
		[1280, 800],
		[320, 700]
	] as const) {
		await page.setViewportSize({ width, height });
		await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
	}
	if (viewport) await page.setViewportSize(viewport);
}

test('every card of a session prints in one job, one card a page, each saying where it was played', async ({
	page
}) => {
	// Two games played through, and every state checked by axe: a long test, not a slow app.
	test.slow();
	const league = await leagueWithRoster(page, 'Period 4', CLASS);
	const session = await sessionWithGroups(page, '2026-01-14');
	const [g1, g2] = [await groupPlayers(page, 1), await groupPlayers(page, 2)];
	const first = await playGroupGame(page, 1, [15, 10, 5]);
	await signCard(page, first);
	await page.goto(session);
	await playGroupGame(page, 2, [20, 5]);

	// The cards list tells the two cards of the same day apart by their group.
	await page.goto(`${league}/cards`);
	const items = page.locator('.cards > li');
	await expect(items).toHaveCount(2);
	await expect(items.getByText(/^Session 1 · Group 1 · /)).toHaveCount(1);
	await expect(items.getByText(/^Session 1 · Group 2 · /)).toHaveCount(1);
	await expectAccessible(page, 'the cards list');
	await snap(page, 'cards-list');

	await page.goto(session);
	await page.getByRole('link', { name: 'Print this session’s cards' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(
		/^Print the cards of session 1, /
	);
	const sheets = page.getByRole('list', { name: 'Score cards' }).getByRole('listitem');
	await expect(sheets).toHaveCount(2);
	for (const [i, players] of [g1, g2].entries()) {
		const sheet = sheets.nth(i);
		await expect(sheet.locator('.league')).toHaveText(
			new RegExp(`^Period 4 · Session 1 · Group ${i + 1} · `)
		);
		for (const p of players) await expect(sheet.getByRole('table')).toContainText(p);
	}
	await expect(sheets.nth(0).locator('.status')).toHaveText('Signed');
	await expect(sheets.nth(1).locator('.status')).toHaveText('Not signed');
	await expectAccessible(page, 'the session’s print page');
	await snap(page, 'print-session');

	// On paper: only the cards, each starting a new page.
	await page.emulateMedia({ media: 'print' });
	await expect(page.locator('.controls')).toBeHidden();
	await expect(page.getByRole('navigation', { name: 'League sections' })).toBeHidden();
	const breaks = await sheets.evaluateAll((els) => els.map((e) => getComputedStyle(e).breakAfter));
	expect(breaks).toEqual(['page', 'auto']);
	await page.emulateMedia({ media: 'screen' });

	// The whole term from the cards list: the same two cards.
	await page.goto(`${league}/cards`);
	await page.getByRole('link', { name: 'Print every card of the term' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print every card of the term');
	await expect(sheets).toHaveCount(2);
	await leagueTab(page, 'Cards');
	await expect(items).toHaveCount(2);
});

test('a past score is corrected with a reason: the card, its history and the standings change, and the players sign again', async ({
	page
}) => {
	test.slow();
	const league = await leagueWithRoster(page, 'Period 5', CLASS.slice(0, 3));
	await sessionWithGroups(page, '2026-01-15');
	const players = await groupPlayers(page, 1);
	const [first, second] = players as [string, string, string];
	const id = await playGroupGame(page, 1, [15, 10, 5]);
	await signCard(page, id);
	await page.goto(league);
	await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(first);

	await page.goto(`${league}/cards/${id}`);
	const form = page.getByRole('form', { name: 'Correct a score' });
	await form.getByRole('radio', { name: second }).check();
	await form.getByLabel('Points to add').fill('10');
	await expectAccessible(page, 'the correction form');
	await snap(page, 'correction-form');
	await form.getByRole('button', { name: 'Correct the score' }).click();
	await expect(form.getByRole('alert')).toHaveText('Say why the score is corrected.');
	await form.getByLabel('Reason').fill('A 10 in hand 1 was not written down');
	await form.getByRole('button', { name: 'Correct the score' }).click();

	// The card: the correction and its reason; it no longer counts until signed again.
	const corrections = page.getByRole('region', { name: 'Corrections' });
	await expect(corrections).toContainText(`${second} +10: A 10 in hand 1 was not written down`);
	await expect(page.getByText('Finished but not signed by every player')).toBeVisible();
	const totals = page.getByRole('region', { name: 'Final score' });
	await expect(totals.getByRole('listitem').filter({ hasText: second })).toContainText('20');
	await expect(totals.getByRole('listitem').filter({ hasText: second })).toContainText('Winner');
	await leagueTab(page, 'Standings');
	await expect(page.getByText('No signed cards yet')).toBeVisible();

	// The audit trail: the reopening, with the reason; the printed card's correction column.
	await page.goto(`/game/${id}/sign`);
	await expect(page.getByRole('region', { name: 'Earlier signatures' })).toContainText(
		'“Corrected: A 10 in hand 1 was not written down”'
	);
	await page.goto(`/game/${id}/print`);
	await expect(page.getByRole('columnheader', { name: 'Corr.' }).first()).toBeVisible();
	await expect(page.getByRole('list', { name: 'Corrections' })).toContainText(
		`Corr. ${second} +10: A 10 in hand 1 was not written down`
	);

	// Signed again, the corrected card counts: the second player is now first.
	await signCard(page, id);
	await page.goto(league);
	const top = page.getByRole('table').getByRole('row').nth(1);
	await expect(top).toContainText(second);
	await expect(top).toContainText('Champion');
	await expect(top).toContainText('20');
});

test('the projected standings show first names, the top places, and only students who have played', async ({
	page
}) => {
	test.slow();
	const league = await leagueWithRoster(page, 'Period 6', [
		'Ana Bell',
		'Ana Diaz',
		'Ben Cole',
		'Dev Eze',
		'Eli Fox'
	]);
	await sessionWithGroups(page, '2026-01-16');
	const played = await groupPlayers(page, 1);
	const id = await playGroupGame(page, 1, [15, 10, 5]);
	await signCard(page, id);
	await page.goto(league);
	const rows = page.getByRole('table').getByRole('row');
	await expect(rows).toHaveCount(6);

	await page.getByRole('checkbox', { name: 'Only students who have played' }).check();
	await expect(rows).toHaveCount(1 + played.length);
	await page.getByRole('checkbox', { name: 'Only students who have played' }).uncheck();
	await expect(rows).toHaveCount(6);
	// Places 1-3 are the three who played; the two others share 4th.
	await page.getByRole('radio', { name: 'Top 3' }).check();
	await expect(rows).toHaveCount(4);
	await page.getByRole('checkbox', { name: 'First names only' }).check();
	const winner = played[0]!;
	const [first, last] = winner.split(' ') as [string, string];
	await expect(rows.nth(1).getByRole('link')).toHaveText(
		first === 'Ana' ? `Ana ${last[0]}.` : first
	);
	await page.getByRole('button', { name: 'Projector view' }).click();
	await expectAccessible(page, 'the projector view with its options');
	await snap(page, 'projector-options');
});
