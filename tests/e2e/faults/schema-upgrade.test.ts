import { expect, expectAccessible, test } from '../a11y';
import { engineTotals, score, shownTotals, startGame, storedSeqs } from '../game-helpers';

test('a schema upgrade in another tab: the old tab says to reload, loses nothing, and the upgrade completes', async ({
	page,
	context
}) => {
	const id = await startGame(page, ['Ana', 'Ben']);
	await score(page, 'Ana', 10);
	await score(page, 'Ben', 5);
	await score(page, 'Ana', 15);
	const before = { Ana: 25, Ben: 5 };
	expect(await shownTotals(page)).toEqual(before);

	// A newer version of the app opens the database at a higher version, with a new store.
	const other = await context.newPage();
	await other.goto('/rules');
	const upgrade = await other.evaluate(async () => {
		const current = await new Promise<number>((resolve, reject) => {
			const req = indexedDB.open('muggins-league');
			req.onsuccess = () => {
				const v = req.result.version;
				req.result.close();
				resolve(v);
			};
			req.onerror = () => reject(req.error);
		});
		let blocked = false;
		const version = await new Promise<number>((resolve, reject) => {
			const req = indexedDB.open('muggins-league', current + 10);
			req.onblocked = () => (blocked = true);
			req.onupgradeneeded = () => req.result.createObjectStore('fault-test-upgrade');
			req.onsuccess = () => {
				const v = req.result.version;
				req.result.close();
				resolve(v);
			};
			req.onerror = () => reject(req.error);
		});
		return { current, version, blocked };
	});
	// The old tab let go of its connection at once, so the upgrade neither failed nor waited.
	expect(upgrade.version).toBe(upgrade.current + 10);
	expect(upgrade.blocked).toBe(false);

	// The old tab says what to do, keeps showing the game, and records nothing behind a closed store.
	await expect(page.getByRole('alert')).toContainText(
		'The app was updated in another tab. Reload this page to go on: everything recorded is kept.'
	);
	await expect(page.getByRole('alert').getByRole('button', { name: 'Reload' })).toBeVisible();
	expect(await shownTotals(page)).toEqual(before);

	// A tap before the reload is refused in words, not half kept.
	await page.getByRole('button', { name: 'Score for Ben' }).click();
	const pad = page.getByRole('dialog');
	await pad.getByRole('button', { name: '5', exact: true }).click();
	await expect(pad).toContainText('Reload this page to go on');
	await expectAccessible(page, 'the old tab asking for a reload');
	await expect(page.getByRole('status')).not.toContainText('Recorded: Ben 5');
	expect(await storedSeqs(other, id)).toEqual([1, 2, 3]);
	// The open pad covers the page's reload banner, so it offers Reload itself.
	await pad.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
	await expect(page.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
	await expect(page.getByRole('alert')).toHaveCount(0);
	await expect.poll(() => shownTotals(page)).toEqual(before);
	expect(await storedSeqs(page, id)).toEqual([1, 2, 3]);
	expect(await engineTotals(page, id)).toEqual(before);

	// After the reload, recording works again.
	await score(page, 'Ben', 10);
	expect(await storedSeqs(page, id)).toEqual([1, 2, 3, 4]);
	expect(await shownTotals(page)).toEqual({ Ana: 25, Ben: 15 });
});
