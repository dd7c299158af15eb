/**
 * The instructor's pages timed in Chromium on the built app, as a teacher meets them: a school
 * loaded through the app's own db module (`school.ts`), then each page opened in a new tab,
 * from navigation start to usable (its main content on screen) and to settled (checks done,
 * charts drawn), with the peak JS heap while it loads (`performance.memory`).
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NAME_SHIM } from './ui';
import { WAIT_MS, within } from './wait';

/** The page-side bundle of `idb-entry.ts`, built once. */
let code: string | null = null;
async function bundle(root: string): Promise<string> {
	if (code) return code;
	const out = await build({
		entryPoints: [join(root, 'bench/idb-entry.ts')],
		bundle: true,
		format: 'iife',
		write: false,
		minify: true,
		alias: { $lib: join(root, 'src/lib') },
		define: { 'import.meta.env.DEV': 'false' },
		logLevel: 'silent'
	});
	code = out.outputFiles[0]?.text ?? '';
	return code;
}

/** A school loaded into a browser context, with the bench's helpers in a tab. */
export interface School {
	context: BrowserContext;
	helper: Page;
	leagueIds: string[];
	students: string[][];
	loadMs: number;
}

/** A new context holding `classes` classes in each of `leagueCount` leagues. */
export async function openSchool(
	browser: Browser,
	origin: string,
	root: string,
	classes: number,
	leagueCount = 1
): Promise<School> {
	const context = await browser.newContext({
		serviceWorkers: 'block',
		viewport: { width: 1280, height: 800 }
	});
	await context.addInitScript(NAME_SHIM);
	const helper = await context.newPage();
	await helper.goto(`${origin}/settings`);
	await helper.addScriptTag({ content: await bundle(root) });
	const t0 = Date.now();
	const loading = helper.evaluate(
		([c, l]) =>
			(
				globalThis as unknown as {
					bench: {
						loadSchool(
							c: number,
							l: number
						): Promise<{ leagueIds: string[]; students: string[][] }>;
					};
				}
			).bench.loadSchool(c, l),
		[classes, leagueCount] as const
	);
	// About 4 s a class on this machine: a minute each is ample.
	const { leagueIds, students } = await within(
		classes * leagueCount * WAIT_MS,
		`${classes * leagueCount} classes to load`,
		loading
	);
	return { context, helper, leagueIds, students, loadMs: Date.now() - t0 };
}

/** What a page shows once usable, and once settled: predicates run in the page. */
export interface PageCheck {
	name: string;
	path: string;
	usable: string;
	settled: string;
}

/** The instructor's pages of league `leagueId`, and Home. */
export function instructorPages(leagueId: string, student: string): PageCheck[] {
	const chart = `document.querySelector('.plot canvas')`;
	return [
		{ name: 'home', path: '/', usable: `document.querySelector('.lists')`, settled: 'true' },
		{
			name: 'standings',
			path: `/league/${leagueId}`,
			usable: `document.querySelector('table tbody tr')`,
			settled: `${chart} && !document.body.textContent.includes('Checking the cards')`
		},
		{
			name: 'student page',
			path: `/league/${leagueId}/students/${student}`,
			usable: `document.querySelector('main h1') && document.querySelector('main h2')`,
			settled: chart
		},
		{
			name: 'card list',
			path: `/league/${leagueId}/cards`,
			usable: `document.querySelector('ul.cards li')`,
			settled: 'true'
		}
	];
}

/** One page load: ms to usable and to settled from navigation start, peak heap in MB. */
export interface PageTiming {
	usable: number;
	settled: number;
	heapMb: number;
}

/**
 * Marks in `page`'s next document when `usable` and then `settled` (JavaScript conditions, as a
 * `PageCheck` gives them) first hold, checked each frame, and the peak JS heap until then, in
 * `window.__marks` (performance.now() times).
 */
export async function markUsableAndSettled(
	page: Page,
	usable: string,
	settled: string
): Promise<void> {
	await page.addInitScript(
		([usable, settled]) => {
			const w = window as unknown as {
				__marks: { usable?: number; settled?: number; heap: number };
			};
			w.__marks = { heap: 0 };
			const isUsable = new Function(`return !!(${usable})`) as () => boolean;
			const isSettled = new Function(`return !!(${settled})`) as () => boolean;
			const tick = () => {
				const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
				w.__marks.heap = Math.max(w.__marks.heap, memory?.usedJSHeapSize ?? 0);
				try {
					if (w.__marks.usable === undefined && document.body && isUsable()) {
						w.__marks.usable = performance.now();
					}
					if (w.__marks.usable !== undefined && isSettled()) {
						w.__marks.settled = performance.now();
						return;
					}
				} catch {
					// The page is not built yet.
				}
				requestAnimationFrame(tick);
			};
			requestAnimationFrame(tick);
		},
		[usable, settled]
	);
}

/** Opens `check` in a new tab of `context` and times it; the tab is closed after. */
export async function timePage(
	context: BrowserContext,
	origin: string,
	check: PageCheck,
	timeoutMs = 120_000
): Promise<PageTiming> {
	const page = await context.newPage();
	await markUsableAndSettled(page, check.usable, check.settled);
	await page.goto(`${origin}${check.path}`);
	await page.waitForFunction(
		() => (window as unknown as { __marks: { settled?: number } }).__marks.settled !== undefined,
		undefined,
		{ timeout: timeoutMs, polling: 100 }
	);
	const marks = await page.evaluate(
		() =>
			(window as unknown as { __marks: { usable: number; settled: number; heap: number } }).__marks
	);
	await page.close();
	return { usable: marks.usable, settled: marks.settled, heapMb: marks.heap / 1024 / 1024 };
}

/** Times of `runs` opens of one page: the median of each, and the slowest usable. */
export interface PageTimings extends PageTiming {
	runs: number;
	slowestUsable: number;
}

/**
 * Opens `check` `runs` times, one tab after another, and gives the median time to usable and to
 * settled and the highest peak heap. One open is one sample of a shared 2-core machine, and the
 * first open of a page also runs its code without V8's code cache, which an installed app has
 * from the service worker's install; the median of several is what a teacher meets, and the
 * slowest is given with it.
 */
export async function timePageRuns(
	context: BrowserContext,
	origin: string,
	check: PageCheck,
	runs: number
): Promise<PageTimings> {
	const all: PageTiming[] = [];
	for (let i = 0; i < runs; i++) all.push(await timePage(context, origin, check));
	const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
	const usable = all.map((t) => t.usable);
	return {
		runs,
		usable: median(usable),
		settled: median(all.map((t) => t.settled)),
		heapMb: Math.max(...all.map((t) => t.heapMb)),
		slowestUsable: Math.max(...usable)
	};
}

/** Opens `checks` in tabs left open (the instructor's other tabs), each once usable. */
export async function openTabs(
	context: BrowserContext,
	origin: string,
	checks: PageCheck[]
): Promise<Page[]> {
	const pages: Page[] = [];
	for (const check of checks) {
		const page = await context.newPage();
		await page.goto(`${origin}${check.path}`);
		await page.waitForFunction(check.usable, undefined, { timeout: 120_000, polling: 100 });
		pages.push(page);
	}
	return pages;
}
