/**
 * Where a restore's time goes (issue 39), on a school kept between runs: the first run loads
 * `PROFILE_CLASSES` (10) classes into a Chromium profile under `PROFILE_DIR`, later runs reuse
 * it (each restore leaves the same school). Then, in the page, `PROFILE_RUNS` (1) times: a
 * backup of everything, the database deleted, and the backup restored (replace), timed in its
 * steps with the JS heap's peak; with `PROFILE_CPU=1` the restore runs under the CDP sampling
 * profiler and the functions of most self time are printed. Not part of `npm run bench`; needs
 * a build served on `PROFILE_PORT` (4177) as the bench serves it (no CSP), e.g.
 * `npx vite build && TSX_TSCONFIG_PATH=server/tsconfig.json npx tsx bench/app-host.ts build 4177`.
 *
 * `PROFILE_JS_FLAGS` adds V8 flags to the page's, e.g. `--max-old-space-size=150`: whether the
 * restore finishes when the tab may hold no more (a tablet's), rather than what it reads when
 * the collector may wait.
 *
 *   TSX_TSCONFIG_PATH=server/tsconfig.json npx tsx bench/profile-restore.ts
 */
import { pageBundle } from './page-bundle';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { NAME_SHIM } from './ui';
import { top, type Profile } from './profile-top';
import { browserCpu } from './cpu';

// PROFILE_SRC: another checkout's source to bundle (the base of a before/after comparison; its
// bench/ needs this file's `restore-probe-entry.ts`).
const root = process.env.PROFILE_SRC ?? join(import.meta.dirname, '..');
const origin = `http://127.0.0.1:${process.env.PROFILE_PORT ?? 4177}`;
const classes = Number(process.env.PROFILE_CLASSES ?? 10);
const dir = process.env.PROFILE_DIR ?? `/tmp/muggins-restore-${classes}`;
const runs = Number(process.env.PROFILE_RUNS ?? 1);
const cpu = process.env.PROFILE_CPU === '1';

async function main(): Promise<void> {
	const code = await pageBundle(join(root, 'bench/restore-probe-entry.ts'), root);
	const context = await chromium.launchPersistentContext(dir, {
		executablePath: CHROME_PATH,
		args: [
			...CHROME_ARGS,
			'--enable-precise-memory-info',
			`--js-flags=--expose-gc ${process.env.PROFILE_JS_FLAGS ?? ''}`.trim()
		],
		serviceWorkers: 'block',
		viewport: { width: 1280, height: 800 }
	});
	await context.addInitScript(NAME_SHIM);
	const page = context.pages()[0] ?? (await context.newPage());
	await page.goto(`${origin}/settings`);
	await page.addScriptTag({ content: code });
	type W = { bench: Record<string, (...a: unknown[]) => Promise<unknown>> };
	type P = { probe: Record<string, () => Promise<unknown>> };
	const marker = join(dir, 'school.json');
	if (!existsSync(marker)) {
		console.log(`Loading ${classes} classes into ${dir}…`);
		const t0 = Date.now();
		const school = await page.evaluate(
			(c) => (globalThis as unknown as W).bench.loadSchool!(c, 1),
			classes
		);
		writeFileSync(marker, JSON.stringify(school));
		console.log(`loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
	}
	const cdp = cpu ? await context.newCDPSession(page) : null;
	if (cdp) {
		await cdp.send('Profiler.enable');
		await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
	}
	if (process.env.PROFILE_RAW) {
		for (const perTxn of process.env.PROFILE_RAW.split(',').map(Number)) {
			const raw = await page.evaluate(
				(n) =>
					(
						globalThis as unknown as { probe: { rawWrites(n: number): Promise<unknown> } }
					).probe.rawWrites(n),
				perTxn
			);
			console.log('raw writes:', JSON.stringify(raw));
		}
	}
	if (process.env.PROFILE_NATIVE === '1') {
		const native = await page.evaluate(() =>
			(
				globalThis as unknown as { probe: { nativeWrites(): Promise<unknown> } }
			).probe.nativeWrites()
		);
		console.log('native writes:', JSON.stringify(native));
	}
	for (let i = 0; i < runs; i++) {
		await cdp?.send('Profiler.start');
		const cpu0 = browserCpu(dir);
		const steps = await page.evaluate(() => (globalThis as unknown as P).probe.restoreSteps!());
		const cpu1 = browserCpu(dir);
		console.log('restore:', JSON.stringify(steps));
		// The backup made first is in it too (the same work before and after a restore's change).
		if (cpu0 !== null && cpu1 !== null) {
			console.log(`browser CPU, backup and restore: ${(cpu1 - cpu0).toFixed(1)} s`);
		}
		if (cdp) {
			const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
			writeFileSync(join(dir, `restore-${i}.cpuprofile`), JSON.stringify(profile));
			console.log(top(profile, 40));
		}
	}
	await context.close();
}

main().catch((e: unknown) => {
	console.error(e);
	process.exit(1);
});
