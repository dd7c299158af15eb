import { expect, test } from './a11y';
import { engineTotals, score, shownTotals, startGame } from './game-helpers';

test('keeps a 3-player classroom game from first score to the end of class', async ({
	page,
	context
}) => {
	const id = await startGame(page, ['Ana', 'Ben', 'Cara']);

	await score(page, 'Ana', 15);
	await score(page, 'Ben', 10);

	// Cara's count, added up from the open ends: a 5-5 spinner and a 5.
	await page.getByRole('button', { name: 'Score for Cara' }).click();
	const pad = page.getByRole('dialog');
	await pad.getByText('Add up the open ends').click();
	await pad.getByRole('combobox', { name: 'End 1' }).selectOption('5');
	await pad.getByRole('checkbox', { name: 'End 1 is a double' }).check();
	await pad.getByRole('combobox', { name: 'End 2' }).selectOption('5');
	await expect(pad.getByText('Count 15: 15 points')).toBeVisible();
	await pad.getByRole('button', { name: 'Record 15' }).click();
	await expect(page.getByRole('status')).toContainText('Recorded: Cara 15');

	// Muggins! Ben catches a 10 Ana did not claim.
	await page.getByRole('button', { name: 'Muggins!' }).click();
	const steal = page.getByRole('dialog');
	await steal.getByRole('group', { name: 'Who called “Muggins!”?' }).getByLabel('Ben').check();
	await steal.getByRole('group', { name: 'Who missed their own count?' }).getByLabel('Ana').check();
	await steal.getByRole('button', { name: '10', exact: true }).click();
	await expect(page.getByRole('status')).toContainText(
		'Recorded: Muggins! Ben scores the 10 Ana missed'
	);
	expect(await shownTotals(page)).toEqual({ Ana: 15, Ben: 20, Cara: 15 });

	// Undo shows what it undid and offers Redo.
	await page.getByRole('button', { name: 'Undo', exact: true }).click();
	await expect(page.getByRole('status')).toContainText(
		'Undone: Muggins! Ben scores the 10 Ana missed'
	);
	expect((await shownTotals(page)).Ben).toBe(10);
	await page.getByRole('button', { name: 'Redo' }).click();
	await expect(page.getByRole('status')).toContainText(
		'Redone: Muggins! Ben scores the 10 Ana missed'
	);
	expect((await shownTotals(page)).Ben).toBe(20);

	// Hand 1 ends by numbers: Ana went out; Ben 9 pips in 2, Cara 12 in 3.
	await page.getByRole('button', { name: 'End hand' }).click();
	const hand = page.getByRole('dialog');
	await hand.getByLabel('Ana went out').check();
	const ben = hand.getByRole('group', { name: 'Ben' });
	await ben.getByRole('button', { name: 'One domino more for Ben' }).click();
	await ben.getByLabel('Pips').fill('9');
	const cara = hand.getByRole('group', { name: 'Cara' });
	await cara.getByRole('button', { name: 'One domino more for Cara' }).click();
	await cara.getByRole('button', { name: 'One domino more for Cara' }).click();
	await cara.getByLabel('Pips').fill('12');
	await expect(
		hand.getByText('Ana went out: opponents 21 − own 0 = 21, rounded to 20, ÷ 5 = 4 points to Ana.')
	).toBeVisible();
	await hand.getByRole('button', { name: 'Confirm end of hand' }).click();
	await expect(page.getByRole('heading', { name: 'Hand 2' })).toBeVisible();
	expect(await shownTotals(page)).toEqual({ Ana: 19, Ben: 20, Cara: 15 });

	// A reload in the middle of the game, then one offline: the same state both times.
	await page.reload();
	await expect(page.getByRole('heading', { name: 'Hand 2' })).toBeVisible();
	expect(await shownTotals(page)).toEqual({ Ana: 19, Ben: 20, Cara: 15 });
	await page.evaluate(async () => {
		const reg = await navigator.serviceWorker.ready;
		if (reg.active?.state !== 'activated') {
			await new Promise<void>((resolve) =>
				reg.active?.addEventListener(
					'statechange',
					() => reg.active?.state === 'activated' && resolve()
				)
			);
		}
	});
	if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
		await page.reload();
	await context.setOffline(true);
	await page.reload();
	await expect(page.getByRole('heading', { name: 'Hand 2' })).toBeVisible();
	expect(await shownTotals(page)).toEqual({ Ana: 19, Ben: 20, Cara: 15 });

	// Hand 2, still offline, ends blocked, each hand tapped on the picture of the dominoes.
	await score(page, 'Ben', 5);
	await page.getByRole('button', { name: 'End hand' }).click();
	const blocked = page.getByRole('dialog');
	await blocked.getByLabel('Blocked').check();
	for (const [player, tiles] of [
		['Ana', ['6-6']],
		['Ben', ['1-0']],
		['Cara', ['3-2', '4-4']]
	] as const) {
		const group = blocked.getByRole('group', { name: player, exact: true });
		await group.getByText('Tap dominoes').click();
		for (const t of tiles) await group.getByRole('button', { name: t, exact: true }).click();
	}
	// A domino already picked for Ana cannot be picked for Cara.
	await expect(
		blocked
			.getByRole('group', { name: 'Cara', exact: true })
			.getByRole('button', { name: '6-6, already picked for another player' })
	).toBeDisabled();
	await expect(
		blocked.getByText(
			'Ben has the lightest hand (1 pip): opponents 25 − own 1 = 24, rounded to 25, ÷ 5 = 5 points to Ben.'
		)
	).toBeVisible();
	await blocked.getByRole('button', { name: 'Confirm end of hand' }).click();
	await expect(page.getByRole('heading', { name: 'Hand 3' })).toBeVisible();

	// The card shows both hands with the bonuses.
	await page.getByLabel('Card').check();
	await expect(page.getByRole('table')).toContainText('bonus 4');
	await expect(page.getByRole('table')).toContainText('bonus 5');
	await page.getByLabel('Score').check();

	// Class is over.
	await page.getByRole('button', { name: 'End game' }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
	await expect(page.getByRole('heading', { name: 'Ben wins' })).toBeVisible();
	await expect(page.getByRole('button', { name: 'End hand' })).toHaveCount(0);

	const shown = await shownTotals(page);
	expect(shown).toEqual({ Ana: 19, Ben: 30, Cara: 15 });
	expect(await engineTotals(page, id)).toEqual(shown);
	await context.setOffline(false);
});
