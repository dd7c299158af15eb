import { expect, test } from '../a11y';

test('asks for persistent storage, and Settings says what the browser answered', async ({
	page
}) => {
	await page.goto('/settings');
	const storage = page.getByTestId('storage');
	await expect(storage).not.toHaveText('Asking the browser…');
	const persisted = await page.evaluate(() => navigator.storage.persisted());
	if (persisted) {
		await expect(storage).toHaveText(
			'Kept: the browser will not clear scores and cards to free space.'
		);
	} else {
		await expect(storage).toContainText('Turn in signed cards and save a backup often.');
	}
});
