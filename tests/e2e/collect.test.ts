/**
 * Collect mode (issue 36, finding 4): the instructor collects a session's cards one group after
 * another on the session page. Each group's phone shows its card as one code; the
 * laptop reads it (from screenshots with jsQR, as a camera would), the group's row ticks to
 * "Received" and its receipt shows by itself, one plain code, for its phone to scan.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, expectAccessible, expectFitsNarrowScreen, test } from './a11y';
import { enterCodes, isFrame, readAllCodes } from './code-helpers';
import { score } from './game-helpers';
import { leagueWithRoster, signCard } from './league-helpers';
import { snap } from './snap';
import { waitForServiceWorker } from './support';

async function offlinePhone(browser: Browser) {
	const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
	const page = await context.newPage();
	await page.goto('/');
	await waitForServiceWorker(page);
	await context.setOffline(true);
	return page;
}

test('collect mode takes three groups’ cards one after another, a code each way', async ({
	browser
}) => {
	// Four devices, three games each signed by both players: a long story, not a slow app.
	test.setTimeout(480_000);
	const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
	const page = await laptop.newPage();
	await page.goto('/');
	await waitForServiceWorker(page);
	await laptop.setOffline(true);
	const league = await leagueWithRoster(page, 'Period 5', [
		'Ana',
		'Ben',
		'Cleo',
		'Dev',
		'Eli',
		'Fay'
	]);
	await page.getByRole('navigation', { name: 'League sections' }).getByText('More').click();
	await page.getByRole('link', { name: 'Sessions', includeHidden: true }).click();
	await page.getByLabel('Day').fill('2026-11-24');
	await page.getByRole('button', { name: 'Start the session' }).click();
	await page.getByRole('button', { name: 'Everyone' }).click();
	await page.getByLabel('How many groups').selectOption('3');
	await page.getByRole('button', { name: 'Form groups' }).click();
	const session = page.url();

	// Each group's phone joins with its group's code, plays and signs its game.
	await page.getByRole('link', { name: 'Hand out to the groups’ phones' }).click();
	const phones = [];
	for (const n of [1, 2, 3]) {
		const region = page.getByRole('region', { name: `Group ${n}`, exact: true });
		const players = (await region.locator('.names').textContent())?.split(', ') ?? [];
		const codes = await readAllCodes(page, region);
		const phone = await offlinePhone(browser);
		await phone.goto('/league/join');
		await enterCodes(phone, codes);
		await phone.waitForURL(/\/game\/[0-9a-f-]{36}$/);
		const id = phone.url().split('/').at(-1) as string;
		await score(phone, players[0] as string, 15);
		await phone.getByRole('button', { name: 'End game' }).click();
		await phone.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
		await expect(phone.getByRole('heading', { name: / wins$/ })).toBeVisible();
		await signCard(phone, id);
		await phone.goto(league);
		await phone.getByRole('link', { name: /^Turn in all our cards/ }).click();
		phones.push(phone);
	}

	await page.goto(session);
	await page.getByRole('button', { name: 'Collect the cards' }).click();
	const collect = page.getByRole('region', { name: 'Collecting the cards' });
	await expect(collect.getByText('0 of 3 groups’ cards received')).toBeVisible();
	await expect(collect.locator('.rows li')).toContainText(['Waiting', 'Waiting', 'Waiting']);
	await expectAccessible(page, 'collect mode, waiting');
	await expectFitsNarrowScreen(page, 'collect mode, waiting');

	// A card from another league's phone? Not here: every code below is a group's of this session.
	let scans = 0;
	/** Milliseconds spent reading codes and typing them in: the scanning, without the checks. */
	let scanning = 0;
	const timed = async <T>(work: () => Promise<T>): Promise<T> => {
		const start = Date.now();
		try {
			return await work();
		} finally {
			scanning += Date.now() - start;
		}
	};
	for (const [i, phone] of phones.entries()) {
		const n = i + 1;
		const card = await timed(() =>
			readAllCodes(phone, phone.getByRole('region', { name: /^1\. Show/ }))
		);
		// One still code for the group's card, and the phone says so.
		expect(card).toHaveLength(1);
		expect(isFrame(card[0] as string)).toBe(false);
		await expect(
			phone.getByText('Hold this code up to the instructor’s device.', { exact: true })
		).toBeVisible();
		scans += 1;
		await timed(() => enterCodes(page, card, collect));
		await expect(collect.getByText(`Group ${n}: 1 of 1 cards received`)).toBeVisible();
		await expect(collect.getByText(`${n} of 3 groups’ cards received`)).toBeVisible();
		await expect(collect.locator('.rows li').nth(i)).toContainText('Received');
		// The group's card below, on the same open page, follows: its scores, signed, received.
		const below = page.getByRole('region', { name: `Group ${n}`, exact: true });
		await expect(below.locator('header .pill')).toHaveText(['Signed', 'Received']);
		const receiptRegion = collect.getByRole('region', {
			name: `Receipt for Group ${n}, Tue 24 Nov 2026`
		});
		await expect(receiptRegion).toBeVisible();
		if (n === 1) {
			await expectAccessible(page, 'collect mode, a receipt shown');
			await expectFitsNarrowScreen(page, 'collect mode, a receipt shown');
			await snap(page, 'collect-receipt');
			await snap(phones[1] as Page, 'collect-card-code');
		}
		const receipt = await timed(() => readAllCodes(page, receiptRegion));
		// The receipt is one plain code, not a moving one.
		expect(receipt).toHaveLength(1);
		scans += 1;
		await timed(() => enterCodes(phone, receipt));
		await expect(phone.getByText('The instructor received 1 card.').first()).toBeVisible();
	}
	test.info().annotations.push({
		type: 'collect',
		description: `3 groups: ${scans} scans, ${(scanning / 1000).toFixed(1)} s of scanning`
	});
	expect(scans).toBe(6);
	await expect(collect.locator('.rows li')).toContainText(['Received', 'Received', 'Received']);
	await expectAccessible(page, 'collect mode, all received');

	// The inbox names each card's group and session.
	await page.getByRole('button', { name: 'Done collecting' }).click();
	await page.goto(`${league}/inbox`);
	await expect(page.locator('.entries > li .group')).toHaveCount(3);
	expect((await page.locator('.entries > li .group').allTextContents()).sort()).toEqual([
		'Group 1, Tue 24 Nov 2026',
		'Group 2, Tue 24 Nov 2026',
		'Group 3, Tue 24 Nov 2026'
	]);
	await expectAccessible(page, 'inbox with groups named');
	// And so does the card's own page.
	await page.goto(`${league}/cards`);
	await page.locator('.cards a').first().click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(
		/^Group [123], Tue 24 Nov 2026$/
	);
});
