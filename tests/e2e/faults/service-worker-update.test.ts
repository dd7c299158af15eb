import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectAccessible, test } from '../a11y';
import { waitForServiceWorker } from '../support';
import { engineTotals, score, shownTotals, startGame, storedSeqs } from '../game-helpers';

/**
 * A proxy in front of the preview server that can play the next deployment: once `newBuild` is
 * set it serves /sw.js with one more line. (Playwright's routes do not see the browser's own
 * update check of a service worker script, so the change has to come from a server.)
 */
async function deployProxy(upstream: string) {
	const state = { newBuild: false, origin: '', close: () => {} };
	const server = createServer(async (req, res) => {
		const response = await fetch(new URL(req.url ?? '/', upstream));
		let body = Buffer.from(await response.arrayBuffer());
		if (state.newBuild && req.url?.startsWith('/sw.js')) {
			body = Buffer.concat([body, Buffer.from('\n// the next build\n')]);
		}
		const headers = Object.fromEntries(
			[...response.headers].filter(([k]) => !['content-length', 'content-encoding'].includes(k))
		);
		res.writeHead(response.status, headers).end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	state.close = () => server.close();
	state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return state;
}

test('a new service worker during a game: the prompt shows, nothing reloads by itself, the game is intact after Reload', async ({
	page,
	baseURL
}) => {
	const server = await deployProxy(baseURL as string);
	try {
		const id = await startGame(page, ['Ana', 'Ben', 'Cara'], server.origin);
		await waitForServiceWorker(page);
		await score(page, 'Ana', 10);
		await score(page, 'Ben', 15);
		await score(page, 'Cara', 5);
		const totals = { Ana: 10, Ben: 15, Cara: 5 };
		expect(await shownTotals(page)).toEqual(totals);

		// The server now has a new build: the same worker plus a byte, which the browser sees as new.
		server.newBuild = true;
		await page.evaluate(() => {
			(window as Window & { __marker?: number }).__marker = 1;
		});
		const url = page.url();
		await page.evaluate(async () => (await navigator.serviceWorker.ready).update());

		const banner = page.getByRole('region', { name: 'Update available' });
		await expect(banner).toBeVisible();
		await expectAccessible(page, 'the update prompt during a game');
		// The new worker waits: the page was not reloaded and still shows the game.
		await expect
			.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null))
			.toBe(true);
		expect(await page.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBe(1);
		expect(page.url()).toBe(url);
		expect(await shownTotals(page)).toEqual(totals);

		const reloaded = page.waitForEvent('load');
		await banner.getByRole('button', { name: 'Reload' }).click();
		await reloaded;
		await expect(page.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
		expect(page.url()).toBe(url);
		expect(await page.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBe(
			undefined
		);
		// The new worker controls the page now, and nothing waits any more.
		expect(
			await page.evaluate(async () => {
				const registration = await navigator.serviceWorker.ready;
				return {
					waiting: registration.waiting !== null,
					controlled: navigator.serviceWorker.controller === registration.active
				};
			})
		).toEqual({ waiting: false, controlled: true });
		await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);

		await expect.poll(() => shownTotals(page)).toEqual(totals);
		expect(await storedSeqs(page, id)).toEqual([1, 2, 3]);
		expect(await engineTotals(page, id)).toEqual(totals);
		await score(page, 'Ana', 5);
		expect(await storedSeqs(page, id)).toEqual([1, 2, 3, 4]);
	} finally {
		server.close();
	}
});
