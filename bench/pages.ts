/**
 * The instructor's pages timed in Chromium on the built app, as a teacher meets them: the app
 * installed (its service worker in control), a school loaded through the app's own db module
 * (`school.ts`), then each page loaded in full in the teacher's tab, from navigation start to
 * usable (its main content on screen) and to settled (checks done, charts drawn), with the peak
 * JS heap while it loads (`performance.memory`).
 */
import { pageBundle } from './page-bundle';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { SESSIONS } from './school-size';
import { NAME_SHIM, waitForWorker } from './ui';
import { WAIT_MS, within } from './wait';

/** The page-side bundle of `idb-entry.ts`, built once. */
let code: string | null = null;
async function bundle(root: string): Promise<string> {
	if (code) return code;
	code = await pageBundle(join(root, 'bench/idb-entry.ts'), root, true);
	return code;
}

/** A school loaded into a browser context, with the bench's helpers in a tab. */
export interface School {
	context: BrowserContext;
	helper: Page;
	leagueIds: string[];
	students: string[][];
	/** How long loading it took: this run, or the run that seeded a kept school. */
	loadMs: number;
	/** Kept from an earlier run (`kept-school.ts`), not loaded by this one. */
	kept: boolean;
	/** Closes its context, and deletes its profile where it is not kept. */
	close(): Promise<void>;
	/** A kept school: takes away the note that it is whole (before a step that writes it again). */
	changing?(): void;
	/** A kept school: puts the note back (the step left the same school). */
	whole?(): void;
}

/**
 * A new context of `browser` holding `classes` classes in each of `leagueCount` leagues, kept in
 * memory (the profiling scripts'; `npm run bench` keeps its schools on disk, `kept-school.ts`).
 */
export async function openSchool(
	browser: Browser,
	origin: string,
	root: string,
	classes: number,
	leagueCount = 1
): Promise<School> {
	const context = await browser.newContext({ viewport: SCHOOL_VIEWPORT });
	const loaded = await loadSchoolInto(context, origin, root, classes, leagueCount);
	return { context, kept: false, close: () => context.close(), ...loaded };
}

/** The size of the teacher's window in a school's context (a laptop's). */
export const SCHOOL_VIEWPORT = { width: 1280, height: 800 };

/**
 * The helper tab of `context`: the app opened on Settings with its service worker installed and
 * in control (an installed app, as a teacher has it: every page is then loaded from the worker),
 * and the bench's page-side helpers (`idb-entry.ts`) added.
 */
export async function openHelper(
	context: BrowserContext,
	origin: string,
	root: string
): Promise<Page> {
	await context.addInitScript(NAME_SHIM);
	const helper = await context.newPage();
	await helper.goto(`${origin}/settings`);
	await waitForWorker(helper);
	await helper.addScriptTag({ content: await bundle(root) });
	return helper;
}

/** Loads `classes` classes in each of `leagueCount` leagues into `context` through the app's db module. */
export async function loadSchoolInto(
	context: BrowserContext,
	origin: string,
	root: string,
	classes: number,
	leagueCount: number
): Promise<Omit<School, 'context' | 'kept' | 'close'>> {
	const helper = await openHelper(context, origin, root);
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
	return { helper, leagueIds, students, loadMs: Date.now() - t0 };
}

/** What a page shows once usable, and once settled: predicates run in the page. */
export interface PageCheck {
	name: string;
	path: string;
	usable: string;
	settled: string;
}

/**
 * The first class of the first league as `bench/school.ts` names what it loads: its students
 * `p0-0-<n>`, its sessions `s0-0-<n>` (the last is the latest), its games `g0-0-<session>-<group>`.
 */
const FIRST_CLASS = '0-0';
const LATEST_SESSION = `s${FIRST_CLASS}-${SESSIONS - 1}`;
const FIRST_CARD = `g${FIRST_CLASS}-0-0`;

/** The pages open in the instructor's other tabs while the score is tapped (their figure's note). */
export const OTHER_TABS: ReadonlySet<string> = new Set(['standings', 'student page', 'card list']);

/** The instructor's pages of league `leagueId`, and Home; `student` and `other` are of its first class. */
export function instructorPages(leagueId: string, student: string, other: string): PageCheck[] {
	const chart = `document.querySelector('.plot canvas')`;
	const text = (words: string) => `document.body.textContent.includes(${JSON.stringify(words)})`;
	return [
		{
			// Usable once its lists show, the early paint's (`early-paint.ts`) included; settled once
			// the app has drawn them itself and taken over.
			name: 'home',
			path: '/',
			usable: `document.querySelector('.lists')`,
			settled: `!document.querySelector('.early-paint') && document.querySelector('main .lists') && !${text('Loading')}`
		},
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
			settled: `!${text('Loading')} && !${text('Checking')}`
		},
		{
			// A page of the league's sessions (issue 39): 60 at 1 class, 600 at 10, 6,000 at 100.
			name: 'sessions',
			path: `/league/${leagueId}/sessions`,
			usable: `document.querySelector('ul.sessions li')`,
			settled: `document.querySelectorAll('ul.sessions li').length === 30`
		},
		{
			// A page of a district's leagues (issue 39): 20 of 100 at 100 leagues.
			name: 'leagues list',
			path: '/league',
			usable: `document.querySelector('ul.leagues li')`,
			settled: `!${text('Loading')}`
		},
		{
			// One signed card with its totals and its signatures judged (issue 39).
			name: 'signed card',
			path: `/league/${leagueId}/cards/${FIRST_CARD}`,
			usable: `document.querySelector('#totals-title')`,
			settled: text('Signed by every player')
		},
		{
			// The day's summary of the latest session (issue 41).
			name: 'session summary',
			path: `/league/${leagueId}/sessions/${LATEST_SESSION}/summary`,
			usable: `document.querySelector('#groups-title')`,
			settled: `document.querySelector('main table tbody tr')`
		},
		{
			// Two students' games against each other (issue 41).
			name: 'head-to-head',
			path: `/league/${leagueId}/students/${student}/vs/${other}`,
			usable: `document.querySelector('main h1')`,
			settled: `document.querySelector('#games-title') || ${text('have not played against each other')}`
		},
		{
			// Who could use help counting, and who improved most (issue 41).
			name: 'insights',
			path: `/league/${leagueId}/insights`,
			usable: `document.querySelector('#help-title')`,
			settled: `document.querySelector('#improved-title')`
		}
	];
}

/**
 * One page load: ms to usable and to settled from navigation start; the peak JS heap while it
 * loads, and the heap once settled with garbage collected first, in MB.
 */
export interface PageTiming {
	usable: number;
	settled: number;
	/** The highest reading while it loaded, what the page before left uncollected included. */
	heapMb: number;
	/** The page's own heap, read once settled after a garbage collection (NaN unless asked). */
	settledHeapMb: number;
}

/**
 * Marks, in the document it runs in, when `usable` and then `settled` (JavaScript conditions,
 * as a `PageCheck` gives them) first hold, checked each frame, and the peak JS heap until then,
 * in `window.__marks` (performance.now() times). Runs in the page: it is passed as source.
 */
function markUsableAndSettledHere(usable: string, settled: string): void {
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
}

/**
 * The teacher's tab: the app open in one tab of a school's context, where each page is then
 * loaded in full (a new document, as from a bookmark, a typed address or a reload). A new tab
 * for every open would also time Chromium starting two renderer processes for it, about
 * 400 ms of CPU on this 2-core machine that is not the app's.
 */
export interface TeacherTab {
	page: Page;
	cdp: CDPSession;
}

/** `page` as a tab whose loads can be marked. */
export async function tabOf(page: Page): Promise<TeacherTab> {
	const cdp = await page.context().newCDPSession(page);
	// Scripts for new documents run only once this session has enabled the Page domain.
	await cdp.send('Page.enable');
	return { page, cdp };
}

/** Opens the teacher's tab in `context`, on Home. */
export async function openTeacherTab(context: BrowserContext, origin: string): Promise<TeacherTab> {
	const page = await context.newPage();
	await page.goto(`${origin}/`);
	await page.waitForSelector('.lists', { timeout: 120_000 });
	return tabOf(page);
}

/**
 * Marks `tab`'s next document (`markUsableAndSettledHere`); gives what takes the mark off, so
 * that only that load is marked.
 */
export async function markNextLoad(
	tab: TeacherTab,
	usable: string,
	settled: string
): Promise<() => Promise<void>> {
	const call = `(${markUsableAndSettledHere.toString()})(${JSON.stringify(usable)}, ${JSON.stringify(settled)})`;
	const { identifier } = await tab.cdp.send('Page.addScriptToEvaluateOnNewDocument', {
		source: `${NAME_SHIM}\n${call};`
	});
	return async () => {
		await tab.cdp.send('Page.removeScriptToEvaluateOnNewDocument', { identifier });
	};
}

/** Loads `check` in `tab` (a new document) and times it. */
export async function timePage(
	tab: TeacherTab,
	origin: string,
	check: PageCheck,
	timeoutMs = 120_000,
	collect = false
): Promise<PageTiming> {
	const unmark = await markNextLoad(tab, check.usable, check.settled);
	try {
		await tab.page.goto(`${origin}${check.path}`);
		await tab.page.waitForFunction(
			() =>
				(window as unknown as { __marks?: { settled?: number } }).__marks?.settled !== undefined,
			undefined,
			{ timeout: timeoutMs, polling: 100 }
		);
		const marks = await tab.page.evaluate(
			() =>
				(window as unknown as { __marks: { usable: number; settled: number; heap: number } })
					.__marks
		);
		// What this page holds, not the garbage of the one before (the same renderer's heap). Only
		// when asked: a forced collection slowed the next page's load by 80-120 ms (the standings
		// at 10 classes: 513 ms usable without, 597-620 with), so timed loads never collect.
		let held = NaN;
		if (collect) {
			await tab.cdp.send('HeapProfiler.collectGarbage');
			held = await tab.page.evaluate(
				() =>
					(performance as unknown as { memory?: { usedJSHeapSize: number } }).memory
						?.usedJSHeapSize ?? NaN
			);
		}
		return {
			usable: marks.usable,
			settled: marks.settled,
			heapMb: marks.heap / 1024 / 1024,
			settledHeapMb: held / 1024 / 1024
		};
	} finally {
		await unmark();
	}
}

/** Times of `runs` opens of one page: the median of each, and the slowest usable. */
export interface PageTimings extends PageTiming {
	runs: number;
	slowestUsable: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Loads each of `checks` `runs` times in the teacher's tab, taking the pages in turn (a burst of
 * other work on this shared machine spreads over all of them, and no page is loaded twice in
 * a row), and gives each page's median time to usable and to settled and its highest peak
 * heap; then loads each once more for its own heap once settled and collected. The first load of a page also compiles its code, which an installed app has cached
 * from its service worker's install: the median is what a teacher meets, the slowest is given
 * with it.
 */
export async function timePageRuns(
	tab: TeacherTab,
	origin: string,
	checks: PageCheck[],
	runs: number
): Promise<Map<string, PageTimings>> {
	const all = new Map<string, PageTiming[]>(checks.map((c) => [c.name, []]));
	for (let i = 0; i < runs; i++) {
		for (const check of checks) all.get(check.name)!.push(await timePage(tab, origin, check));
	}
	// Each page's own heap, once more after the timed loads: loaded, settled, collected, read.
	const held = new Map<string, number>();
	for (const check of checks) {
		held.set(check.name, (await timePage(tab, origin, check, undefined, true)).settledHeapMb);
	}
	const out = new Map<string, PageTimings>();
	for (const [name, timings] of all) {
		const usable = timings.map((t) => t.usable);
		out.set(name, {
			runs,
			usable: median(usable),
			settled: median(timings.map((t) => t.settled)),
			heapMb: Math.max(...timings.map((t) => t.heapMb)),
			settledHeapMb: held.get(name) ?? NaN,
			slowestUsable: Math.max(...usable)
		});
	}
	return out;
}

/**
 * The median time to usable of `runs` opens of `check`, each in a new tab of `context`: what a
 * page costs with Chromium's start of a tab's processes in it (shown beside the budgeted
 * figures, without a budget of its own).
 */
export async function medianInNewTabs(
	context: BrowserContext,
	origin: string,
	check: PageCheck,
	runs: number
): Promise<number> {
	const usable: number[] = [];
	for (let i = 0; i < runs; i++) {
		const tab = await tabOf(await context.newPage());
		usable.push((await timePage(tab, origin, check)).usable);
		await tab.page.close();
	}
	return median(usable);
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
