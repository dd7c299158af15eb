/**
 * The card the players check before they sign (issue 36, finding 6): on a phone the table
 * reflows into stacked rows, so no player's column is cut off at 320 px and a name breaks
 * between its words only; a steal is marked on the card as a steal.
 */
import { expect, expectAccessible, test } from './a11y';
import { score, startGame } from './game-helpers';
import { snap } from './snap';
import { brokenWords } from './text-lines';

const PLAYERS = ['Gus Reed', 'Dominique Alvarez', 'Maximilian Oberholzer', 'Li Wu'];

test('the card fits a phone, names whole, with the steal marked', async ({ page }) => {
	await startGame(page, PLAYERS);
	await score(page, 'Gus Reed', 15);
	// Muggins! Li catches a 10 Dominique did not claim.
	await page.getByRole('button', { name: 'Muggins!' }).click();
	const steal = page.getByRole('dialog');
	await steal.getByRole('group', { name: 'Who called “Muggins!”?' }).getByLabel('Li Wu').check();
	await steal
		.getByRole('group', { name: 'Who missed their own count?' })
		.getByLabel('Dominique Alvarez')
		.check();
	await steal.getByRole('button', { name: '10', exact: true }).click();
	await expect(page.getByRole('status')).toContainText('Recorded: Muggins!');
	await page.getByRole('radio', { name: 'Card' }).check();

	const table = page.getByRole('table');
	const cells = table.getByRole('cell');
	// Hand 1's row: Gus's count, and Li's points marked as a steal (not as a count Li made).
	const hand = table.getByRole('row').nth(1);
	await expect(hand.getByRole('cell').nth(0)).toContainText('15');
	await expect(hand.getByRole('cell').nth(3)).toContainText('Muggins! 10');
	for (const width of [390, 320]) {
		await page.setViewportSize({ width, height: 844 });
		// No name broken inside a word, in the column heads or beside the points.
		await expect.poll(() => brokenWords(table), { message: `at ${width} px` }).toEqual([]);
		// Every cell lies inside the table's box: no column cut off.
		const box = (await table.boundingBox())!;
		const outside = await cells.evaluateAll(
			(els, edge) =>
				els
					.filter((el) => el.getBoundingClientRect().right > edge + 0.5)
					.map((el) => el.textContent?.trim()),
			box.x + box.width
		);
		expect(outside, `at ${width} px`).toEqual([]);
		expect(box.x + box.width).toBeLessThanOrEqual(width);
		await expectAccessible(page, `the card at ${width} px`);
	}
	await snap(page, 'card-table');
});
