/**
 * A class on the school's network: the instructor's laptop and two group phones use the app
 * served by the school server itself (`server/main.ts` on the built app). The instructor
 * connects the league; the phones join from the invite file; one phone plays and signs while
 * offline, then comes online; both cards reach the instructor's standings with no QR code and
 * no file, and the standings the instructor shares reach the phones the same way (and their
 * hiding once sharing is off). A phone the instructor removes stops sending.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { type Browser, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { shot } from './snap';
import { startServer, stopServer } from '../server/process';
import { playAndSign } from './card-helpers';
import { score } from './game-helpers';
import {
	connectLeague,
	downloadInvite,
	groupPlayers,
	joinWithInvite,
	leagueTab,
	leagueWithRoster,
	sessionWithGroups,
	useSchoolServer
} from './league-helpers';
import { waitForServiceWorker } from './support';

/** The first worker's server listens here, the second's on the next port. */
const FIRST_PORT = Number(process.env.E2E_SERVER_PORT ?? 8806);
const SHOTS = 'screenshots';
/**
 * How long to wait for what comes over the network: a device syncs every 3 s, and a round
 * takes seconds of its own on a loaded machine (Playwright's default 5 s ran out here under load).
 */
const SYNC = { timeout: 30_000 };

// A school server for each worker that runs a test of this file, so that its two long tests
// run side by side (one after the other, they kept one worker busy for minutes at the end of
// the run while the other had nothing left). Each test makes its own league on it.
let server: ChildProcess;
let dataDir: string;
let SERVER: string;

test.beforeAll(async () => {
	// The embedded database's first start takes seconds, more on a busy machine.
	test.setTimeout(180_000);
	const port = FIRST_PORT + test.info().parallelIndex;
	SERVER = `http://127.0.0.1:${port}`;
	dataDir = mkdtempSync(join(tmpdir(), 'muggins-e2e-server-'));
	server = await startServer(port, { DATA_DIR: dataDir, APP_DIR: 'build', LOG_LEVEL: 'warn' });
});
test.afterAll(async () => {
	if (server) await stopServer(server);
	rmSync(dataDir, { recursive: true, force: true });
});

async function device(browser: Browser, width: number, height: number): Promise<Page> {
	const context = await browser.newContext({ baseURL: SERVER, viewport: { width, height } });
	return context.newPage();
}

async function shoot(page: Page, name: string) {
	// Every state worth a picture is checked by axe too, light and dark, and at 320 px.
	await expectAccessible(page, name);
	mkdirSync(SHOTS, { recursive: true });
	for (const [label, size] of [
		['phone', { width: 390, height: 844 }],
		['laptop', { width: 1280, height: 800 }],
		['narrow', { width: 320, height: 700 }]
	] as const) {
		await page.setViewportSize(size);
		await shot(page, { path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
	}
}

/** The number of cards in the instructor's inbox, read from its list. */
function inboxEntries(page: Page) {
	return page.locator('.entries > li');
}

test('cards reach the instructor over the school server, and a removed phone stops', async ({
	browser
}) => {
	// Three devices and three signed cards, each waiting on sync rounds: a long story, not a
	// slow app (it ran past 3 minutes on a loaded machine).
	test.setTimeout(300_000);
	const laptop = await device(browser, 1280, 800);
	const league = await leagueWithRoster(laptop, 'Period 3', ['Ana', 'Ben', 'Cleo', 'Dev']);

	// The app came from the school server: Settings offers it in one tap, with no address typed.
	await useSchoolServer(laptop);
	await expect(laptop.getByLabel('Server address')).toHaveValue(SERVER);
	await shoot(laptop, 'settings-server');

	await connectLeague(laptop, league);
	await expect(laptop.getByText('No phone has joined yet')).toBeVisible();

	const invite = await downloadInvite(laptop);

	const phones: Page[] = [];
	for (const name of ['Group 1', 'Group 2']) {
		const phone = await device(browser, 390, 844);
		await joinWithInvite(phone, name, invite, league);
		await waitForServiceWorker(phone);
		phones.push(phone);
	}
	const [one, two] = phones as [Page, Page];
	await shoot(one, 'join-server');

	// Group 2 plays and signs with no network; Group 1 online.
	await two.context().setOffline(true);
	await playAndSign(two, league, 'Cleo', 'Dev');
	await playAndSign(one, league, 'Ana', 'Ben');
	await expect(one.getByText('Sent over the school’s network')).toBeVisible(SYNC);

	await laptop.goto(`${league}/inbox`);
	await expect(inboxEntries(laptop)).toHaveCount(1, SYNC);
	await two.context().setOffline(false);
	await expect(two.getByText('Sent over the school’s network')).toBeVisible(SYNC);
	await expect(inboxEntries(laptop)).toHaveCount(2, SYNC);
	// Played outside a class session: each counts once the instructor accepts it (issue 37),
	// and each names the phone it came from.
	await expect(inboxEntries(laptop).filter({ hasText: 'from Group 1' })).toHaveCount(1);
	// One after the other: a second click before the first is stored would press the same one.
	const accept = laptop.getByRole('button', { name: 'Accept this card' });
	for (const left of [1, 0]) {
		await accept.first().click();
		await expect(accept).toHaveCount(left);
	}
	// The server's answer is the card's receipt: the group's page says received, and offers no
	// codes to turn in what already arrived.
	await one.goto(league);
	await expect(one.locator('.card-list li')).toContainText(['Received']);
	await expect(one.getByRole('link', { name: /^Turn in all our cards/ })).toHaveCount(0);

	await leagueTab(laptop, 'Standings');
	const table = laptop.getByRole('table');
	await expect(table.getByRole('row', { name: /Ana/ })).toContainText('1');
	await expect(table.getByRole('row', { name: /Cleo/ })).toContainText('1');
	await shoot(laptop, 'standings-live');

	// Shared with the phones: an online phone shows them by itself, with no receipt and no code.
	const sharing = laptop
		.getByRole('group', { name: 'Group phones' })
		.getByLabel('Show the standings on the group phones');
	await sharing.check();
	await two.goto(league);
	const shared = two.getByRole('region', { name: /^Standings on / });
	await expect(shared.getByRole('row')).toHaveCount(5, SYNC);
	expect((await shared.getByRole('rowheader').allInnerTexts()).sort()).toEqual([
		'Ana',
		'Ben',
		'Cleo',
		'Dev'
	]);
	const cleo = shared
		.getByRole('row')
		.filter({ has: two.getByRole('rowheader', { name: 'Cleo', exact: true }) });
	await expect(cleo.getByRole('cell').nth(1)).toHaveText('1'); // played 1
	await shoot(two, 'server-shared-standings');
	// Turned off on the laptop: the online phone hides them, again with no code.
	await sharing.uncheck();
	await expect(shared).toHaveCount(0, SYNC);

	// The instructor removes Group 1's phone: its next card is refused, and it says so.
	await leagueTab(laptop, 'Server');
	await laptop.getByRole('button', { name: 'Remove Group 1' }).click();
	await expect(laptop.getByText('Removed')).toBeVisible();
	await shoot(laptop, 'server-phones');
	await playAndSign(one, league, 'Ben', 'Ana');
	await one.goto(league);
	await expect(one.getByRole('alert')).toContainText('removed this phone', SYNC);
	await shoot(one, 'server-removed');
	await laptop.goto(`${league}/inbox`);
	await expect(inboxEntries(laptop)).toHaveCount(2);
});

test('a phone online picks its group from the session handed out, with no code', async ({
	browser
}) => {
	test.slow();
	const laptop = await device(browser, 1280, 800);
	const league = await leagueWithRoster(laptop, 'Period 5', ['Ana', 'Ben', 'Cleo', 'Dev']);
	await laptop.goto('/settings');
	await laptop.getByLabel('Server address').fill(SERVER);
	await laptop.getByRole('button', { name: 'Check and save' }).click();
	await expect(laptop.getByText('The school server answered.')).toBeVisible();
	await connectLeague(laptop, league);
	const invite = await downloadInvite(laptop);

	const phone = await device(browser, 390, 844);
	await joinWithInvite(phone, 'Group 1', invite, league);
	await expect(phone.getByText('Scan your group’s code on the instructor’s screen')).toBeVisible();

	await laptop.goto(league);
	const session = await sessionWithGroups(laptop, '2026-02-10');
	const first = await groupPlayers(laptop, 1);
	await laptop.getByRole('link', { name: 'Hand out to the groups’ phones' }).click();
	await expect(laptop.getByRole('heading', { name: /^Groups’ codes/ })).toBeVisible();

	// The phone scans nothing: the groups arrive over the network, and the group picks its own.
	const pick = phone.getByRole('region', { name: /Which group are you/ });
	await expect(pick).toBeVisible(SYNC);
	await expect(pick).toContainText(first.join(', '));
	await shoot(phone, 'server-pick-group');
	await pick.getByRole('button', { name: 'We are Group 1' }).click();
	await phone.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	for (const name of first) {
		await expect(phone.getByRole('button', { name: `Score for ${name}` })).toBeVisible();
	}

	// The instructor's session page hears where the group stands from its phone (issue 36):
	// joined, then playing once it records a count.
	await laptop.goto(session);
	const pill = laptop.getByRole('region', { name: 'Group 1', exact: true }).locator('header .pill');
	await expect(pill).toHaveText('Joined on its phone', SYNC);
	await score(phone, first[0] as string, 10);
	await expect(pill).toHaveText('Playing on its phone', SYNC);
	await shoot(laptop, 'server-session-heard');
	// The projector board says the same, and that it is live.
	await laptop.getByRole('link', { name: 'Board for the projector' }).click();
	const tile = laptop.getByRole('listitem').filter({
		has: laptop.getByRole('heading', { name: 'Group 1', exact: true })
	});
	await expect(tile.locator('.pill').first()).toHaveText('Playing on its phone', SYNC);
	await expect(laptop.getByRole('status').filter({ hasText: 'school server' })).toContainText(
		/^Live through the school server/,
		SYNC
	);
	await expectAccessible(laptop, 'the board, live through the school server');

	await phone.goto(league);
	await expect(phone.getByRole('heading', { name: /^Group 1 · / })).toBeVisible();
});
