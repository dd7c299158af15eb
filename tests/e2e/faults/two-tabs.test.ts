import { expect, test } from '../a11y';
import { engineTotals, score, shownTotals, startGame, storedSeqs } from '../game-helpers';

test('two tabs on one game update live and interleaved taps lose and duplicate nothing', async ({
	page: a,
	context
}) => {
	const id = await startGame(a, ['Ana', 'Ben']);
	const b = await context.newPage();
	await b.goto(`/game/${id}`);
	await expect(b.getByRole('heading', { name: 'Hand 1' })).toBeVisible();

	// Each tab follows what the other records, without a reload.
	await score(a, 'Ana', 10);
	await expect.poll(() => shownTotals(b)).toEqual({ Ana: 10, Ben: 0 });
	await score(b, 'Ben', 5);
	await expect.poll(() => shownTotals(a)).toEqual({ Ana: 10, Ben: 5 });

	// Then both tabs tap at once, round after round: the two writes race for the same next seq.
	const rounds = 9;
	for (let i = 0; i < rounds; i++) {
		await a.getByRole('button', { name: 'Score for Ana' }).click();
		await b.getByRole('button', { name: 'Score for Ben' }).click();
		const pick = (tab: typeof a) =>
			tab.getByRole('dialog').getByRole('button', { name: '5', exact: true }).click();
		await Promise.all([pick(a), pick(b)]);
		await expect(a.getByRole('dialog')).toBeHidden();
		await expect(b.getByRole('dialog')).toBeHidden();
	}

	const taps = 2 + 2 * rounds;
	const expected = { Ana: 10 + 5 * rounds, Ben: 5 + 5 * rounds };
	expect(await storedSeqs(a, id)).toEqual(Array.from({ length: taps }, (_, i) => i + 1));
	expect(await engineTotals(a, id)).toEqual(expected);
	await expect.poll(() => shownTotals(a)).toEqual(expected);
	await expect.poll(() => shownTotals(b)).toEqual(expected);
});
