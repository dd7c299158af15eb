/**
 * Where a page load's time goes, for finding start-up costs (not a budgeted figure: run it by
 * hand after `npx vite build`). Loads a school of `PROFILE_CLASSES` classes (1) like the
 * bench, then opens each instructor page `PROFILE_RUNS` times (3) under the CDP sampling
 * profiler and prints: when each script arrived (resource timing), the page's own
 * `performance.mark`s, the time to usable and settled, and where the main thread's time went
 * up to usable (self time by script, and the busiest functions).
 *
 *   npx vite build && BENCH_PORT=4176 TSX_TSCONFIG_PATH=server/tsconfig.json npx tsx bench/profile.ts
 *
 * `PROFILE_PAGES=standings,home` picks pages; `PROFILE_SLOWDOWN=4` throttles the CPU;
 * `PROFILE_KEPT=1` opens the bench's kept school of `PROFILE_CLASSES` classes instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import {
	instructorPages,
	markNextLoad,
	openSchool,
	openTeacherTab,
	tabOf,
	type TeacherTab
} from './pages';
import { hostAnswers, hostBuild } from './host';
import { openKeptSchool } from './kept-school';
import { HOME, SCORECARD, offlineScorecard } from './offline-start';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4178);
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.env.PROFILE_RUNS ?? 3);
const slowdown = Number(process.env.PROFILE_SLOWDOWN ?? 1);
const only = process.env.PROFILE_PAGES?.split(',');
/** With `PROFILE_TRACE=1`, a Chromium trace instead of the sampling profiler. */
const tracing = process.env.PROFILE_TRACE === '1';

interface TraceEvent {
	name: string;
	ph: string;
	ts: number;
	dur?: number;
	/** Thread (CPU) time: what a busy machine's other processes do not inflate. */
	tdur?: number;
	pid: number;
	tid: number;
	args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/**
 * Self time on the page's main thread by trace event (nested events subtracted from their
 * parents), from navigation start to `untilMs`: compiling, evaluating, style, layout, GC.
 */
function summariseTrace(events: TraceEvent[], pageZeroUs: number, untilMs: number): void {
	// The tab's renderer main thread: the one that parsed the page's HTML.
	const parse = events.find(
		(e) => e.name === 'ParseHTML' && e.ts >= pageZeroUs && JSON.stringify(e.args).includes(origin)
	);
	if (!parse) return;
	const best = { pid: parse.pid, tid: parse.tid };
	const until = pageZeroUs + untilMs * 1000;
	const xs = events
		.filter(
			(e) =>
				e.pid === best.pid &&
				e.tid === best.tid &&
				e.ph === 'X' &&
				e.dur !== undefined &&
				e.ts >= pageZeroUs &&
				e.ts < until
		)
		.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
	const self = new Map<string, number>();
	const stack: { e: TraceEvent; key: string; end: number }[] = [];
	let busy = 0;
	let cpu = 0;
	for (const e of xs) {
		while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
		const url = e.args?.data?.url ? ` ${short(e.args.data.url)}` : '';
		const key = `${e.name}${url}`;
		const dur = Math.min(e.dur ?? 0, until - e.ts);
		const parent = stack.at(-1);
		if (parent) self.set(parent.key, (self.get(parent.key) ?? 0) - dur);
		else {
			busy += dur;
			cpu += e.tdur ?? 0;
		}
		self.set(key, (self.get(key) ?? 0) + dur);
		stack.push({ e, key, end: e.ts + (e.dur ?? 0) });
	}
	console.log(
		`    main thread busy ${(busy / 1000).toFixed(0)} ms (CPU ${(cpu / 1000).toFixed(0)} ms) of ${untilMs.toFixed(0)} ms`
	);
	console.log(
		[...self]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 25)
			.map(([k, v]) => `      ${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`)
			.join('\n')
	);
}

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	startTime: number;
	samples: number[];
	timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
/** `file:line:col` of a minified position, when the build has source maps (`BUILD_SOURCEMAP=1`). */
function original(url: string, line: number, column: number): string | null {
	const path = url.replace(origin, '');
	// A module's own top level has no line (-1).
	if (!path.startsWith('/_app/') || line < 0) return null;
	if (!maps.has(path)) {
		const file = join(root, '.svelte-kit/output/client', `${path}.map`);
		maps.set(
			path,
			existsSync(file)
				? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap)
				: null
		);
	}
	const pos = maps.get(path)?.originalPositionFor({ line: line + 1, column });
	if (!pos?.source) return null;
	return `${pos.name ?? ''} ${pos.source.replace(/^(\.\.\/)+/, '').replace('node_modules/', '')}:${pos.line}`;
}

const short = (url: string) => url.replace(origin, '').replace('/_app/immutable/', '') || '(vm)';

/** Self time by script and by function, in ms, over samples taken before `untilMs` (page clock). */
function summarise(profile: Profile, pageZeroUs: number, untilMs: number): void {
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const byUrl = new Map<string, number>();
	const byFn = new Map<string, number>();
	const buckets = new Map<number, Map<string, number>>();
	let t = profile.startTime;
	for (let i = 0; i < profile.samples.length; i++) {
		t += profile.timeDeltas[i] ?? 0;
		const at = (t - pageZeroUs) / 1000;
		if (at > untilMs) break;
		const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
		const node = byId.get(profile.samples[i]!);
		if (!node) continue;
		const url = node.callFrame.url ? short(node.callFrame.url) : node.callFrame.functionName;
		byUrl.set(url, (byUrl.get(url) ?? 0) + dt);
		const { functionName, lineNumber, columnNumber } = node.callFrame;
		const fn =
			original(node.callFrame.url, lineNumber, columnNumber) ??
			`${functionName || '(anon)'} ${url}:${lineNumber}:${columnNumber}`;
		byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
		if (at >= 0) {
			const b = Math.floor(at / 25);
			const m = buckets.get(b) ?? new Map<string, number>();
			m.set(fn, (m.get(fn) ?? 0) + dt);
			buckets.set(b, m);
		}
	}
	const top = (m: Map<string, number>, n: number) =>
		[...m]
			.sort((a, b) => b[1] - a[1])
			.slice(0, n)
			.map(([k, v]) => `      ${v.toFixed(1).padStart(7)} ms  ${k}`)
			.join('\n');
	console.log(`    timeline (25 ms buckets: busiest function, share of the bucket busy):`);
	for (const [bucket, fns] of [...buckets].sort((a, b) => a[0] - b[0])) {
		const busy = [...fns].filter(([k]) => !k.startsWith('(idle)')).reduce((a, [, v]) => a + v, 0);
		const topFn = [...fns].sort((a, b) => b[1] - a[1]).slice(0, 2);
		console.log(
			`      ${String(bucket * 25).padStart(5)} ${String(Math.round((busy / 25) * 100)).padStart(3)}%  ${topFn.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | ')}`
		);
	}
	console.log(`    self time by script, until usable:\n${top(byUrl, 14)}`);
	console.log(`    busiest functions:\n${top(byFn, 14)}`);
}

async function profileOnce(tab: TeacherTab, path: string, usable: string, settled: string) {
	const { page, cdp } = tab;
	if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
	if (tracing) {
		await page
			.context()
			.browser()!
			.startTracing(page, {
				categories: ['devtools.timeline', 'v8', 'v8.execute', 'blink', 'loading']
			});
	} else {
		await cdp.send('Profiler.enable');
		await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
		await cdp.send('Profiler.start');
	}
	const unmark = await markNextLoad(tab, usable, settled);
	await page.goto(`${origin}${path}`);
	await page.waitForFunction(
		() => (window as unknown as { __marks?: { settled?: number } }).__marks?.settled !== undefined,
		undefined,
		{ timeout: 120_000, polling: 100 }
	);
	await unmark();
	if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
	let profile: Profile | null = null;
	let trace: TraceEvent[] = [];
	if (tracing) {
		const buffer = await page.context().browser()!.stopTracing();
		trace = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
	} else {
		profile = ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile;
	}
	// Chromium's profile clock and Node's hrtime are both CLOCK_MONOTONIC (Linux): the page's
	// performance.now() zero in profile microseconds, within a round trip.
	const before = process.hrtime.bigint();
	const now = await page.evaluate(() => performance.now());
	const after = process.hrtime.bigint();
	const pageZeroUs = Number((before + after) / 2n / 1000n) - now * 1000;
	const info = await page.evaluate(() => {
		const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
		return {
			m: (window as unknown as { __marks: { usable: number; settled: number } }).__marks,
			nav: {
				responseEnd: nav.responseEnd,
				domInteractive: nav.domInteractive,
				domContentLoaded: nav.domContentLoadedEventEnd,
				load: nav.loadEventEnd
			},
			resources: performance.getEntriesByType('resource').map((r) => ({
				name: r.name,
				start: r.startTime,
				end: (r as PerformanceResourceTiming).responseEnd,
				size: (r as PerformanceResourceTiming).encodedBodySize
			})),
			marks: performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime })),
			paints: performance.getEntriesByType('paint').map((p) => ({ name: p.name, at: p.startTime }))
		};
	});
	return { profile, trace, info, pageZeroUs };
}

/**
 * The cold offline start (`PROFILE_COLD=1`), as `offline-start.ts` times it: the app installed,
 * the network off, a new tab opening a game's scorecard (or Home, with `PROFILE_COLD_PAGE=home`),
 * until its content is painted.
 */
async function cold(browser: Browser): Promise<void> {
	const { context, id } = await offlineScorecard(browser, origin);
	const screen = process.env.PROFILE_COLD_PAGE === 'home' ? HOME : SCORECARD;
	const painted = `document.querySelector(${JSON.stringify(screen.ready)})`;
	for (let r = 0; r < runs; r++) {
		const page = await context.newPage();
		const { profile, trace, info, pageZeroUs } = await profileOnce(
			await tabOf(page),
			screen.path(id),
			painted,
			'true'
		);
		await page.close();
		report(`${screen.name}, cold offline #${r + 1}`, info);
		if (r !== runs - 1) continue;
		if (profile) summarise(profile, pageZeroUs, info.m.usable);
		else summariseTrace(trace, pageZeroUs, info.m.usable);
	}
	await context.close();
}

type Info = Awaited<ReturnType<typeof profileOnce>>['info'];

function report(name: string, info: Info): void {
	const ms = (x: number) => x.toFixed(0).padStart(5);
	console.log(
		`\n${name}: usable ${ms(info.m.usable)}  settled ${ms(info.m.settled)}  html ${ms(info.nav.responseEnd)}  domInteractive ${ms(info.nav.domInteractive)}  ${info.paints.map((p) => `${p.name} ${ms(p.at)}`).join('  ')}`
	);
	for (const res of info.resources.filter((x) => x.start < info.m.settled))
		console.log(
			`    ${ms(res.start)} → ${ms(res.end)}  ${(res.size / 1024).toFixed(1).padStart(6)} KB  ${short(res.name)}`
		);
	for (const mark of info.marks) console.log(`    mark ${ms(mark.at)}  ${mark.name}`);
}

async function main(): Promise<void> {
	const server = hostBuild(join(root, 'build'), port);
	const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
	try {
		await hostAnswers(origin);
		if (process.env.PROFILE_COLD === '1') return await cold(browser);
		const classes = Number(process.env.PROFILE_CLASSES ?? 1);
		// `PROFILE_KEPT=1`: the bench's kept school of that size (`kept-school.ts`, loaded once and
		// kept on disk), as 100 classes take minutes to load.
		const school =
			process.env.PROFILE_KEPT === '1'
				? await openKeptSchool(origin, root, classes, 1, [])
				: await openSchool(browser, origin, root, classes);
		console.log(`school of ${classes} class(es) loaded in ${school.loadMs} ms`);
		await school.helper.close();
		const checks = instructorPages(
			school.leagueIds[0]!,
			school.students[0]![0]!,
			school.students[0]![1]!
		).filter((c) => !only || only.includes(c.name.split(' ')[0]!));
		// Loaded like the bench loads them: in full, in the teacher's tab.
		const tab = await openTeacherTab(school.context, origin);
		for (const check of checks) {
			for (let r = 0; r < runs; r++) {
				const { profile, trace, info, pageZeroUs } = await profileOnce(
					tab,
					check.path,
					check.usable,
					check.settled
				);
				report(`${check.name} #${r + 1}`, info);
				if (r !== runs - 1) continue;
				if (profile) summarise(profile, pageZeroUs, info.m.usable);
				else summariseTrace(trace, pageZeroUs, info.m.usable);
			}
		}
		await school.close();
	} finally {
		await browser.close();
		if (server.pid) process.kill(-server.pid);
	}
}

main().catch((err: unknown) => {
	console.error(err);
	process.exit(1);
});
