import { type Page } from '@playwright/test';
import { expect, test } from './a11y';
import { appDrawn, measure } from './support';

const pages = [
	{ path: '/', link: 'Home', heading: 'Muggins League' },
	{ path: '/league', link: 'League', heading: 'League' },
	{ path: '/rules', link: 'Rules', heading: 'Rules' },
	{ path: '/settings', link: 'Settings', heading: 'Settings' }
];

async function expectNavWorks(page: Page) {
	const nav = page.getByRole('navigation', { name: 'Main' });
	for (const { link, heading, path } of [...pages.slice(1), pages[0]!]) {
		await nav.getByRole('link', { name: link }).click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
		await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
		await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
		await expect(nav.locator('[aria-current]')).toHaveCount(1);
	}
}

test.describe('on a phone', () => {
	test('the navigation is a bottom bar that leads everywhere', async ({ page }) => {
		await page.goto('/');
		await appDrawn(page);
		const box = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
		expect(box).not.toBeNull();
		expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
		expect(box?.width).toBe(390);
		await expectNavWorks(page);
	});

	test('every link and button is at least 48px tall and wide', async ({ page }) => {
		for (const { path } of pages) {
			await page.goto(path);
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
			await appDrawn(page);
			const targets = await measure(page, 'nav a, main a, main button, main select, main .choice');
			expect(targets.length).toBeGreaterThan(2);
			for (const t of targets) {
				expect(t.height, `${path}: ${t.name}`).toBeGreaterThanOrEqual(48);
				expect(t.width, `${path}: ${t.name}`).toBeGreaterThanOrEqual(48);
			}
		}
	});

	test('the last content is not hidden behind the bottom bar', async ({ page }) => {
		await page.goto('/');
		const action = page.getByRole('link', { name: 'Read the rules' });
		// Home's welcome loads after the first paint: scroll once it is there.
		await expect(action).toBeVisible();
		await appDrawn(page);
		await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
		const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
		const box = await action.boundingBox();
		expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(nav?.y ?? 0);
	});
});

test.describe('on a laptop', () => {
	test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

	test('the navigation is a sidebar on the left', async ({ page }) => {
		await page.goto('/');
		await appDrawn(page);
		const box = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
		expect(box?.x).toBe(0);
		expect(box?.y).toBe(0);
		expect(box?.height).toBe(800);
		expect(box?.width).toBeLessThan(320);
		const main = await page.getByRole('main').boundingBox();
		expect(main?.x ?? 0).toBeGreaterThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
		await expectNavWorks(page);
	});

	test('nav links are at least 48px tall', async ({ page }) => {
		await page.goto('/');
		await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(
			pages.length
		);
		const links = await measure(page, 'nav a');
		expect(links).toHaveLength(pages.length);
		for (const l of links) expect(l.height, l.name).toBeGreaterThanOrEqual(48);
	});

	test('a skip link leads keyboard users past the navigation', async ({ page }) => {
		await page.goto('/');
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
		// A first visit shows Home before the app's code runs, seen but not working: keys reach
		// the app's screen once it has taken over.
		await appDrawn(page);
		await page.keyboard.press('Tab');
		const skip = page.getByRole('link', { name: 'Skip to content' });
		await expect(skip).toBeFocused();
		await expect(skip).toBeInViewport();
		await page.keyboard.press('Enter');
		await expect(page.getByRole('main')).toBeFocused();
	});
});

test.describe('themes', () => {
	const background = (page: Page) =>
		page.evaluate(() => getComputedStyle(document.body).backgroundColor);

	test('Settings → Dark applies at once, before the first paint after a reload, and back to System', async ({
		page
	}) => {
		await page.emulateMedia({ colorScheme: 'light' });
		await page.goto('/settings');
		const light = await background(page);
		expect(light).toBe('rgb(246, 244, 238)');

		await page.getByRole('radio', { name: 'Dark' }).check();
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
		expect(await background(page)).toBe('rgb(11, 31, 23)');
		await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute(
			'content',
			'#0b1f17'
		);

		// Stop the app's scripts: only the inline script in app.html can set the theme now.
		await page.route('**/_app/**', (route) => route.abort());
		await page.reload();
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
		await page.unroute('**/_app/**');

		await page.goto('/settings');
		await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
		await page.getByRole('radio', { name: 'System' }).check();
		await expect(page.locator('html')).not.toHaveAttribute('data-theme');
		expect(await background(page)).toBe(light);
	});

	test('System follows the device’s dark mode', async ({ page }) => {
		await page.emulateMedia({ colorScheme: 'dark' });
		await page.goto('/');
		expect(await background(page)).toBe('rgb(11, 31, 23)');
		await page.goto('/settings');
		await page.getByRole('radio', { name: 'Light' }).check();
		expect(await background(page)).toBe('rgb(246, 244, 238)');
	});
});
