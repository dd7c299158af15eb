/**
 * Where a score tap's time goes: taps through the real UI under a CPU slowdown, each from the
 * click to the end of the frame showing the new total profiled (`console.profile`, the CDP
 * Profiler), with the renderer's style, layout and paint time over the same windows. Prints
 * the functions with the most self time. Not part of `npm run bench`: a tool for finding work
 * to cut. Run against a build served on `PROFILE_PORT` (4177):
 *   npx vite build && (npx vite preview --port 4177 --strictPort &) &&
 *   TSX_TSCONFIG_PATH=server/tsconfig.json npx --yes tsx bench/profile-tap.ts
 * `PROFILE_TAPS` (30) and `PROFILE_SLOWDOWN` (4) change the run.
 */
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { NAME_SHIM, startGame } from './ui';

const origin = `http://127.0.0.1:${process.env.PROFILE_PORT ?? 4177}`;
const taps = Number(process.env.PROFILE_TAPS ?? 30);
const slowdown = Number(process.env.PROFILE_SLOWDOWN ?? 4);
/** `PROFILE_OFF=1` times the taps without the profiler (which slows what it samples). */
const profiling = process.env.PROFILE_OFF !== '1';

interface Node {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
	hitCount?: number;
	children?: number[];
}
interface Profile {
	nodes: Node[];
	startTime: number;
	endTime: number;
	samples?: number[];
	timeDeltas?: number[];
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
	const cdp = await context.newCDPSession(page);
	await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
	await cdp.send('Profiler.enable');
	await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
	await cdp.send('Performance.enable');
	const profiles: Profile[] = [];
	cdp.on('Profiler.consoleProfileFinished', (e: { profile: Profile }) => profiles.push(e.profile));
	const metrics = async () =>
		new Map(
			(
				(await cdp.send('Performance.getMetrics')) as {
					metrics: { name: string; value: number }[];
				}
			).metrics.map((m) => [m.name, m.value])
		);
	const times: number[] = [];
	const render = new Map<string, number>();
	for (let i = 0; i < taps; i++) {
		await page.getByRole('button', { name: 'Score for Ana' }).click();
		await page.locator('dialog[open] button.count[aria-label="5"]').waitFor();
		// Lets the sheet's opening settle before the window starts.
		await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
		const before = await metrics();
		const ms = await page.evaluate(async (profiling) => {
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
			if (profiling) console.profile('tap');
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
			const ms = performance.now() - t0;
			if (profiling) console.profileEnd('tap');
			return ms;
		}, profiling);
		const after = await metrics();
		for (const k of ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'])
			render.set(k, (render.get(k) ?? 0) + (after.get(k)! - before.get(k)!) * 1000);
		times.push(ms);
		await page.locator('dialog[open]').waitFor({ state: 'detached' });
	}
	await new Promise((r) => setTimeout(r, 500));
	await browser.close();
	const sorted = [...times].sort((a, b) => a - b);
	console.log(
		`taps ${taps} at ${slowdown}x${profiling ? ', profiled' : ''}: median ${sorted[Math.floor(taps / 2)]!.toFixed(1)} ms, p95 ${sorted[Math.ceil(taps * 0.95) - 1]!.toFixed(1)} ms`
	);
	for (const [k, v] of render) console.log(`  ${k} per tap: ${(v / taps).toFixed(1)} ms`);
	const self = new Map<string, number>();
	const inclusive = new Map<string, number>();
	let total = 0;
	for (const p of profiles) {
		const byId = new Map(p.nodes.map((n) => [n.id, n]));
		const parent = new Map<number, number>();
		for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
		const label = (n: Node) =>
			`${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').at(-1)}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
		(p.samples ?? []).forEach((id, i) => {
			const dt = (p.timeDeltas?.[i + 1] ?? 0) / 1000;
			total += dt;
			const n = byId.get(id)!;
			self.set(label(n), (self.get(label(n)) ?? 0) + dt);
			const seen = new Set<string>();
			for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
				const l = label(byId.get(cur)!);
				if (seen.has(l)) continue;
				seen.add(l);
				inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
			}
		});
	}
	const top = (m: Map<string, number>, n: number) =>
		[...m]
			.sort((a, b) => b[1] - a[1])
			.slice(0, n)
			.map(([k, v]) => `  ${(v / taps).toFixed(2).padStart(7)} ms  ${k}`)
			.join('\n');
	console.log(`profiled ${(total / taps).toFixed(1)} ms per tap; self time:`);
	console.log(top(self, 40));
	console.log('inclusive:');
	console.log(top(inclusive, 60));
}

main().catch((e: unknown) => {
	console.error(e);
	process.exit(1);
});
