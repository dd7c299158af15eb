/**
 * Standings shared with the group phones, offline: the instructor turns sharing on; the phone
 * gets them with its group's code and, updated, with the receipt for its card; it shows them
 * read-only (first names, no link to a student or a card). Turned off, the phone hides them
 * at the next message from the instructor.
 */
import { type Browser, type Locator, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { snap } from './snap';
import { lineCounts } from './text-lines';
import { enterCodes, readAllCodes } from './code-helpers';
import { score } from './game-helpers';
import { leagueTab, leagueWithRoster, sessionWithGroups, signCard } from './league-helpers';
import { waitForServiceWorker } from './support';

/** The class, and each student as the phones show them: first names, "Ana L." where two share one. */
const SHORT: Record<string, string> = {
	'Ana Lopez': 'Ana L.',
	'Ana Berg': 'Ana B.',
	'Ben Ortiz': 'Ben',
	'Cleo Diaz': 'Cleo'
};

async function offlineDevice(browser: Browser, width = 390, height = 844) {
	const context = await browser.newContext({ viewport: { width, height } });
	const page = await context.newPage();
	await page.goto('/');
	await waitForServiceWorker(page);
	await context.setOffline(true);
	return { context, page };
}

/** The phone's read-only standings, by their heading "Standings on <day>". */
function sharedOn(phone: Page): Locator {
	return phone.getByRole('region', { name: /^Standings on / });
}

/** The codes of group 1 of the session on screen, on the instructor's codes page. */
async function groupOneCodes(page: Page): Promise<string[]> {
	await page.getByRole('link', { name: 'Hand out to the groups’ phones' }).click();
	const region = page.getByRole('region', { name: 'Group 1', exact: true });
	return readAllCodes(page, region);
}

test('the instructor shares the standings: the phone shows them read-only, and hides them once sharing stops', async ({
	browser
}) => {
	// Two devices and a signed card: a long story, not a slow app. Signed group codes with the
	// standings are moving codes now (issue 37: 723 bytes against one code's 600), read picture
	// by picture. Alone it takes about a minute; beside another story on two cores it took 4.2
	// minutes in one clean-clone CI run and ran out of 8 in another (passing on its retry).
	test.setTimeout(720_000);
	const laptop = await offlineDevice(browser, 1280, 800);
	const page = laptop.page;
	const league = await leagueWithRoster(page, 'Period 6', Object.keys(SHORT));

	// Sharing is off until the instructor turns it on, on the standings page.
	await leagueTab(page, 'Standings');
	const share = page.getByRole('group', { name: 'Group phones' });
	const on = share.getByLabel('Show the standings on the group phones');
	await expect(on).not.toBeChecked();
	await on.check();
	await expect(share.getByLabel('First names only on the phones')).toBeChecked();
	await expectAccessible(page, 'standings, shared with the phones');
	await snap(page, 'standings-share-switch');

	await sessionWithGroups(page, '2026-02-12');
	const codes = await groupOneCodes(page);
	const carried = page.getByText('The codes also bring the phones today’s standings, read-only.');
	await expect(carried).toBeVisible();
	const players =
		(
			await page
				.getByRole('region', { name: 'Group 1', exact: true })
				.locator('.names')
				.textContent()
		)?.split(', ') ?? [];

	// The group's code brings the standings: every student, first names, nothing played yet.
	const phone = await offlineDevice(browser);
	const p = phone.page;
	await p.goto('/league/join');
	await enterCodes(p, codes);
	await p.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	const gameId = p.url().split('/').at(-1) as string;
	await p.goto(league);
	const shared = sharedOn(p);
	await expect(shared.getByRole('row')).toHaveCount(5);
	expect((await shared.getByRole('rowheader').allInnerTexts()).sort()).toEqual(
		Object.values(SHORT).sort()
	);
	// Read-only: no link and no button in it, and still no instructor tool on the phone.
	await expect(shared.getByRole('link')).toHaveCount(0);
	await expect(shared.getByRole('button')).toHaveCount(0);
	await expect(p.getByRole('navigation', { name: 'League sections' })).toHaveCount(0);
	await expectAccessible(p, 'group phone, shared standings');
	await snap(p, 'phone-shared-standings');
	// At 320 px each name and heading keeps one line: the "Name" heading and "Ana B." broke
	// letter by letter before. The place is headed "#", and still read as "Place".
	await p.setViewportSize({ width: 320, height: 700 });
	expect(await lineCounts(shared.getByRole('rowheader'))).toEqual([1, 1, 1, 1]);
	for (const name of ['Name', 'Played', 'Won', 'Points'])
		expect(await lineCounts(shared.getByRole('columnheader', { name, exact: true }))).toEqual([1]);
	await expect(shared.getByRole('columnheader', { name: 'Place', exact: true })).toHaveCount(1);
	await expectAccessible(p, 'group phone, shared standings at 320 px');
	await p.setViewportSize({ width: 390, height: 844 });

	// The group plays and signs; the receipt for its card brings the standings with it counted.
	await p.goto(`/game/${gameId}`);
	await expect(p.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
	const winner = players[0] as string;
	await score(p, winner, 15);
	await p.getByRole('button', { name: 'End game' }).click();
	await p.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
	await expect(p.getByRole('heading', { name: `${winner} wins` })).toBeVisible();
	await signCard(p, gameId);
	await p.goto(league);
	await p.getByRole('link', { name: /^Turn in all our cards/ }).click();
	const bundle = await readAllCodes(p, p.getByRole('region', { name: /^1\. Show/ }));
	await page.goto(league);
	await leagueTab(page, 'Inbox');
	await enterCodes(page, bundle);
	await expect(page.getByText('1 of 1 cards received')).toBeVisible();
	const receiptPanel = page.getByRole('region', { name: /^Receipt for/ });
	await expect(receiptPanel).toContainText('with the standings as they are now');
	const receipt = await readAllCodes(page, receiptPanel);
	await enterCodes(p, receipt);
	await expect(p.getByText('The instructor received 1 card.').first()).toBeVisible();
	await p.goto(league);
	const winnerRow = sharedOn(p)
		.getByRole('row')
		.filter({ has: p.getByRole('rowheader', { name: SHORT[winner], exact: true }) });
	// Place 1, played 1, won 1, 15 points: the figures of the instructor's table.
	await expect(winnerRow.getByRole('cell')).toHaveText(['1', '1', '1', '15']);

	// Sharing off: the phone hides them at the next message from the instructor (here the
	// next class's group code).
	await page.goto(league);
	await page
		.getByRole('group', { name: 'Group phones' })
		.getByLabel('Show the standings on the group phones')
		.uncheck();
	await expect(
		page.getByText('The phones hide the standings at their next receipt or group code.')
	).toBeVisible();
	await sessionWithGroups(page, '2026-02-19');
	const again = await groupOneCodes(page);
	await expect(carried).toHaveCount(0);
	await p.goto('/league/join');
	await enterCodes(p, again);
	await p.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	await p.goto(league);
	await expect(p.getByRole('heading', { name: 'Our group' })).toBeVisible();
	await expect(sharedOn(p)).toHaveCount(0);
	await expectAccessible(p, 'group phone, standings no longer shared');
	for (const d of [laptop, phone]) await d.context.close();
});
