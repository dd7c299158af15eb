/**
 * A short run of the scorecard's figures only (first-load JS, taps, cold start), for working
 * on them: `SKIP_BUILD=1 BENCH_PORT=… tsx bench/tap-quick.ts`. Not a budget check.
 */
import { execSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { firstLoadJS } from './bundle';
import { offlineStart } from './offline-start';
import { tapToPaint, type TapTiming } from './tap';
import { percentile, startGame } from './ui';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4178);
const origin = `http://127.0.0.1:${port}`;
const taps = Number(process.env.TAPS ?? 40);

function show(name: string, t: TapTiming[]): void {
	const p = (k: keyof TapTiming) =>
		percentile(
			t.map((x) => x[k]),
			95
		).toFixed(1);
	console.log(
		`${name}: painted p95 ${p('work')} ms, any next task ${p('anyTask')}, committed ${p('committed')}, changed ${p('changed')}, on screen ${p('onScreen')}`
	);
}

if (process.env.SKIP_BUILD !== '1') execSync('npx vite build', { cwd: root, stdio: 'ignore' });
const server = spawn(
	'npx',
	['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
	{
		cwd: root,
		stdio: 'ignore',
		detached: true
	}
);
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
try {
	for (let i = 0; i < 300; i++) {
		try {
			if ((await fetch(origin)).ok) break;
		} catch {
			await new Promise((r) => setTimeout(r, 200));
		}
	}
	const only = (process.env.ONLY ?? 'js,tap,tap4,cold,cold4').split(',');
	if (only.includes('js')) {
		const js = await firstLoadJS(
			browser,
			origin,
			join(root, 'build'),
			'.board .total',
			async (page) => `/game/${await startGame(page, origin, ['Ana', 'Ben', 'Cara'])}`
		);
		console.log(
			`scorecard first-load JS ${js.beforePaint.toFixed(1)} KB gz (until idle ${js.untilIdle.toFixed(1)})`
		);
	}
	if (only.includes('tap')) show('tap alone', await tapToPaint(browser, origin, taps));
	if (only.includes('tap4'))
		show('tap 4x', await tapToPaint(browser, origin, Math.ceil(taps * 0.75), { slowdown: 4 }));
	if (only.includes('cold'))
		console.log(
			`cold 1x median ${percentile(await offlineStart(browser, origin, 5), 50).toFixed(0)} ms`
		);
	if (only.includes('cold4')) {
		const s = await offlineStart(browser, origin, 5, 4);
		console.log(
			`cold 4x median ${percentile(s, 50).toFixed(0)} ms (${s.map((x) => x.toFixed(0)).join(' ')})`
		);
	}
} finally {
	await browser.close();
	if (server.pid) process.kill(-server.pid);
}
