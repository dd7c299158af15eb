/**
 * `npm run bench`: builds the app and times what people wait for, in the system Chromium on
 * the built app: the first-load JavaScript, the score tap (alone, with the instructor's pages
 * open in other tabs, and under a 4× CPU slowdown), the cold offline start, and each
 * instructor page at a school's sizes loaded through the app's own db module (usable, settled,
 * its heap once settled and collected), the CSVs, backup and restore. Prints a table with each budget, writes
 * bench/results.json, and exits 1 when a budget fails. Not part of `npm test`: timings belong
 * here, never in assertions. `npm run bench` runs `svelte-kit sync` first (a fresh clone).
 */
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { heapDuring, type HeapUse } from './gc-trace';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { firstLoadJS, precacheKB } from './bundle';
import { hostAnswers, hostBuild } from './host';
import { startFigures } from './starts';
import {
	instructorPages,
	OTHER_TABS,
	openTabs,
	openTeacherTab,
	medianInNewTabs,
	timePageRuns,
	type PageCheck,
	type PageTimings,
	type School
} from './pages';
import { openKeptSchool, openSchoolOnDisk } from './kept-school';
import { figure as made, markLoad, report, type Figure } from './report';
import { serverFigures } from './server';
import { liveInOwnProcess } from './live-process';
import { tapToPaint, type TapTiming } from './tap';
import { planFrom, type Size } from './parts';
import { percentile, startGame } from './ui';
import { failedWait, measured } from './wait';
import { quietWords, waitForQuiet } from './quiet';
import { referenceWorkMs } from './machine-speed';

const root = join(import.meta.dirname, '..');
const buildDir = join(root, 'build');
const port = Number(process.env.BENCH_PORT ?? 4178);
const origin = `http://127.0.0.1:${port}`;
/** How many times each instructor page is opened and timed (the median counts). */
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);
/**
 * How many times each CSV is written (the median counts): one export timed once moved by
 * ±300 ms between runs of the same build on this machine (the events CSV of 10 classes read
 * 1744, 1900 and 2266 ms in three runs).
 */
const CSV_RUNS = 3;
/**
 * How many cold starts each cold-start figure times (the median counts). Starts of one build
 * on this machine spread from about 350 to 850 ms at 4× slowdown, and a median of 5 moved by
 * ±60 ms between runs (467 to 632 ms over six runs of nearly the same code).
 */
/**
 * Loading a school through the app's db module takes about 2 s a class on this machine (writing
 * 540 cards of 30 events and 4 signatures each, with the verdicts' and contributions' upkeep):
 * the 100 leagues and the 100 classes take minutes each, so they are loaded once and kept
 * between runs (`kept-school.ts`); `BENCH_QUICK=1` leaves them out (see bench/parts.ts).
 */
const plan = planFrom(process.env);

/** A figure, printed as soon as it is measured (a long run shows its progress). */
function figure(...args: Parameters<typeof made>): Figure {
	const f = made(...args);
	console.log(
		`  ${f.name}: ${f.value.toFixed(1)} ${f.unit}${f.pass === false ? ' (over budget)' : ''}`
	);
	return f;
}

/**
 * Beside a tap figure (`name`, the budgeted one: until the frame showing the new total ends),
 * the same taps until any next task after that frame, and until the event was committed to
 * IndexedDB: no budget, they show what the deferred write costs and when it lands.
 */
function tapExtras(name: string, taps: TapTiming[] | undefined, figures: Figure[]): void {
	if (!taps) return;
	const p95 = (k: 'anyTask' | 'committed') =>
		percentile(
			taps.map((t) => t[k]),
			95
		);
	figures.push(figure(`${name} until any next task`, p95('anyTask'), 'ms', 'no budget'));
	figures.push(
		figure(name.replace('tap to painted', 'tap to committed'), p95('committed'), 'ms', 'no budget')
	);
}

interface Bench {
	kinds(): string[];
	csv(leagueId: string, kind: string): Promise<{ ms: number; rows: number; mb: number }>;
	prepareRestore(): Promise<{ backupMs: number; mb: number }>;
	restore(): Promise<{ restoreMs: number; error: string | null }>;
}

/** The page's bench helpers (`idb-entry.ts`); spelled out in each evaluate, which runs in the page. */
type InPage = { bench: Bench };

/** A work's two heap figures (`gc-trace.ts`): the budgeted peak, and what it held beside it. */
function heapFigures(what: string, heap: HeapUse, error: string | null = null): Figure[] {
	return [
		figure(
			`${what}: peak JS heap`,
			heap.peakMb,
			'MB',
			error ??
				`the heap's highest size, garbage not yet collected included, from V8's trace of its ${heap.gcs} collections`
		),
		figure(
			`${what}: JS heap held`,
			heap.heldMb,
			'MB',
			error ?? `no budget: the most it held after a full collection (${heap.majorGcs} of them)`
		)
	];
}

/**
 * The CSVs of the school's first league, each `csvRuns` times (the kinds in turn, so a burst of
 * other work on the machine spreads over them), then a backup of everything and a restore of it
 * (replace), run in its helper tab, each with its heap traced. `size` names the school in the
 * figures.
 */
async function filesAt(
	school: School,
	size: string,
	csvRuns: number,
	figures: Figure[]
): Promise<void> {
	const page = school.helper;
	const cdp = await school.context.newCDPSession(page);
	const leagueId = school.leagueIds[0]!;
	const kinds = await page.evaluate(() => (globalThis as unknown as InPage).bench.kinds());
	const made = new Map(
		kinds.map((k) => [k, { ms: [] as number[], rows: 0, mb: 0, heap: null as HeapUse | null }])
	);
	for (let run = 0; run < csvRuns; run++) {
		for (const [kind, c] of made) {
			const { out, heap } = await heapDuring(page, cdp, () =>
				page.evaluate(([id, k]) => (globalThis as unknown as InPage).bench.csv(id, k), [
					leagueId,
					kind
				] as const)
			);
			c.ms.push(out.ms);
			c.rows = out.rows;
			c.mb = out.mb;
			// The worst run's heap: the budget is on the peak, so it is the highest peak that counts.
			c.heap = !c.heap || heap.peakMb > c.heap.peakMb ? heap : c.heap;
		}
	}
	for (const [kind, c] of made) {
		const range = `${Math.min(...c.ms).toFixed(0)}–${Math.max(...c.ms).toFixed(0)} ms`;
		const spread = c.ms.length > 1 ? `; median of ${c.ms.length}, ${range}` : '';
		figures.push(
			figure(
				`${kind} CSV, ${size}`,
				percentile(c.ms, 50),
				'ms',
				`${c.rows} rows, ${c.mb.toFixed(1)} MB${spread}`
			),
			...heapFigures(`${kind} CSV, ${size}`, c.heap!)
		);
	}
	const b = await page.evaluate(() => (globalThis as unknown as InPage).bench.prepareRestore());
	figures.push(figure(`backup, ${size}`, b.backupMs, 'ms', `${b.mb.toFixed(1)} MB`));
	figures.push(figure(`backup size, ${size}`, b.mb, 'MB', 'streamed into a Blob of parts'));
	// The backup just written and the school just deleted leave the browser busy on its files
	// for a while (load 2.6-3.1 before the restores of 2026-12-03): a teacher restores on a
	// laptop at rest, so the restore waits for the machine to quieten, and says how long.
	const quiet = await waitForQuiet();
	markLoad();
	const { out: r, heap } = await heapDuring(page, cdp, () =>
		page.evaluate(() => (globalThis as unknown as InPage).bench.restore())
	);
	figures.push(
		figure(
			`restore, ${size}`,
			r.restoreMs,
			'ms',
			r.error ?? `replace, the file read and checked first; ${quietWords(quiet)}`
		),
		...heapFigures(`restore, ${size}`, heap, r.error),
		figure(`backup and restore failures, ${size}`, r.error ? 1 : 0, 'count', r.error ?? '')
	);
	await cdp.detach();
}

/**
 * The figures of one page at `size`: time to usable, the same in new tabs (no budget; left out
 * with `noNewTabs`, at 100 classes, where each new tab's load takes seconds), settled, the heap
 * once settled (collected first) and the peak heap while loading (no budget). `failed` is why
 * the loads did not finish.
 */
async function pageFigures(
	school: School,
	check: PageCheck,
	size: string,
	timed: { t?: PageTimings; runs: number; failed?: string; noNewTabs?: boolean }
): Promise<Figure[]> {
	const { t, runs, failed } = timed;
	const usable = figure(
		`${check.name}, ${size}: usable`,
		t?.usable ?? NaN,
		'ms',
		failed ?? `median of ${runs} loads; slowest ${t?.slowestUsable.toFixed(0)} ms`
	);
	const newTabs = timed.noNewTabs
		? []
		: [
				await measured(
					(v, note) =>
						figure(
							`${check.name}, ${size}: usable in a new tab`,
							v,
							'ms',
							note ?? 'no budget: median of 3 opens, each in a new tab'
						),
					() => medianInNewTabs(school.context, origin, check, 3)
				)
			];
	return [
		usable,
		...newTabs,
		figure(
			`${check.name}, ${size}: settled`,
			t?.settled ?? NaN,
			'ms',
			failed ?? `median of ${runs} loads`
		),
		figure(
			`${check.name}, ${size}: JS heap, settled`,
			t?.settledHeapMb ?? NaN,
			'MB',
			failed ?? 'one more load after the timed ones, read once settled after a garbage collection'
		),
		figure(
			`${check.name}, ${size}: peak JS heap`,
			t?.heapMb ?? NaN,
			'MB',
			failed ??
				`no budget: the highest of ${runs} loads while loading, what the page before left uncollected included`
		)
	];
}

/** Times every instructor page of `school`, then the tap with the pages open in other tabs. */
async function pagesAt(
	browser: Browser,
	school: School,
	size: string,
	figures: Figure[],
	opts: { tap: boolean; pages: boolean; noNewTabs?: boolean }
): Promise<void> {
	const leagueId = school.leagueIds[0]!;
	const [student = '', other = ''] = school.students[0] ?? [];
	const checks = instructorPages(leagueId, student, other);
	if (opts.pages) {
		const runs = opts.noNewTabs ? 3 : PAGE_RUNS;
		let timings: Map<string, PageTimings> | undefined;
		let failed: string | undefined;
		try {
			const tab = await openTeacherTab(school.context, origin);
			timings = await timePageRuns(tab, origin, checks, runs);
			await tab.page.close();
		} catch (err) {
			failed = failedWait(err);
			if (failed === undefined) throw err;
		}
		for (const check of checks) {
			const t = timings?.get(check.name);
			const timed = { t, runs, failed, noNewTabs: opts.noNewTabs };
			figures.push(...(await pageFigures(school, check, size, timed)));
		}
	}
	if (!opts.tap) return;
	let tabs: Awaited<ReturnType<typeof openTabs>> = [];
	let shared: TapTiming[] | undefined;
	figures.push(
		await measured(
			(v, note) =>
				figure(
					`tap to painted p95, other tabs open, ${size}`,
					v,
					'ms',
					note ?? 'standings, a student page and the card list open in other tabs'
				),
			async () => {
				tabs = await openTabs(
					school.context,
					origin,
					checks.filter((c) => OTHER_TABS.has(c.name))
				);
				const taps = await tapToPaint(browser, origin, 60, { context: school.context });
				shared = taps;
				return percentile(
					taps.map((t) => t.work),
					95
				);
			}
		)
	);
	tapExtras(`tap to painted p95, other tabs open, ${size}`, shared, figures);
	for (const tab of tabs) await tab.close();
}

/** First-load JavaScript of home and the scorecard, and what the service worker precaches. */
async function bundleAt(browser: Browser, figures: Figure[]): Promise<void> {
	console.log('Measuring bundle sizes…');
	figures.push(
		await measured(
			(v, note) => figure('first-load JS, home (gzip)', v, 'KB', note ?? 'before the first paint'),
			async () =>
				(await firstLoadJS(browser, origin, buildDir, 'main h1', async () => '/')).beforePaint
		)
	);
	figures.push(
		await measured(
			(v, note) =>
				figure('first-load JS, scorecard (gzip)', v, 'KB', note ?? 'before the first paint'),
			async () =>
				(
					await firstLoadJS(browser, origin, buildDir, '.board .total', async (page) => {
						return `/game/${await startGame(page, origin, ['Ana', 'Ben', 'Cara'])}`;
					})
				).beforePaint
		)
	);
	const pre = precacheKB(buildDir);
	figures.push(
		figure('precached by the service worker (gzip)', pre.kb, 'KB', `${pre.files} files`)
	);
}

/** The score tap alone (at 1× and 4× CPU slowdown) and the cold offline start. */
async function tapAlone(browser: Browser, figures: Figure[]): Promise<void> {
	console.log('Measuring the score tap and the cold start…');
	let alone: TapTiming[] | undefined;
	let slow: TapTiming[] | undefined;
	figures.push(
		await measured(
			(v, note) =>
				figure(
					'tap to painted, p95',
					v,
					'ms',
					note ?? '100 taps, the app installed; not counting the wait for the next 60 Hz refresh'
				),
			async () =>
				percentile(
					(alone = await tapToPaint(browser, origin, 100)).map((t) => t.work),
					95
				)
		)
	);
	tapExtras('tap to painted, p95', alone, figures);
	figures.push(
		await measured(
			(v, note) =>
				figure(
					'tap to painted p95, 4× CPU slowdown',
					v,
					'ms',
					note ?? 'Emulation.setCPUThrottlingRate 4 (a mid-range phone)'
				),
			async () =>
				percentile(
					(slow = await tapToPaint(browser, origin, 60, { slowdown: 4 })).map((t) => t.work),
					95
				)
		)
	);
	tapExtras('tap to painted p95, 4× CPU slowdown', slow, figures);
	figures.push(
		await measured(
			(v, note) =>
				figure(
					'tap to painted p95, 4× CPU slowdown, first visit',
					v,
					'ms',
					note ?? 'no budget: timed from the new game on, while the service worker installs'
				),
			async () =>
				percentile(
					(await tapToPaint(browser, origin, 60, { slowdown: 4, firstVisit: true })).map(
						(t) => t.work
					),
					95
				)
		)
	);
	markLoad();
	figures.push(...(await startFigures(browser, origin, buildDir, port)));
}

/** The schools the bench loads, by the key `BENCH_SIZES` names them with. */
const SCHOOLS: {
	key: Size;
	name: string;
	short: string;
	classes: number;
	leagues: number;
	/** Loaded once and kept between runs (`kept-school.ts`). */
	kept: boolean;
}[] = [
	{ key: '1', name: '1 class', short: '1 class', classes: 1, leagues: 1, kept: false },
	{
		key: '10',
		name: '10 classes in one league',
		short: '10 classes',
		classes: 10,
		leagues: 1,
		kept: false
	},
	{ key: '100l', name: '100 leagues', short: '100 leagues', classes: 1, leagues: 100, kept: true },
	{ key: '100', name: '100 classes', short: '100 classes', classes: 100, leagues: 1, kept: true }
];

/**
 * One school loaded through the app's db module, then what the plan asks of it: the CSVs,
 * backup and restore (10 and 100 classes), each page, and the tap with the pages open in other
 * tabs. At 100 classes each page is timed without the loads in new tabs, and the tap as at
 * every size.
 */
async function schoolAt(
	browser: Browser,
	size: (typeof SCHOOLS)[number],
	figures: Figure[]
): Promise<void> {
	const files = plan.parts.has('files') && (size.key === '10' || size.key === '100');
	const pages = plan.parts.has('pages');
	const tap = plan.parts.has('tap');
	if (!files && !pages && !tap) return;
	console.log(`${size.kept ? 'Opening' : 'Loading'} ${size.name}…`);
	markLoad();
	const school = size.kept
		? await openKeptSchool(origin, root, size.classes, size.leagues, [MEMORY_INFO, EXPOSE_GC])
		: await openSchoolOnDisk(origin, root, size.classes, size.leagues, [MEMORY_INFO, EXPOSE_GC]);
	const loadName =
		size.key === '100'
			? "loading 100 classes through the app's db module"
			: `loading ${size.name} through the app's db module`;
	figures.push(
		figure(
			loadName,
			school.loadMs,
			'ms',
			school.kept ? 'loaded by an earlier run and kept (bench/kept-school.ts)' : undefined
		)
	);
	if (files) {
		console.log(`Measuring the CSVs, backup and restore, ${size.short}…`);
		markLoad();
		// The restore writes the school again: a kept one is not whole until it is done.
		school.changing?.();
		// Once at 100 classes (the events took about 20 s there).
		await filesAt(school, size.short, size.key === '100' ? 1 : CSV_RUNS, figures);
		school.whole?.();
	}
	// The helper tab goes first, so its heap does not count against the pages.
	await school.helper.close();
	if (pages || tap) {
		console.log(`Timing the pages, ${size.name}…`);
		markLoad();
		await pagesAt(browser, school, size.name, figures, {
			tap,
			pages,
			noNewTabs: size.key === '100'
		});
	}
	await school.close();
}

/** Stops process group `pid`; one that has ended already (a host that could not listen) is left. */
function stopGroup(pid: number): void {
	try {
		process.kill(-pid);
	} catch (err) {
		if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
	}
}

/** Lets a page read its JS heap to the byte (`performance.memory`). */
const MEMORY_INFO = '--enable-precise-memory-info';
/** Lets the school's helper tab collect garbage before each export and the restore (`gc()`). */
const EXPOSE_GC = '--js-flags=--expose-gc';

/**
 * How fast the machine runs at the `when` of the run (`machine-speed.ts`), once it is quiet (at
 * the start, the build has just run: load average 6.9 before the first reading, 10:04 UTC).
 */
async function machineFigure(when: 'start' | 'end'): Promise<Figure> {
	const quiet = await waitForQuiet();
	markLoad();
	return figure(
		`machine: reference work at the ${when}`,
		referenceWorkMs(),
		'ms',
		`no budget: the same fixed work on one core (bench/machine-speed.ts), median of 5, ${quietWords(quiet)}; the CPU's speed only, not a restore's (docs/speed.md, 2026-12-03: 239-295 ms)`
	);
}

async function main(): Promise<boolean> {
	console.log('Building…');
	execSync('npx vite build', { cwd: root, stdio: 'ignore' });
	const server = hostBuild(buildDir, port);
	const figures: Figure[] = [await machineFigure('start')];
	let browser: Browser | undefined;
	try {
		browser = await chromium.launch({
			executablePath: CHROME_PATH,
			args: [...CHROME_ARGS, MEMORY_INFO]
		});
		await hostAnswers(origin);
		if (plan.parts.has('bundle')) await bundleAt(browser, figures);
		if (plan.parts.has('tap')) await tapAlone(browser, figures);
		for (const size of SCHOOLS) {
			if (plan.sizes.has(size.key)) await schoolAt(browser, size, figures);
		}
	} finally {
		// The host goes whatever failed (a browser that would not start left it holding the port).
		await browser?.close();
		if (server.pid) stopGroup(server.pid);
	}
	if (plan.parts.has('server')) figures.push(...(await serverFigures()));
	if (plan.parts.has('live')) figures.push(...(await liveInOwnProcess()));
	figures.push(await machineFigure('end'));
	const out = plan.partial ? 'bench/results-partial.json' : 'bench/results.json';
	return report(figures, join(root, out));
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(err: unknown) => {
		console.error(err);
		process.exit(1);
	}
);
