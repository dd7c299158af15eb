/**
 * A class session end to end with no network: the instructor's laptop and two group phones,
 * each its own browser context (its own storage). The instructor forms the groups and shows
 * each group's code; each phone scans its own (read from a screenshot with jsQR, as a camera
 * would), plays, signs and turns in all its cards at once; the instructor's receipt marks them
 * received on the phones, and the standings count both games.
 */
import { mkdirSync } from 'node:fs';
import { type Browser, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { shot } from './snap';
import { enterCodes, readAllCodes } from './code-helpers';
import { score, startGame } from './game-helpers';
import { leagueTab, leagueWithRoster, sessionWithGroups, signCard } from './league-helpers';
import { waitForServiceWorker } from './support';

const SHOTS = 'screenshots';

async function offlineDevice(browser: Browser, width = 390, height = 844) {
	const context = await browser.newContext({ viewport: { width, height } });
	const page = await context.newPage();
	await page.goto('/');
	await waitForServiceWorker(page);
	await context.setOffline(true);
	return { context, page };
}

async function shoot(page: Page, name: string) {
	// Every state worth a picture is checked by axe too, light and dark, and at 320 px.
	await expectAccessible(page, name);
	for (const [w, h] of [
		[390, 844],
		[320, 700],
		[1280, 800]
	] as const) {
		await page.setViewportSize({ width: w, height: h });
		await shot(page, { path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
	}
	await page.setViewportSize({ width: 390, height: 844 });
}

/** On a group phone: plays its group's open game (the first player scores 15), ends, signs. */
async function playOurGame(phone: Page, players: string[]): Promise<string> {
	await expect(phone.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
	const id = phone.url().split('/').at(-1) as string;
	await score(phone, players[0] as string, 15);
	await phone.getByRole('button', { name: 'End game' }).click();
	await phone.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
	await expect(phone.getByRole('heading', { name: `${players[0]} wins` })).toBeVisible();
	await signCard(phone, id);
	return id;
}

test('a session runs end to end offline: group codes, all cards at once, receipts, standings', async ({
	browser
}) => {
	// Three devices, two games each signed by every player: a long story, not a slow app. On
	// 2 cores shared with other work it ran out of 5 minutes at its very last check.
	test.setTimeout(600_000);
	mkdirSync(SHOTS, { recursive: true });
	const laptop = await offlineDevice(browser, 1280, 800);
	const page = laptop.page;
	const league = await leagueWithRoster(page, 'Period 4', [
		'Ana',
		'Ben',
		'Cleo',
		'Dev',
		'Eli',
		'Fay'
	]);
	await expect(page.getByRole('region', { name: 'Device role' })).toContainText('Instructor');
	await sessionWithGroups(page, '2026-02-10');
	await page.getByRole('link', { name: 'Hand out to the groups’ phones' }).click();
	await expect(page.getByRole('heading', { name: /^Groups’ codes/ })).toBeVisible();
	await shoot(page, 'group-codes');

	const phones = [];
	for (const n of [1, 2]) {
		const region = page.getByRole('region', { name: `Group ${n}`, exact: true });
		const players = (await region.locator('.names').textContent())?.split(', ') ?? [];
		const codes = await readAllCodes(page, region);
		const phone = await offlineDevice(browser);
		await phone.page.goto('/league/join');
		await enterCodes(phone.page, codes);
		await phone.page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
		phones.push({ ...phone, players });
	}

	// The session view says no more than it knows: it waits for both groups' cards.
	await page.getByRole('link', { name: 'Back to the session' }).click();
	for (const n of [1, 2]) {
		await expect(page.getByRole('region', { name: `Group ${n}`, exact: true })).toContainText(
			'Waiting for its card'
		);
	}

	for (const [i, phone] of phones.entries()) {
		const p = phone.page;
		const gameId = await playOurGame(p, phone.players);
		let cards = 1;
		if (i === 1) {
			// A game played from Home, signed as a quick game, then counted for the league.
			const [a, b] = phone.players as [string, string];
			const home = await startGame(p, [a, b]);
			await score(p, b, 10);
			await p.getByRole('button', { name: 'End game' }).click();
			await p.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
			await expect(p.getByRole('heading', { name: `${b} wins` })).toBeVisible();
			await p.goto(`/game/${home}/sign`);
			await expect(p.getByRole('note')).toHaveText(
				'A quick game: it will not count for any league unless it is counted for one.'
			);
			await signCard(p, home);
			const attach = p.getByRole('region', { name: 'Count it for a league' });
			await attach.getByLabel('League').selectOption({ label: 'Period 4' });
			await attach.getByRole('button', { name: 'Count it and sign again' }).click();
			await expect(attach).toHaveCount(0);
			await signCard(p, home);
			cards = 2;
		}
		// The leagues list counts what the phone holds, never a class count of its own that
		// would contradict the instructor's.
		await p.goto('/league');
		const item = p.getByRole('listitem').filter({ hasText: 'Period 4' });
		await expect(item).toContainText(`${cards} game${cards === 1 ? '' : 's'} on this phone`);
		await expect(item).not.toContainText('student');

		// The group's page: no instructor tool, not even a link; its card waits to be turned in.
		await p.goto(league);
		await expect(p.getByRole('heading', { name: 'Our group' })).toBeVisible();
		await expect(p.getByRole('region', { name: 'Device role' })).toContainText('Group phone');
		await expect(p.getByRole('navigation', { name: 'League sections' })).toHaveCount(0);
		for (const tool of ['Sessions', 'Roster', 'Invite', 'Files', 'Edit', 'Inbox', 'New league']) {
			await expect(p.getByRole('link', { name: tool, exact: true })).toHaveCount(0);
		}
		await expect(p.locator('.card-list')).toContainText('Signed, not turned in');
		if (i === 0) await shoot(p, 'group-home');

		// All its cards at once, read by the instructor's inbox.
		await p.getByRole('link', { name: /^Turn in all our cards/ }).click();
		const show = p.getByRole('region', { name: /^1\. Show/ });
		const bundle = await readAllCodes(p, show);
		// A group's card of a class game is one still code (`transfer/dense.ts`): one scan.
		expect(bundle).toHaveLength(1);
		await expect(show.getByRole('button', { name: 'Play' })).toHaveCount(0);
		if (i === 0) await shoot(p, 'turn-in-all');
		await p.getByRole('button', { name: 'We showed the code' }).click();
		await leagueTab(page, 'Inbox');
		await enterCodes(page, bundle);
		await expect(page.getByText(`${cards} of ${cards} cards received`)).toBeVisible();

		// Shown is not received: only the receipt turns the card in.
		await p.goto(league);
		await expect(p.locator('.card-list')).toContainText('Shown, not yet confirmed');
		const receipt = await readAllCodes(page, page.getByRole('region', { name: /^Receipt for/ }));
		await p.getByRole('link', { name: /^Turn in all our cards/ }).click();
		await enterCodes(p, receipt);
		const said = cards === 1 ? '1 card' : `${cards} cards`;
		await expect(p.getByText(`The instructor received ${said}.`).first()).toBeVisible();
		await p.goto(league);
		await expect(p.locator('.card-list li')).toContainText(Array(cards).fill('Received'));
		await expect(p.getByRole('link', { name: /^Turn in all our cards/ })).toHaveCount(0);
		expect(gameId).toMatch(/^[0-9a-f-]{36}$/);
	}

	// Another game by hand: the phone offers its own group's names first.
	const phone = phones[0]!.page;
	await phone.goto(league);
	await phone.getByRole('link', { name: 'Start another game' }).click();
	const known = phone.getByRole('group', { name: 'The class' });
	await expect(known.locator('.section').first()).toHaveText(/^Group \d \(ours\)$/);
	for (const name of phones[0]!.players) {
		await expect(known.getByRole('button', { name: `Seat ${name}` })).toBeVisible();
	}

	// The phones' routes refuse the instructor's tools.
	for (const section of ['sessions', 'roster', 'invite', 'files', 'edit', 'inbox', 'cards']) {
		await phone.goto(`${league}/${section}`);
		await expect(phone.getByRole('heading', { name: 'This is a group’s phone' })).toBeVisible();
		await expect(phone.getByRole('navigation', { name: 'League sections' })).toHaveCount(0);
	}
	await phone.goto('/league/new');
	await expect(phone.getByRole('heading', { name: 'This is a group’s phone' })).toBeVisible();
	await expect(phone.getByLabel('League name')).toHaveCount(0);
	await phone.goto('/settings');
	// No backup or restore; the PIN is offered only as the way back to the instructor's role.
	await expect(phone.getByRole('heading', { name: 'Backup and restore' })).toHaveCount(0);
	await expect(phone.getByRole('heading', { name: 'Instructor PIN' })).toHaveCount(1);
	await expect(
		phone
			.getByRole('region', { name: 'This device' })
			.getByRole('heading', { name: 'Instructor PIN' })
	).toHaveCount(1);

	// Back on the laptop: both groups received, both games in the standings.
	await page.goto(league);
	await leagueTab(page, 'Sessions');
	await page.getByRole('link', { name: /10/ }).first().click();
	for (const n of [1, 2]) {
		await expect(page.getByRole('region', { name: `Group ${n}`, exact: true })).toContainText(
			'Received'
		);
	}
	await shoot(page, 'session-live');
	await leagueTab(page, 'Standings');
	const table = page.getByRole('table');
	for (const { players } of phones) {
		await expect(table.getByRole('row', { name: new RegExp(players[0] as string) })).toContainText(
			'1'
		);
	}
	for (const p of [laptop, ...phones]) await p.context.close();
});
