import { expect, test } from './a11y';
import { waitForServiceWorker } from './support';

test.describe('service worker', () => {
	test('activates and controls the page', async ({ page }) => {
		await page.goto('/');
		await waitForServiceWorker(page);
		const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
		expect(script).toMatch(/\/sw\.js$/);
	});

	test('says once that the app is ready to work offline', async ({ page }) => {
		await page.goto('/');
		// The worker starts 1.5 s after the page is idle, then installs: on a loaded machine
		// (2 cores, load 13) the note came 4 to 6 s after the page, past the default 5 s.
		await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 20_000 });
		await page.getByRole('button', { name: 'OK' }).click();
		await expect(page.getByText('Ready to work offline')).toBeHidden();
	});

	test('offline, a reload of / and deep links still render', async ({ page, context }) => {
		await page.goto('/');
		await waitForServiceWorker(page);
		await context.setOffline(true);

		await page.reload();
		await expect(page.getByRole('heading', { level: 1, name: 'Muggins League' })).toBeVisible();

		await page.goto('/rules?ruleset=udl');
		await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
		await expect(page.getByRole('heading', { level: 2, name: 'UDL tournament' })).toBeVisible();
		await expect(page.getByTestId('count')).toHaveText('10');

		await page.goto('/settings');
		await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
		await expect(
			page.getByText('Ready: the app opens and keeps score without a network.')
		).toBeVisible();

		await page.getByRole('button', { name: 'Check for updates' }).click();
		await expect(
			page.getByText('This device is offline: connect to a network to check for updates.')
		).toBeVisible();
	});

	test('checks for updates on request and finds none for the same build', async ({ page }) => {
		await page.goto('/settings');
		await waitForServiceWorker(page);
		await page.getByRole('button', { name: 'Check for updates' }).click();
		await expect(page.getByText('You have the latest version.')).toBeVisible();
		await expect(page.getByRole('heading', { name: 'Update available' })).toBeHidden();
	});
});

test.describe('manifest', () => {
	test('is linked and fetchable, with icons of the sizes it names', async ({ page, request }) => {
		await page.goto('/');
		const href = await page.locator('link[rel="manifest"]').getAttribute('href');
		expect(href).toBe('/manifest.webmanifest');

		const response = await request.get(href ?? '');
		expect(response.ok()).toBe(true);
		const manifest = (await response.json()) as {
			name: string;
			short_name: string;
			start_url: string;
			scope: string;
			display: string;
			theme_color: string;
			background_color: string;
			icons: { src: string; sizes: string; type: string; purpose: string }[];
		};
		expect(manifest).toMatchObject({
			name: 'Muggins League',
			short_name: 'Muggins',
			start_url: '/',
			scope: '/',
			display: 'standalone'
		});
		expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
		expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

		const pngs = manifest.icons.filter((i) => i.type === 'image/png');
		expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
			'192x192 any',
			'512x512 any',
			'512x512 maskable'
		]);
		for (const icon of pngs) {
			const image = await request.get(icon.src);
			expect(image.ok(), icon.src).toBe(true);
			const bytes = await image.body();
			// A PNG's IHDR chunk holds its width and height at bytes 16-23.
			const size = `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
			expect(size, icon.src).toBe(icon.sizes);
		}
	});

	test('favicon, SVG icon and Apple touch icon are served', async ({ request }) => {
		const favicon = await (await request.get('/favicon.ico')).body();
		// An ICO header (reserved 0, type 1) with one 32×32 image.
		expect([...favicon.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);

		const svg = await request.get('/icon.svg');
		expect(await svg.text()).toMatch(/^<svg /);

		const apple = await (await request.get('/apple-touch-icon.png')).body();
		expect(`${apple.readUInt32BE(16)}x${apple.readUInt32BE(20)}`).toBe('180x180');
	});
});
