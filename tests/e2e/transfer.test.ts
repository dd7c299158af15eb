/**
 * Cards travel between devices with no server: the instructor's invite, joined on a group's
 * phone (a second browser context), a card played and signed there, turned in by QR codes
 * and by file, and counted on the instructor's device. The codes are read from screenshots
 * with jsQR in Node, as a camera would read the screen.
 */
import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './a11y';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { leagueTab, leagueWithRoster } from './league-helpers';

const SHOTS = 'screenshots';

/** The text of the QR code on screen, read from a screenshot of it. */
async function readCode(page: Page): Promise<string> {
	const code = page.locator('.qr .code');
	await expect(code.locator('svg')).toBeVisible();
	// Centred, as a student holds it up: clear of the app's bottom bar.
	await code.evaluate((el) => el.scrollIntoView({ block: 'center' }));
	const png = PNG.sync.read(await code.screenshot());
	const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
	if (!found) throw new Error('no QR code could be read from the screenshot');
	return found.data;
}

/** Every code of the set on screen, stepping through them with "Next code". */
async function readAllCodes(page: Page): Promise<string[]> {
	const texts = [await readCode(page)];
	const next = page.getByRole('button', { name: 'Next code' });
	while ((await next.count()) > 0 && (await next.isEnabled())) {
		const before = texts.at(-1);
		await next.click();
		await expect.poll(() => readCode(page)).not.toBe(before);
		texts.push(await readCode(page));
	}
	return texts;
}

/** Types each code's text into the receiving panel, as the scanner hands it over. */
async function enterCodes(page: Page, texts: readonly string[]): Promise<void> {
	if (!(await page.getByLabel('Code text').isVisible())) {
		await page.getByText('Type or paste a code’s text').click();
	}
	for (const [i, text] of [...texts].reverse().entries()) {
		await page.getByLabel('Code text').fill(text);
		await page.getByRole('button', { name: 'Read the code' }).click();
		if (i < texts.length - 1) {
			await expect(page.getByRole('status').filter({ hasText: 'read' })).toContainText(
				`${i + 1} of ${texts.length} read`
			);
		}
	}
}

async function score(page: Page, player: string, count: number) {
	await page.getByRole('button', { name: `Score for ${player}` }).click();
	await page
		.getByRole('dialog')
		.getByRole('button', { name: String(count), exact: true })
		.click();
	await expect(page.getByRole('status')).toContainText(`Recorded: ${player} ${count}`);
}

async function drawSignature(page: Page, signer: string): Promise<void> {
	const canvas = page.locator(`canvas[aria-label^="Signature box for ${signer}:"]`);
	await expect(canvas).toHaveClass(/ready/);
	await canvas.scrollIntoViewIfNeeded();
	const box = await canvas.boundingBox();
	if (!box) throw new Error('no signature box');
	await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
	await page.mouse.down();
	await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 6 });
	await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.7, { steps: 6 });
	await page.mouse.up();
}

/** On the phone: a league game of `winner` and `other`, played, ended and signed by both. */
async function playAndSign(page: Page, league: string, winner: string, other: string) {
	await page.goto(league);
	await page.getByRole('link', { name: 'Start a league game' }).click();
	await page.getByRole('button', { name: `Seat ${winner}` }).click();
	await page.getByRole('button', { name: `Seat ${other}` }).click();
	await page.getByRole('button', { name: 'Start game' }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	await score(page, winner, 15);
	await page.getByRole('button', { name: 'End game' }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
	await page.getByRole('link', { name: 'Sign the card' }).click();
	for (const player of [winner, other]) {
		await drawSignature(page, player);
		await page.getByRole('button', { name: `Sign as ${player}` }).click();
		await expect(page.getByRole('img', { name: `${player}’s signature` })).toBeVisible();
	}
	await page.getByRole('link', { name: 'Turn in the card' }).click();
	await expect(page.getByRole('heading', { name: 'Turn in the card' })).toBeVisible();
}

async function shoot(page: Page, name: string) {
	for (const scheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme: scheme });
		await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
	}
	await page.emulateMedia({ colorScheme: 'light' });
}

test('an invite joins a phone, whose signed cards turned in by QR and by file count', async ({
	browser,
	page
}) => {
	test.slow();
	mkdirSync(SHOTS, { recursive: true });
	const league = await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben', 'Cleo']);
	await leagueTab(page, 'Invite');
	const invite = await readAllCodes(page);

	const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
	const phone = await phoneContext.newPage();
	await phone.goto('/league/join');
	await enterCodes(phone, invite);
	await phone.waitForURL(`**${league}`);
	await expect(phone.getByText('Period 3').first()).toBeVisible();

	// By QR codes: read from the phone's screen, typed into the instructor's inbox.
	await playAndSign(phone, league, 'Ana', 'Ben');
	const card = await readAllCodes(phone);
	await shoot(phone, 'turn-in-qr');
	await leagueTab(page, 'Inbox');
	await enterCodes(page, card);
	await expect(page.getByText('Card received: it counts in the standings.')).toBeVisible();
	await expect(page.locator('.entries li').first()).toContainText('Counts');
	// The same card again is one card.
	await enterCodes(page, card);
	await expect(page.getByText('That card was already received.')).toBeVisible();
	await expect(page.locator('.entries > li')).toHaveCount(1);
	await phone.getByRole('button', { name: 'The instructor has read the codes' }).click();
	await expect(phone.getByText('Turned in', { exact: true })).toBeVisible();

	// By file: downloaded on the phone, opened on the instructor's device.
	await playAndSign(phone, league, 'Ben', 'Cleo');
	const download = phone.waitForEvent('download');
	await phone.getByRole('button', { name: 'Share or download the card file' }).click();
	const path = await (await download).path();
	expect((await download).suggestedFilename()).toMatch(/\.muggins\.json$/);
	await page.getByLabel('Open files').setInputFiles(path);
	await expect(page.locator('.entries > li')).toHaveCount(2);
	await shoot(page, 'inbox');

	await leagueTab(page, 'Standings');
	const table = page.getByRole('table');
	await expect(table.getByRole('row', { name: /Ana/ })).toContainText('1');
	await expect(table.getByRole('row', { name: /Ben/ })).toContainText('2');
	await phoneContext.close();
});
