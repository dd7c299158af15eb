import type { ChildProcess } from 'node:child_process';
import { hostAnswers, hostBuild } from '../../bench/host';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { score, startGame } from './game-helpers';
import { waitForActiveWorker, waitForServiceWorker } from './support';

test.describe('service worker', () => {
	test('activates and controls the page', async ({ page }) => {
		await page.goto('/');
		await waitForServiceWorker(page);
		const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
		expect(script).toMatch(/\/sw\.js$/);
	});

	test('says once that the app is ready to work offline', async ({ page }) => {
		await page.goto('/');
		// The note follows the first worker's install, which starts once the page is idle: it
		// showed 4.3 to 5.7 s after the visit began on this machine, against an expect's 5 s, and
		// any more work on Home's first load (a second button on the welcome) pushed it past.
		// Wait for the worker itself, then for the note.
		await waitForActiveWorker(page);
		// Within the note, and by its exact name: a role name matches any button whose name
		// merely contains "ok" ("Look…", "Book…").
		const note = page.getByRole('region', { name: 'Offline' });
		await expect(note).toContainText('Ready to work offline');
		await note.getByRole('button', { name: 'OK', exact: true }).click();
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

	test('a scorecard starts with its code compiled as it loads, and draws no image', async ({
		page,
		request
	}) => {
		const id = await startGame(page, ['Ana', 'Ben']);
		await page.goto(`/game/${id}`);
		await expect(page.getByRole('button', { name: 'Score for Ana' })).toBeVisible();
		const loaded = await page.evaluate(() =>
			performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)
		);
		// The phone's bottom bar hides the brand image, and the tab's icon is the ICO file: an SVG
		// image is drawn on the page's main thread while the app starts.
		expect(loaded.filter((p) => p.endsWith('.svg'))).toEqual([]);
		const chunks = await Promise.all(
			loaded
				.filter((p) => p.startsWith('/_app/immutable/chunks/'))
				.map(async (p) => ({ path: p, code: await (await request.get(p)).text() }))
		);
		const hinted = chunks
			.filter(({ code }) => code.split('\n', 1)[0] === '//# allFunctionsCalledOnLoad')
			.map(({ path }) => path);
		// The shell (the largest script the app's entries import: the database's code, which may
		// be larger, loads once the board is drawn) and the scorecard's own chunk: see EAGER_HINT
		// in vite.config.ts.
		const entries = await Promise.all(
			loaded
				.filter((p) => p.startsWith('/_app/immutable/entry/'))
				.map(async (p) => (await request.get(p)).text())
		);
		const imported = entries.flatMap((code) =>
			[...code.matchAll(/"\.\.\/chunks\/([^"]+)"/g)].map(([, f]) => `/_app/immutable/chunks/${f}`)
		);
		const shell = chunks
			.filter(({ path }) => imported.includes(path))
			.reduce((a, b) => (b.code.length > a.code.length ? b : a)).path;
		expect(hinted).toHaveLength(2);
		expect(hinted).toContain(shell);
	});

	test('checks for updates on request and finds none for the same build', async ({ page }) => {
		await page.goto('/settings');
		await waitForServiceWorker(page);
		await page.getByRole('button', { name: 'Check for updates' }).click();
		await expect(page.getByText('You have the latest version.')).toBeVisible();
		await expect(page.getByRole('heading', { name: 'Update available' })).toBeHidden();
	});
});

/** When the page's document was read to its end, and when each of its files was asked for. */
async function loadTiming(page: Page) {
	return page.evaluate(() => ({
		parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
			.domInteractive,
		asked: performance
			.getEntriesByType('resource')
			.map((e) => ({ path: new URL(e.name).pathname, at: e.startTime }))
	}));
}

/**
 * The built app as a static host (and the school server) serves it: `build/`, its one page for
 * every address. `vite preview`, which the other tests use, renders each page itself.
 */
test.describe('served from build/', () => {
	let host: ChildProcess;
	let origin: string;
	test.beforeAll(async () => {
		const port = Number(process.env.E2E_STATIC_PORT ?? 8826) + test.info().parallelIndex;
		origin = `http://127.0.0.1:${port}`;
		host = hostBuild('build', port);
		await hostAnswers(origin);
	});
	test.afterAll(() => {
		if (host.pid) process.kill(-host.pid);
	});

	test('offline, a scorecard draws its board before the database library loads', async ({
		page,
		context,
		request
	}) => {
		const id = await startGame(page, ['Ana', 'Ben'], origin);
		await waitForServiceWorker(page);
		await context.setOffline(true);
		// The worker answers every address with the same page, which names the app's shell.
		await page.goto(`${origin}/game/${id}`);
		await expect(page.getByRole('button', { name: 'Score for Ana' })).toBeVisible();
		const timing = await loadTiming(page);
		const report = JSON.stringify(timing, null, 1);
		const holdsLibrary = (path: string) => holdsDexie(request, origin, path);
		// None of the files asked for as the page is read holds the database's library (Dexie):
		// the board is drawn from a plain read while it loads (src/lib/db/plain-read.ts).
		const early = timing.asked.filter((r) => r.at < timing.parsed && r.path.endsWith('.js'));
		expect(early.length, report).toBeGreaterThan(3);
		for (const { path } of early) {
			expect(await holdsLibrary(path), `${path}\n${report}`).toBe(false);
		}
		// It loads once the board is drawn, for the page's live query: one file, asked for later.
		await expect
			.poll(async () => {
				const later = (await loadTiming(page)).asked.filter(
					(r) => r.at >= timing.parsed && r.path.endsWith('.js')
				);
				return (await Promise.all(later.map((r) => holdsLibrary(r.path)))).filter(Boolean).length;
			})
			.toBe(1);
	});

	test('offline, Home lists its games before the database library loads', async ({
		page,
		context,
		request
	}) => {
		// When the list first shows, by the page's clock.
		await context.addInitScript(() => {
			const observer = new MutationObserver(() => {
				// The app's list, not the early paint's (src/lib/early-paint.ts).
				if (!document.querySelector('.lists:not(.early-paint *)')) return;
				(window as unknown as { __listed: number }).__listed = performance.now();
				observer.disconnect();
			});
			observer.observe(document, { subtree: true, childList: true });
		});
		await startGame(page, ['Ana', 'Ben'], origin);
		// A phone that opened the app before has answered Home's first-start question.
		await page.goto(`${origin}/`);
		await page.getByRole('button', { name: 'Decide later' }).click();
		await waitForServiceWorker(page);
		await context.setOffline(true);
		await page.goto(`${origin}/`);
		await expect(page.getByRole('heading', { name: 'Games in progress' })).toBeVisible();
		await expect(page.locator('.lists .names')).toHaveText(['Ana', 'Ben']);
		const listed = await page.evaluate(() => (window as unknown as { __listed: number }).__listed);
		const timing = await loadTiming(page);
		const report = JSON.stringify({ listed, ...timing }, null, 1);
		// None of the files asked for before the list showed holds the database's library: the
		// list is drawn from a plain read while it loads (src/lib/components/first-home.ts).
		const early = timing.asked.filter((r) => r.at < listed && r.path.endsWith('.js'));
		expect(early.length, report).toBeGreaterThan(3);
		for (const { path } of early) {
			expect(await holdsDexie(request, origin, path), `${path}\n${report}`).toBe(false);
		}
		// It loads for the lists' live queries: one file, asked for after the list showed.
		await expect
			.poll(async () => {
				const later = (await loadTiming(page)).asked.filter(
					(r) => r.at >= listed && r.path.endsWith('.js')
				);
				const held = await Promise.all(later.map((r) => holdsDexie(request, origin, r.path)));
				return held.filter(Boolean).length;
			})
			.toBe(1);
	});
});

/**
 * When the early paint first showed (`.early-paint` with `selector` in it) and when the app's
 * own `selector` did, by the page's clock; and how the app took over (its performance mark).
 */
async function earlyPaint(page: Page, selector: string) {
	await page.waitForFunction(() =>
		performance.getEntriesByType('mark').some((m) => m.name.startsWith('early-paint-'))
	);
	return page.evaluate((selector) => {
		const w = window as unknown as { __early?: number; __app?: number };
		return {
			early: w.__early,
			app: w.__app,
			took: performance
				.getEntriesByType('mark')
				.map((m) => m.name)
				.filter((n) => n.startsWith('early-paint-')),
			left: document.querySelectorAll('.early-paint').length,
			shown: document.querySelectorAll(selector).length
		};
	}, selector);
}

/** Each element of the screen's frame in `root`: its tag, class and box (whole pixels). */
function frameBoxes(page: Page, root: string) {
	return page.locator(`${root} > .frame`).evaluate((frame) =>
		[frame, ...frame.querySelectorAll('*')].map((el) => {
			const box = el.getBoundingClientRect();
			const at = [box.x, box.y, box.width, box.height].map(Math.round).join(' ');
			return `${el.tagName} ${el.getAttribute('class') ?? ''} ${at}`;
		})
	);
}

/** Notes, by the page's clock, when the early paint and the app first show `selector`. */
function noteEarlyPaint(selector: string): void {
	const w = window as unknown as { __early?: number; __app?: number };
	const observer = new MutationObserver(() => {
		w.__early ??= document.querySelector(`.early-paint ${selector}`)
			? performance.now()
			: undefined;
		w.__app ??= document.querySelector(`${selector}:not(.early-paint *)`)
			? performance.now()
			: undefined;
		if (w.__app !== undefined) observer.disconnect();
	});
	observer.observe(document, { subtree: true, childList: true });
}

test.describe('early paint', () => {
	let host: ChildProcess;
	let origin: string;
	test.beforeAll(async () => {
		const port = Number(process.env.E2E_STATIC_PORT ?? 8826) + 10 + test.info().parallelIndex;
		origin = `http://127.0.0.1:${port}`;
		host = hostBuild('build', port);
		await hostAnswers(origin);
	});
	test.afterAll(() => {
		if (host.pid) process.kill(-host.pid);
	});

	test('offline, Home and a scorecard show as last drawn before any of the app’s code runs, and the app takes over the same screen', async ({
		page,
		context
	}) => {
		const id = await startGame(page, ['Ana', 'Ben'], origin);
		await score(page, 'Ana', 10);
		await page.goto(`${origin}/`);
		await page.getByRole('button', { name: 'Decide later' }).click();
		await waitForServiceWorker(page);
		// Each screen shown a moment, with no write: the app keeps it then.
		await page.waitForTimeout(2500);
		await page.goto(`${origin}/game/${id}`);
		await expect(page.locator('.board .total')).toHaveText(['Ana: 10 points', 'Ben: 0 points']);
		await page.waitForTimeout(2500);
		await page.goto('about:blank');
		await context.setOffline(true);

		for (const [path, selector] of [
			['/', '.lists'],
			[`/game/${id}`, '.board .total']
		] as const) {
			const start = await context.newPage();
			await start.addInitScript(noteEarlyPaint, selector);
			await start.goto(`${origin}${path}`);
			const seen = await earlyPaint(start, selector);
			const timing = await loadTiming(start);
			const report = JSON.stringify({ path, ...seen, ...timing }, null, 1);
			// Shown before the page was read to its end, so before any module of the app ran.
			expect(seen.early, report).toBeLessThan(timing.parsed);
			expect(seen.app, report).toBeGreaterThan(seen.early!);
			// Taken over from a drawing equal to it, and gone.
			expect(seen.took, report).toEqual(['early-paint-same']);
			expect(seen.left, report).toBe(0);
			await start.close();
		}
		await page.goto(`${origin}/`);
		await expect(page.locator('.lists .names')).toHaveText(['Ana', 'Ben']);
		await expect(page.locator('.lists .total')).toHaveText(['10', '0']);
	});

	test('a first visit shows Home as the app draws it before any of the app’s code runs, and the app takes over the same screen', async ({
		page
	}) => {
		// The test's context is new: nothing stored, no worker, as on a device that never ran it.
		await page.addInitScript(noteEarlyPaint, '.welcome');
		await page.goto(`${origin}/`);
		const seen = await earlyPaint(page, '.welcome');
		const timing = await loadTiming(page);
		const report = JSON.stringify({ ...seen, ...timing }, null, 1);
		// Shown before the page was read to its end, so before any module of the app ran.
		expect(seen.early, report).toBeLessThan(timing.parsed);
		expect(seen.app, report).toBeGreaterThan(seen.early!);
		// Taken over from a drawing equal to it: the template in src/app.html is what the app
		// draws (else `npx vite build && npm run first-visit`, and build again).
		expect(seen.took, report).toEqual(['early-paint-same']);
		expect(seen.left, report).toBe(0);
		await expect(page.getByRole('heading', { name: 'Who is using this device?' })).toBeVisible();
		await expect(page.getByRole('heading', { name: 'No games on this device yet' })).toBeVisible();
		expect(await page.evaluate(() => localStorage.getItem('muggins-started'))).toBe('1');
	});

	test('a first visit’s early screen is inert and accessible, in both themes, until the app takes over', async ({
		page
	}) => {
		// The app's code never comes: the early screen stays, as on a slow network.
		await page.route('**/_app/**/*.js', (route) => route.abort());
		for (const colorScheme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme });
			await page.goto(`${origin}/`, { waitUntil: 'commit' });
			const early = page.locator('body > .early-paint');
			await expect(early.locator('.welcome')).toBeVisible();
			expect(await early.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
			// Seen, not working: no key reaches it (the skip link, the page's first stop, is skipped).
			await page.keyboard.press('Tab');
			expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
			// The theme is the device's (no saved one on a first visit): the page's own colours.
			const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
			expect(dark).toBe(colorScheme === 'dark');
			const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
			// --color-bg of each theme (app.css).
			expect(background).toBe(colorScheme === 'dark' ? 'rgb(11, 31, 23)' : 'rgb(246, 244, 238)');
			await expectAccessible(page, `a first visit's early screen (${colorScheme})`);
		}
		// Laid out as the app's: the styles it needs come with the page, not with the app's code.
		const early = await frameBoxes(page, '.early-paint');
		await page.unroute('**/_app/**/*.js');
		await page.goto(`${origin}/`);
		await expect(page.locator('.early-paint')).toHaveCount(0);
		await expect(page.locator('.welcome')).toBeVisible();
		const app = await frameBoxes(page, 'body > div[style]');
		expect(early.length).toBeGreaterThan(50);
		expect(early).toEqual(app);
	});

	// Either says this device ran the app: the mark of a start, or the note of the store's
	// version every opening has written (a device that used a version before the mark).
	for (const sign of ['muggins-started', 'muggins:db-version:muggins-league']) {
		test(`a device that has run the app (${sign} alone) never shows the first visit’s welcome`, async ({
			page,
			context
		}) => {
			await startGame(page, ['Ana', 'Ben'], origin);
			// Nothing kept, no write noted: only `sign` says this device ran the app.
			await page.evaluate((sign) => {
				for (const key of Object.keys(localStorage)) {
					if (key.startsWith('muggins') && key !== sign) localStorage.removeItem(key);
				}
			}, sign);
			expect(await page.evaluate((sign) => localStorage.getItem(sign), sign)).not.toBeNull();
			await page.goto('about:blank');
			const start = await context.newPage();
			await start.addInitScript(() => {
				const w = window as unknown as { __welcome?: boolean };
				new MutationObserver(() => {
					w.__welcome ||= document.querySelector('.welcome') !== null;
				}).observe(document, { subtree: true, childList: true });
			});
			await start.goto(`${origin}/`);
			await expect(start.locator('.lists .names')).toHaveText(['Ana', 'Ben']);
			await start.waitForTimeout(500);
			expect(
				await start.evaluate(() => (window as unknown as { __welcome?: boolean }).__welcome)
			).toBe(false);
			await start.close();
			await page.goto(`${origin}/`);
			await expect(page.locator('.lists .names')).toHaveText(['Ana', 'Ben']);
		});
	}

	test('a device that holds games but whose storage was emptied shows the first visit a moment, then its lists', async ({
		page,
		context
	}) => {
		await startGame(page, ['Ana', 'Ben'], origin);
		// As a device whose storage was emptied and its store kept (site data partly cleared):
		// nothing says it ran the app.
		await page.evaluate(() => {
			for (const key of Object.keys(localStorage)) {
				if (key.startsWith('muggins')) localStorage.removeItem(key);
			}
		});
		await page.goto('about:blank');
		const start = await context.newPage();
		await start.addInitScript(noteEarlyPaint, '.welcome');
		await start.goto(`${origin}/`);
		const seen = await earlyPaint(start, '.welcome');
		// The app's drawing differs (its lists): it takes over once that has settled.
		expect(seen.early, JSON.stringify(seen)).toBeDefined();
		expect(seen.took).toEqual(['early-paint-unlike']);
		expect(seen.left).toBe(0);
		await expect(start.locator('.lists .names')).toHaveText(['Ana', 'Ben']);
		await expect(start.locator('.welcome')).toHaveCount(0);
		await start.close();
		await page.goto(`${origin}/`);
		await expect(page.locator('.lists .names')).toHaveText(['Ana', 'Ben']);
	});

	test('a write forgets the kept screens: the next start draws the store as it is', async ({
		page,
		context
	}) => {
		const id = await startGame(page, ['Ana', 'Ben'], origin);
		await page.waitForTimeout(2500);
		await page.goto(`${origin}/game/${id}`);
		await page.waitForTimeout(2500);
		await score(page, 'Ben', 15);
		// Closed right after the write: nothing kept since.
		await page.goto('about:blank');
		const start = await context.newPage();
		await start.addInitScript(noteEarlyPaint, '.board .total');
		await start.goto(`${origin}/game/${id}`);
		await expect(start.locator('.board .total')).toHaveText(['Ana: 0 points', 'Ben: 15 points']);
		expect(await start.evaluate(() => document.querySelectorAll('.early-paint').length)).toBe(0);
		expect(
			await start.evaluate(() => (window as unknown as { __early?: number }).__early)
		).toBeUndefined();
		// Kept again once the store has had no write for a moment, the page still open and shown.
		await start.waitForTimeout(2500);
		const again = await context.newPage();
		await again.addInitScript(noteEarlyPaint, '.board .total');
		await again.goto(`${origin}/game/${id}`);
		const seen = await earlyPaint(again, '.board .total');
		expect(seen.early, JSON.stringify(seen)).toBeDefined();
		expect(seen.took).toEqual(['early-paint-same']);
		await expect(again.locator('.board .total')).toHaveText(['Ana: 0 points', 'Ben: 15 points']);
		await again.close();
		await start.close();
		await page.goto(`${origin}/game/${id}`);
		await expect(page.locator('.board .total')).toHaveText(['Ana: 0 points', 'Ben: 15 points']);
	});
});

/** Whether the file at `path` holds the database's library (Dexie). */
async function holdsDexie(request: APIRequestContext, origin: string, path: string) {
	return (await (await request.get(`${origin}${path}`)).text()).includes('DatabaseClosed');
}

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

	test('favicon, SVG icon and Apple touch icon are served, the ICO alone as the tab’s icon', async ({
		page,
		request
	}) => {
		await page.goto('/');
		const icons = await page
			.locator('link[rel="icon"]')
			.evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
		expect(icons).toEqual(['/favicon.ico']);

		const favicon = await (await request.get('/favicon.ico')).body();
		// An ICO header (reserved 0, type 1) with one 32×32 image.
		expect([...favicon.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);

		const svg = await request.get('/icon.svg');
		expect(await svg.text()).toMatch(/^<svg /);

		const apple = await (await request.get('/apple-touch-icon.png')).body();
		expect(`${apple.readUInt32BE(16)}x${apple.readUInt32BE(20)}`).toBe('180x180');
	});
});
