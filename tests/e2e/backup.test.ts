import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { snap } from './snap';
import { leagueWithRoster, playGroupGame, sessionWithGroups, signCard } from './league-helpers';

test('a backup restores onto a fresh browser with nothing lost, and a bad file changes nothing', async ({
	page,
	browser
}) => {
	// Two browsers, a league played and signed, a backup and two restores: over a minute when
	// the machine is busy.
	test.slow();
	await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben', 'Cara', 'Dan']);
	await sessionWithGroups(page, '2026-01-12');
	const game = await playGroupGame(page, 1, [15, 10]);
	await signCard(page, game);

	await page.goto('/settings');
	// The download, not the save dialog (which a test cannot answer).
	await page.evaluate(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'Save a backup' }).click()
	]);
	expect(download.suggestedFilename()).toMatch(/^muggins-backup-\d{4}-\d{2}-\d{2}\.json$/);
	const backup = await readFile(await download.path(), 'utf8');
	// Written as it was read: a header line naming the device, one record a line, the end line
	// and the device's seal.
	const lines = backup.trimEnd().split('\n');
	expect(JSON.parse(lines[0]!)).toMatchObject({ app: 'muggins-league', format: 3 });
	expect(JSON.parse(lines[0]!).device).toMatch(/^[\w-]{87}$/);
	expect(JSON.parse(lines.at(-2)!)).toMatchObject({ end: { leagues: 1, players: 4, games: 1 } });
	expect(JSON.parse(lines.at(-1)!)).toEqual({ seal: expect.stringMatching(/^[\w-]{86}$/) });
	await expect(page.getByRole('progressbar', { name: /Writing the backup: 100%/ })).toBeVisible();

	// A fresh browser: nothing stored.
	const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
	const other = await fresh.newPage();
	await other.goto('/settings');
	const picker = other.getByLabel('Restore from a file…');

	// A foreign file and a cut-short one are refused with their reason.
	await picker.setInputFiles({
		name: 'package.json',
		mimeType: 'application/json',
		buffer: Buffer.from('{"name":"x"}')
	});
	await expect(other.getByRole('alert')).toHaveText(
		'That file is not a Muggins League backup. Nothing was changed.'
	);
	await picker.setInputFiles({
		name: 'cut.json',
		mimeType: 'application/json',
		buffer: Buffer.from(backup.slice(0, backup.length / 2))
	});
	await expect(other.getByRole('alert')).toContainText('cut short');
	await other.goto('/league');
	await expect(other.getByRole('heading', { name: 'No league on this device yet' })).toBeVisible();

	await other.goto('/settings');
	await other.getByLabel('Restore from a file…').setInputFiles({
		name: download.suggestedFilename(),
		mimeType: 'application/json',
		buffer: Buffer.from(backup)
	});
	await expect(other.getByRole('progressbar', { name: /Checking the file: 100%/ })).toBeVisible();
	// Another browser is another device: it says so, and what a merge may do.
	await expect(
		other.getByText(/^Saved on another device \(its mark: [0-9A-F-]{8}\)/)
	).toBeVisible();
	await expect(
		other.getByText('It changes nothing in a league this device already has')
	).toBeVisible();
	await expectAccessible(other, 'a backup from another device, previewed');
	await snap(other, 'backup-preview-outside');
	const preview = other.getByRole('table');
	await expect(preview.getByRole('row', { name: /^Leagues/ })).toContainText('1');
	await expect(preview.getByRole('row', { name: /^Players/ })).toContainText('4');
	await other.getByRole('button', { name: 'Merge this backup' }).click();
	await expect(other.getByText('Restored: the backup is merged in.')).toBeVisible();
	await expect(
		other.getByRole('progressbar', { name: 'Writing 1 of 1 game. Almost done.' })
	).toHaveAttribute('value', '100');
	await expectAccessible(other, 'settings after a restore, its progress bar shown');

	await other.goto('/league');
	await expect(other.getByText('4 students · 1 session · 1 game')).toBeVisible();
	await other.getByRole('link', { name: 'Standings' }).click();
	await expect(other.getByText('1 signed card counts')).toBeVisible();
	await expect(other.getByRole('table').getByRole('row').nth(1)).toContainText('Champion');
	await fresh.close();
});

/**
 * Writes a restore's marker straight into the store, as a tab closed mid-restore leaves it.
 * `parts` staged parts are said to wait; none is written, so more than 0 cannot be finished.
 */
async function leaveMarker(
	page: import('@playwright/test').Page,
	phase: 'staging' | 'applying' | 'direct',
	parts = 0
) {
	await page.evaluate(
		({ phase, parts }) =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open('muggins-league');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const tx = open.result.transaction('meta', 'readwrite');
					tx.objectStore('meta').put({
						key: 'restore',
						value: {
							phase,
							mode: 'replace',
							parts,
							next: 0,
							cleared: true,
							firstLeague: null,
							startedAt: new Date().toISOString()
						}
					});
					tx.oncomplete = () => {
						open.result.close();
						resolve();
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
		{ phase, parts }
	);
}

/**
 * On the smallest phone, the page's heading is below `banner`, not under it.
 */
async function expectBelowBanner(page: Page, banner: Locator): Promise<void> {
	const viewport = page.viewportSize();
	await page.setViewportSize({ width: 320, height: 568 });
	const heading = page.getByRole('heading', { level: 1 });
	await expect(async () => {
		const [b, h] = [await banner.boundingBox(), await heading.boundingBox()];
		expect(b && h && h.y >= b.y + b.height).toBe(true);
	}).toPass();
	if (viewport) await page.setViewportSize(viewport);
}

test('a restore stopped by a closed tab is discarded or finished at the next start, and said so', async ({
	page
}) => {
	await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben', 'Cara', 'Dan']);
	await leaveMarker(page, 'staging');
	await page.goto('/league');
	const banner = page.getByRole('status').filter({ hasText: 'A restore was stopped' });
	await expect(banner).toContainText('before it had changed anything. Nothing was restored');
	await expectAccessible(page, 'the league after a restore stopped while staging was discarded');
	await banner.getByRole('button', { name: 'OK' }).click();
	await expect(banner).toBeHidden();
	// Nothing changed: the league is still there.
	await expect(page.getByText('4 students')).toBeVisible();

	await leaveMarker(page, 'applying');
	await page.reload();
	await expect(banner).toContainText('It has now been finished.');
	await expectAccessible(page, 'the league after a stopped restore was finished');
	await page.reload();
	await expect(page.getByText('4 students')).toBeVisible();
	await expect(banner).toBeHidden();

	// A restore that cannot be finished yet (here its staged part is missing) says so, and
	// "Try again" runs it again without a restart: once it can be finished, it is.
	await leaveMarker(page, 'applying', 1);
	await page.reload();
	const alert = page.getByRole('alert').filter({ hasText: 'could not be finished yet' });
	await expect(alert).toBeVisible();
	await expectAccessible(page, 'a stopped restore that could not be finished yet');
	await leaveMarker(page, 'applying', 0);
	await alert.getByRole('button', { name: 'Try again' }).click();
	await expect(banner).toContainText('It has now been finished.');
	await expect(page.getByText('4 students')).toBeVisible();

	// A restore writing straight onto an empty device (its marker says the device held nothing):
	// what it wrote is taken out again, and the person told so.
	await leaveMarker(page, 'direct');
	await page.reload();
	const undone = page.getByRole('status').filter({ hasText: 'A restore onto this device' });
	await expect(undone).toContainText('What it had written was taken out again');
	await expectAccessible(page, 'a restore stopped while writing onto an empty device, undone');
	await expectBelowBanner(page, undone);
	await snap(page, 'restore-undone');
	await undone.getByRole('button', { name: 'OK' }).click();
	// Closed, it leaves no room behind it.
	await expect
		.poll(() =>
			page.evaluate(() => document.documentElement.style.getPropertyValue('--top-banner-space'))
		)
		.toBe('');
	await page.goto('/league');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await expect(page.getByText('4 students')).toBeHidden();
	await expect(page.getByText('Period 3')).toBeHidden();
});
