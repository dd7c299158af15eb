/**
 * Where a score tap's frame goes, by the renderer's own trace: taps through the real UI under
 * a CPU slowdown, each between two `performance.mark`s (the click, and a user-blocking task
 * posted from the frame that shows the new total, as `tap.ts` times it), with the main
 * thread's trace events inside those windows added up by name (self time: a child's time is
 * taken from its parent's). Proportions, unlike times, change little with the machine's load.
 * Not part of `npm run bench`. Run against a build served on `PROFILE_PORT` (4177):
 *   TSX_TSCONFIG_PATH=server/tsconfig.json npx --yes tsx bench/trace-tap.ts
 * `PROFILE_TAPS` (30) and `PROFILE_SLOWDOWN` (4) change the run.
 */
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { NAME_SHIM, startGame } from './ui';

const origin = `http://127.0.0.1:${process.env.PROFILE_PORT ?? 4177}`;
const taps = Number(process.env.PROFILE_TAPS ?? 30);
const slowdown = Number(process.env.PROFILE_SLOWDOWN ?? 4);

interface TraceEvent {
	name: string;
	ph: string;
	ts: number;
	dur?: number;
	pid: number;
	tid: number;
	args?: {
		name?: string;
		elementCount?: number;
		beginData?: { dirtyObjects?: number; totalObjects?: number };
	};
}

async function main(): Promise<void> {
	const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
	const context = await browser.newContext({
		viewport: { width: 390, height: 844 },
		hasTouch: true
	});
	await context.addInitScript(NAME_SHIM);
	const page = await context.newPage();
	await startGame(page, origin, ['Ana', 'Ben']);
	// PROFILE_CSS: a style sheet added to the page, to try a rule before building it in.
	if (process.env.PROFILE_CSS) await page.addStyleTag({ content: process.env.PROFILE_CSS });
	const cdp = await context.newCDPSession(page);
	await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
	await browser.startTracing(page, {
		categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline']
	});
	const times: number[] = [];
	/** DOM mutation records per tap (attributes, text, nodes), by the page's own observer. */
	const mutations: number[] = [];
	for (let i = 0; i < taps; i++) {
		await page.getByRole('button', { name: 'Score for Ana' }).click();
		await page.locator('dialog[open] button.count[aria-label="5"]').waitFor();
		await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
		const [ms, records] = await page.evaluate(async () => {
			const total = () =>
				[...document.querySelectorAll('.board .total')].find((el) =>
					el.textContent?.trim().startsWith('Ana:')
				);
			const was = total()?.textContent;
			const five = [...document.querySelectorAll('dialog[open] button.count')].find(
				(b) => b.textContent?.trim() === '5'
			) as HTMLElement;
			const changed = new Promise<void>((resolve) => {
				const o = new MutationObserver(() => {
					if (total()?.textContent === was) return;
					o.disconnect();
					resolve();
				});
				o.observe(document.body, { subtree: true, childList: true, characterData: true });
			});
			let records = 0;
			const all = new MutationObserver((m) => (records += m.length));
			all.observe(document, {
				subtree: true,
				childList: true,
				characterData: true,
				attributes: true
			});
			performance.mark('tap-start');
			const t0 = performance.now();
			five.click();
			await changed;
			await new Promise<void>((r) =>
				requestAnimationFrame(() =>
					(
						globalThis as unknown as {
							scheduler: { postTask(f: () => void, o: { priority: string }): void };
						}
					).scheduler.postTask(r, { priority: 'user-blocking' })
				)
			);
			performance.mark('tap-end');
			const ms = performance.now() - t0;
			records += all.takeRecords().length;
			all.disconnect();
			return [ms, records] as const;
		});
		times.push(ms);
		mutations.push(records);
		await page.locator('dialog[open]').waitFor({ state: 'detached' });
	}
	const buffer = await browser.stopTracing();
	await browser.close();
	const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
	const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
	const marks = events
		.filter((e) => e.name === 'tap-start' || e.name === 'tap-end')
		.sort((a, b) => a.ts - b.ts);
	const windows: [number, number][] = [];
	for (let i = 0; i + 1 < marks.length; i++)
		if (marks[i]!.name === 'tap-start' && marks[i + 1]!.name === 'tap-end')
			windows.push([marks[i]!.ts, marks[i + 1]!.ts]);
	const inside = (ts: number) => windows.some(([a, b]) => ts >= a && ts <= b);
	const complete = events
		.filter(
			(e) =>
				main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur && inside(e.ts)
		)
		.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
	// Self time: each event's duration less its direct children's (events nest by time).
	const self = new Map<string, number>();
	const stack: TraceEvent[] = [];
	const childTime = new Map<TraceEvent, number>();
	for (const e of complete) {
		while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
		const parent = stack.at(-1);
		if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + e.dur!);
		stack.push(e);
	}
	for (const e of complete)
		self.set(e.name, (self.get(e.name) ?? 0) + e.dur! - (childTime.get(e) ?? 0));
	const sorted = [...times].sort((a, b) => a - b);
	const windowMs = windows.reduce((s, [a, b]) => s + (b - a), 0) / 1000 / windows.length;
	console.log(
		`taps ${taps} at ${slowdown}x, traced: median ${sorted[Math.floor(taps / 2)]!.toFixed(1)} ms, p95 ${sorted[Math.ceil(taps * 0.95) - 1]!.toFixed(1)} ms; window ${windowMs.toFixed(1)} ms`
	);
	// Counts of the work, which the machine's load does not change.
	const per = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / windows.length).toFixed(1);
	const layouts = complete.filter((e) => e.name === 'Layout');
	const styles = complete.filter((e) => e.name === 'UpdateLayoutTree');
	console.log(
		`per tap: ${per(mutations)} DOM mutation records; ${per(styles.map(() => 1))} style recalcs of ${per(styles.map((e) => e.args?.elementCount ?? 0))} elements; ${per(layouts.map(() => 1))} layouts of ${per(layouts.map((e) => e.args?.beginData?.dirtyObjects ?? 0))} dirty objects (of ${per(layouts.map((e) => e.args?.beginData?.totalObjects ?? 0))})`
	);
	const busy = [...self.values()].reduce((a, b) => a + b, 0);
	console.log(
		`main thread busy ${(busy / 1000 / windows.length).toFixed(2)} ms per tap; self time:`
	);
	for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
		console.log(`  ${(v / 1000 / windows.length).toFixed(2).padStart(7)} ms  ${k}`);
}

main().catch((e: unknown) => {
	console.error(e);
	process.exit(1);
});
