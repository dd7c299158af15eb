/**
 * Scanning with the camera (issue 36), through Chromium's fake camera playing a code's
 * pictures: a phone joins by reading a whole class's invite, a moving code, as it plays; the
 * instructor's laptop reads the phone's card, one still code. This Chromium has no
 * BarcodeDetector (nor has a laptop's on Windows or Linux), so both use the ZXing reader the
 * app ships, its WebAssembly served under the app's Content-Security-Policy and kept by the
 * service worker for offline use.
 */
import { expect, expectAccessible, test, watchPolicy } from './a11y';
import { playAndSign } from './card-helpers';
import { isFrame, readAllCodes } from './code-helpers';
import { browserWithCamera, showToCamera } from './fake-camera';
import { CLASS_OF_34, leagueTab, leagueWithRoster } from './league-helpers';
import { waitForServiceWorker } from './support';

test('a phone’s camera reads a moving invite, and the laptop’s reads the phone’s card', async ({
	baseURL
}, testInfo) => {
	test.slow();
	const video = testInfo.outputPath('camera.y4m');
	const withCamera = await browserWithCamera(video);
	try {
		const laptop = await withCamera.newContext({
			baseURL,
			viewport: { width: 1280, height: 800 }
		});
		await watchPolicy(laptop);
		const page = await laptop.newPage();
		await page.goto('/');
		await waitForServiceWorker(page);
		// No BarcodeDetector in this Chromium: what reads the code is the app's own reader.
		expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
		// The reader is cached with the app: scanning works with no network.
		const cached = await page.evaluate(async () => {
			const urls = [];
			for (const name of await caches.keys()) {
				for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
			}
			return urls.filter((u) => u.endsWith('.wasm')).length;
		});
		expect(cached).toBe(1);

		const league = await leagueWithRoster(page, 'Period 3', CLASS_OF_34);
		await leagueTab(page, 'Invite');
		const invite = await readAllCodes(page);
		expect(invite.every(isFrame)).toBe(true);

		// The laptop's moving code in front of the phone's camera, as it plays.
		const phoneContext = await withCamera.newContext({
			baseURL,
			viewport: { width: 390, height: 844 }
		});
		const phone = await phoneContext.newPage();
		await phone.goto('/league/join');
		showToCamera(video, invite);
		await phone.getByRole('button', { name: 'Scan QR codes' }).click();
		await expectAccessible(phone, 'the join page scanning with the camera');
		await phone.waitForURL(`**${league}`, { timeout: 60_000 });
		await playAndSign(phone, league, 'Ana', 'Ben');
		const card = await readAllCodes(phone);
		expect(card).toHaveLength(1);
		await phoneContext.close();

		// The phone's card in front of the laptop's camera, offline.
		showToCamera(video, card);
		await laptop.setOffline(true);
		await leagueTab(page, 'Inbox');
		await page.getByRole('button', { name: 'Scan QR codes' }).click();
		await expect(page.getByRole('button', { name: 'Stop the camera' })).toBeVisible();
		await expectAccessible(page, 'the inbox scanning with the camera');
		await expect(
			page.getByText('Card received: it waits for your choice in the inbox.')
		).toBeVisible({ timeout: 60_000 });
		await expect(page.locator('.entries > li')).toHaveCount(1);
		await page.getByRole('button', { name: 'Stop the camera' }).click();
		await expect(page.getByRole('button', { name: 'Scan QR codes' })).toBeVisible();
		await expectAccessible(page, 'the inbox after a scan');
	} finally {
		await withCamera.close();
	}
});
