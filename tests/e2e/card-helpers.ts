/**
 * A card played and signed on a group's phone through the scorecard, for the tests of cards
 * travelling to the instructor (by codes and files, or over the school server).
 */
import { expect, type Page } from '@playwright/test';
import { score } from './game-helpers';

/** Draws a signature in `signer`'s box. */
export async function drawSignature(page: Page, signer: string): Promise<void> {
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
export async function playAndSign(page: Page, league: string, winner: string, other: string) {
	await page.goto(league);
	await page.getByRole('link', { name: 'Start another game' }).click();
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
