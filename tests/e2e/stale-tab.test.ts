import { expect, test } from '@playwright/test';
import { startGame } from './game-helpers';

test('tells an open tab to reload when another tab upgrades the database', async ({
	page,
	context
}) => {
	await startGame(page, ['Ana', 'Ben']);

	// A newer version of the app opens the database in another tab with a higher version.
	const other = await context.newPage();
	await other.goto('/rules');
	const upgraded = await other.evaluate(async () => {
		const current = await new Promise<number>((resolve, reject) => {
			const req = indexedDB.open('muggins-league');
			req.onsuccess = () => {
				const v = req.result.version;
				req.result.close();
				resolve(v);
			};
			req.onerror = () => reject(req.error);
		});
		return new Promise<number>((resolve, reject) => {
			const req = indexedDB.open('muggins-league', current + 10);
			req.onsuccess = () => {
				const v = req.result.version;
				req.result.close();
				resolve(v);
			};
			req.onerror = () => reject(req.error);
		});
	});
	expect(upgraded).toBeGreaterThan(10);

	await expect(page.getByRole('alert')).toContainText('Reload this page to go on');
	await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});
