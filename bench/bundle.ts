import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { NAME_SHIM } from './ui';
import { IDLE_WORK_DONE_MS, WAIT_MS } from './wait';

/** Gzipped size in KB of a file of the build. */
export function gzipKB(buildDir: string, urlPath: string): number {
	const file = urlPath === '/' ? 'index.html' : urlPath.replace(/^\//, '');
	return gzipSync(readFileSync(join(buildDir, file)), { level: 9 }).length / 1024;
}

/** Gzipped JavaScript of a first visit: what the first screen needed, and all until idle. */
export interface FirstLoad {
	/** Scripts requested before the first screen was painted. */
	beforePaint: number;
	/**
	 * Every script requested once the page's idle-time work has loaded (`src/lib/idle.ts`):
	 * the service worker's helper and notes too.
	 */
	untilIdle: number;
}

/**
 * Gzipped JavaScript, in KB, of a first visit to `path` with an empty HTTP cache and no service
 * worker; `painted` is a selector of the first screen's main content. For a scorecard the
 * game must exist, so `prepare` may record data first (the cache is cleared after it).
 */
export async function firstLoadJS(
	browser: Browser,
	origin: string,
	buildDir: string,
	painted: string,
	prepare: (page: Page) => Promise<string>
): Promise<FirstLoad> {
	const context = await browser.newContext({ serviceWorkers: 'block' });
	await context.addInitScript(NAME_SHIM);
	const setup = await context.newPage();
	const path = await prepare(setup);
	const cdp = await context.newCDPSession(setup);
	await cdp.send('Network.clearBrowserCache');
	await setup.close();

	await context.addInitScript((selector: string) => {
		const w = window as unknown as { __scripts?: string[] };
		const scripts = () =>
			performance
				.getEntriesByType('resource')
				.map((e) => new URL(e.name).pathname)
				.filter((p) => p.endsWith('.js'));
		const observer = new MutationObserver(() => {
			if (!document.querySelector(selector)) return;
			observer.disconnect();
			requestAnimationFrame(() => (w.__scripts = scripts()));
		});
		observer.observe(document, { subtree: true, childList: true });
	}, painted);
	const page = await context.newPage();
	const all = new Set<string>();
	page.on('response', (res) => {
		const url = new URL(res.url());
		if (url.origin === origin && url.pathname.endsWith('.js')) all.add(url.pathname);
	});
	await page.goto(origin + path, { waitUntil: 'networkidle', timeout: WAIT_MS });
	// The idle-time work starts 1.5 s after the first screen, at the latest 2 s later; its
	// scripts come from this machine's server in milliseconds.
	await page.waitForTimeout(IDLE_WORK_DONE_MS);
	const before = await page.waitForFunction(
		() => (window as unknown as { __scripts?: string[] }).__scripts,
		undefined,
		{ timeout: WAIT_MS }
	);
	const first = (await before.jsonValue()) as string[];
	await context.close();
	const kb = (paths: Iterable<string>) =>
		[...new Set(paths)].reduce((n, p) => n + gzipKB(buildDir, p), 0);
	return { beforePaint: kb(first), untilIdle: kb(all) };
}

/** Gzipped size in KB of everything the service worker precaches, and how many files. */
export function precacheKB(buildDir: string): { kb: number; files: number } {
	const sw = readFileSync(join(buildDir, 'sw.js'), 'utf8');
	const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1] ?? '');
	const kb = urls.reduce((sum, u) => sum + gzipKB(buildDir, u.startsWith('/') ? u : `/${u}`), 0);
	return { kb, files: urls.length };
}
