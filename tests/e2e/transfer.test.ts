/**
 * Cards travel between devices with no server: the instructor's invite, joined on a group's
 * phone (a second browser context), a card played and signed there, turned in by QR codes
 * and by file, and counted on the instructor's device. The codes are read from screenshots
 * with jsQR in Node, as a camera would read the screen.
 */
import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './a11y';
import { shot } from './snap';
import { playAndSign } from './card-helpers';
import { enterCodes, isFrame, readAllCodes } from './code-helpers';
import { CLASS_OF_34, leagueTab, leagueWithRoster } from './league-helpers';

const SHOTS = 'screenshots';

async function shoot(page: Page, name: string) {
	for (const scheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme: scheme });
		await shot(page, { path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
	}
	await page.emulateMedia({ colorScheme: 'light' });
}

test('an invite joins a phone, whose signed cards turned in by QR and by file count', async ({
	browser,
	page
}) => {
	test.slow();
	mkdirSync(SHOTS, { recursive: true });
	const league = await leagueWithRoster(page, 'Period 3', CLASS_OF_34);
	// A whole class's invite is more than one still code holds: a moving code. This laptop
	// asks for reduced motion, so it starts paused.
	await page.emulateMedia({ reducedMotion: 'reduce' });
	await leagueTab(page, 'Invite');
	const caption = page.getByText(/^Paused: picture \d+ of \d+$/);
	await expect(caption).toHaveText(/^Paused: picture 1 of \d+$/);
	// Played, it says so; Pause stops it on a picture, the focus stays on the button, and Next
	// and Previous step round the loop.
	await page.getByRole('button', { name: 'Play' }).click();
	await expect(page.getByText('A moving code: hold the camera on it')).toBeVisible();
	await page.getByRole('button', { name: 'Pause' }).click();
	await expect(page.getByRole('button', { name: 'Play' })).toBeFocused();
	const at = Number(/picture (\d+)/.exec((await caption.textContent()) ?? '')?.[1]);
	const loop = Number(/of (\d+)/.exec((await caption.textContent()) ?? '')?.[1]);
	await page.getByRole('button', { name: 'Next', exact: true }).click();
	await expect(caption).toHaveText(`Paused: picture ${(at % loop) + 1} of ${loop}`);
	await page.getByRole('button', { name: 'Previous', exact: true }).click();
	await expect(caption).toHaveText(`Paused: picture ${at} of ${loop}`);
	const invite = await readAllCodes(page);
	expect(invite.every(isFrame)).toBe(true);
	await page.emulateMedia({ reducedMotion: 'no-preference' });

	const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
	const phone = await phoneContext.newPage();
	await phone.goto('/league/join');
	await enterCodes(phone, invite);
	await phone.waitForURL(`**${league}`);
	await expect(phone.getByText('Period 3').first()).toBeVisible();

	// By QR codes: read from the phone's screen, typed into the instructor's inbox.
	await playAndSign(phone, league, 'Ana', 'Ben');
	const card = await readAllCodes(phone);
	// A signed card of a game is one still code (`transfer/dense.ts`).
	expect(card).toHaveLength(1);
	await shoot(phone, 'turn-in-qr');
	await leagueTab(page, 'Inbox');
	await enterCodes(page, card);
	// Played on the phone outside a class session: it has no group's place, so it counts once
	// the instructor accepts it (issue 37), and the inbox says which phone sent it.
	await expect(
		page.getByText('Card received: it waits for your choice in the inbox.')
	).toBeVisible();
	const entry = page.locator('.entries li').first();
	await expect(entry).toContainText('Waits for you');
	await expect(entry).toContainText('not the game of a group handed out in a class session');
	await entry.getByRole('button', { name: 'Accept this card' }).click();
	await expect(entry).toContainText('Counts');
	// The same code still on screen is not read again; scanned afresh, the same card is one card.
	await enterCodes(page, card.slice(0, 1));
	await expect(page.getByText('That card was already received.')).toHaveCount(0);
	await page.reload();
	await enterCodes(page, card);
	await expect(page.getByText('That card was already received.')).toBeVisible();
	await expect(page.locator('.entries > li')).toHaveCount(1);
	// The group's own word marks the card shown; the instructor's receipt turns it in.
	await phone.getByRole('button', { name: 'We showed the code' }).click();
	await expect(phone.getByText('Shown, not yet confirmed', { exact: true })).toBeVisible();
	await expect(phone.getByText('Turned in', { exact: true })).toHaveCount(0);
	const receipt = await readAllCodes(page, page.getByRole('region', { name: /^Receipt for/ }));
	await enterCodes(phone, receipt);
	await expect(phone.getByText('Turned in', { exact: true })).toBeVisible();

	// By file: downloaded on the phone, opened on the instructor's device.
	await playAndSign(phone, league, 'Ben', 'Cleo');
	const download = phone.waitForEvent('download');
	await phone.getByRole('button', { name: 'Share or download the card file' }).click();
	const path = await (await download).path();
	expect((await download).suggestedFilename()).toMatch(/\.muggins\.json$/);
	await page.getByLabel('Open files').setInputFiles(path);
	await expect(page.locator('.entries > li')).toHaveCount(2);
	await page.getByRole('button', { name: 'Accept this card' }).click();
	await expect(page.getByRole('button', { name: 'Accept this card' })).toHaveCount(0);
	await shoot(page, 'inbox');

	await leagueTab(page, 'Standings');
	const table = page.getByRole('table');
	await expect(table.getByRole('row', { name: /Ana/ })).toContainText('1');
	await expect(table.getByRole('row', { name: /Ben/ })).toContainText('2');
	await phoneContext.close();
});
