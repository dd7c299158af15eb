import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../a11y';
import { engineTotals, score, shownTotals, startGame, storedSeqs } from '../game-helpers';
import { waitForServiceWorker } from '../support';

const MB = 1024 * 1024;

/** A database of the test's own, in the app's origin, that takes up the space. */
const FILLER = 'storage-full-filler';

const STORAGE_FULL =
	'This device is out of storage space, so that was not saved. Turn in or back up finished cards, free some space, then try again.';

/**
 * Adds `bytes` of random data to the filler database in one transaction. Returns "ok" or the
 * name of the error the transaction aborted with. Random, so that it takes its full size:
 * Chromium compresses what IndexedDB stores, and 2 MB of zeros took up about 70 kB.
 */
async function addFiller(page: Page, bytes: number): Promise<string> {
	return page.evaluate(
		async ([name, size]) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const req = indexedDB.open(name, 1);
				req.onupgradeneeded = () => req.result.createObjectStore('blobs', { autoIncrement: true });
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
			const data = new Uint8Array(size);
			// getRandomValues fills at most 64 KiB per call.
			for (let i = 0; i < size; i += 65536) crypto.getRandomValues(data.subarray(i, i + 65536));
			try {
				return await new Promise<string>((resolve) => {
					const tx = db.transaction('blobs', 'readwrite');
					tx.objectStore('blobs').add(data);
					tx.oncomplete = () => resolve('ok');
					tx.onabort = () => resolve(tx.error?.name ?? 'AbortError');
				});
			} finally {
				db.close();
			}
		},
		[FILLER, bytes] as const
	);
}

async function deleteFiller(page: Page): Promise<void> {
	await page.evaluate(
		(name) =>
			new Promise<void>((resolve, reject) => {
				const req = indexedDB.deleteDatabase(name);
				req.onsuccess = () => resolve();
				req.onerror = () => reject(req.error);
				req.onblocked = () => reject(new Error(`${name} is still open`));
			}),
		FILLER
	);
}

test('a full device: the tap is refused in words, nothing is half kept, and recording resumes once space is freed', async ({
	page,
	context,
	baseURL
}) => {
	const origin = new URL(baseURL as string).origin;
	const cdp = await context.newCDPSession(page);
	const usage = () => cdp.send('Storage.getUsageAndQuota', { origin });

	// Chromium's IndexedDB lets writes spend, for 30 seconds, the space the quota manager last
	// reported free, without asking again. Under the real quota that is gigabytes, and a small
	// quota set later goes unchecked: writes kept succeeding past it. A small quota from the
	// first write keeps that allowance under 16 MB, so a larger write later makes Chromium ask.
	await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 16 * MB });
	try {
		await page.goto('/');
		// The worker's precache counts against the quota too: let it finish before measuring.
		await waitForServiceWorker(page);
		const id = await startGame(page, ['Ana', 'Ben']);
		await score(page, 'Ana', 10);
		await score(page, 'Ben', 5);
		const before = { Ana: 10, Ben: 5 };
		expect(await shownTotals(page)).toEqual(before);

		// Other data of this origin takes up room, then the quota shrinks to what is used.
		expect(await addFiller(page, 4 * MB)).toBe('ok');
		const full = await usage();
		await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: full.usage });
		// Larger than the whole old quota, so Chromium checks it against the quota manager,
		// and from then on every write does.
		expect(await addFiller(page, 17 * MB)).toBe('QuotaExceededError');

		// The score is entered on the open-ends form, so there is input to lose.
		await page.getByRole('button', { name: 'Score for Ana' }).click();
		const pad = page.getByRole('dialog');
		await pad.getByText('Add up the open ends').click();
		const end1 = pad.getByRole('combobox', { name: 'End 1', exact: true });
		const end2 = pad.getByRole('combobox', { name: 'End 2', exact: true });
		const end2Double = pad.getByLabel('End 2 is a double');
		await end1.selectOption('5');
		await end2.selectOption('5');
		await end2Double.check();
		const record = pad.getByRole('button', { name: 'Record 15' });
		await record.click();

		// Refused in plain words beside the action; the pad stays open with what was entered.
		await expect(pad.getByRole('alert')).toHaveText(STORAGE_FULL);
		await expect(pad).toBeVisible();
		await expectAccessible(page, 'a tap refused because the device is full');
		await expect(end1).toHaveValue('5');
		await expect(end2).toHaveValue('5');
		await expect(end2Double).toBeChecked();
		await expect(record).toBeEnabled();
		// Nothing half kept: not on the board, not in the database, not in the status line.
		await expect(page.getByRole('status')).toContainText('Recorded: Ben 5');
		expect(await shownTotals(page)).toEqual(before);
		expect(await storedSeqs(page, id)).toEqual([1, 2]);
		expect(await engineTotals(page, id)).toEqual(before);

		// The other data goes, and its room comes back. Chromium 150 does not take a deleted
		// database out of the origin's usage (it read the same 20 s later), so the room it
		// freed is given back as quota: the app sees the same, space where there was none.
		await deleteFiller(page);
		await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: full.usage + 4 * MB });
		const freed = await usage();
		expect(freed.quota - freed.usage).toBeGreaterThan(3 * MB);

		// The same tap, on the same pad, now records.
		await record.click();
		await expect(page.getByRole('status')).toContainText('Recorded: Ana 15');
		await expect(pad).toBeHidden();
		const after = { Ana: 25, Ben: 5 };
		expect(await shownTotals(page)).toEqual(after);
		expect(await storedSeqs(page, id)).toEqual([1, 2, 3]);
		expect(await engineTotals(page, id)).toEqual(after);

		await score(page, 'Ben', 10);
		expect(await storedSeqs(page, id)).toEqual([1, 2, 3, 4]);
		expect(await engineTotals(page, id)).toEqual({ Ana: 25, Ben: 15 });
		expect(await shownTotals(page)).toEqual({ Ana: 25, Ben: 15 });
	} finally {
		// The override belongs to the browser, which the next test in this worker reuses.
		await cdp.send('Storage.overrideQuotaForOrigin', { origin });
		await cdp.detach();
	}
});
