/**
 * Where a CSV export's time goes, on a school kept between runs: the first run loads
 * `PROFILE_CLASSES` (10) classes into a Chromium profile under `PROFILE_DIR`, later runs reuse
 * it (a new schema version upgrades it on open, as on a phone). Then, in the page: the store's
 * reads alone, each export timed, and the exports named by `PROFILE_KINDS` profiled (CDP
 * Profiler) with the functions of most self time printed. `PROFILE_RUNS=n` times the events
 * export alone n times instead of the reads and the other exports (to compare two builds back
 * to back on a busy machine). Not part of `npm run bench`; needs
 * a build served on `PROFILE_PORT` (4177), e.g. `npx vite preview --port 4177 --strictPort`.
 */
import { pageBundle } from './page-bundle';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { NAME_SHIM } from './ui';
import { top, type Profile } from './profile-top';

// PROFILE_SRC: another checkout's source to bundle (the base of a before/after comparison).
const root = process.env.PROFILE_SRC ?? join(import.meta.dirname, '..');
const origin = `http://127.0.0.1:${process.env.PROFILE_PORT ?? 4177}`;
const classes = Number(process.env.PROFILE_CLASSES ?? 10);
const dir = process.env.PROFILE_DIR ?? `/tmp/muggins-profile-${classes}`;
const kinds = (process.env.PROFILE_KINDS ?? '').split(',').filter(Boolean);
const runs = Number(process.env.PROFILE_RUNS ?? 0);

async function main(): Promise<void> {
	const code = await pageBundle(join(root, 'bench/csv-probe-entry.ts'), root);
	const context = await chromium.launchPersistentContext(dir, {
		executablePath: CHROME_PATH,
		args: CHROME_ARGS,
		serviceWorkers: 'block',
		viewport: { width: 1280, height: 800 }
	});
	await context.addInitScript(NAME_SHIM);
	const page = context.pages()[0] ?? (await context.newPage());
	await page.goto(`${origin}/settings`);
	await page.addScriptTag({ content: code });
	type W = { bench: Record<string, (...a: unknown[]) => Promise<unknown>> };
	const marker = join(dir, 'school.json');
	if (!existsSync(marker)) {
		console.log(`Loading ${classes} classes into ${dir}…`);
		const school = await page.evaluate(
			(c) => (globalThis as unknown as W).bench.loadSchool!(c, 1),
			classes
		);
		writeFileSync(marker, JSON.stringify(school));
	}
	const { leagueIds } = JSON.parse(readFileSync(marker, 'utf8')) as { leagueIds: string[] };
	const league = leagueIds[0]!;
	type P = { probe: Record<string, (...a: unknown[]) => Promise<unknown>> };
	console.log(
		'open (an upgrade included):',
		await page.evaluate(async () => {
			const t0 = performance.now();
			await (globalThis as unknown as W).bench.open!();
			return `${(performance.now() - t0).toFixed(0)} ms`;
		})
	);
	if (process.env.PROFILE_AHEAD) {
		// Alternating depths, so the machine's load falls on each alike.
		for (const depth of [1, 2, 3, 1, 2, 3]) {
			const ms = await page.evaluate(
				([id, d]) => (globalThis as unknown as P).probe.exportWith!(id, 'events', d),
				[league, depth] as const
			);
			console.log(`events, ${depth} read ahead: ${Number(ms).toFixed(0)} ms`);
		}
	}
	if (runs > 0) {
		const times: number[] = [];
		for (let i = 0; i < runs; i++) {
			times.push(
				Number(
					await page.evaluate(
						([id, d]) => (globalThis as unknown as P).probe.exportWith!(id, 'events', d),
						[league, 2] as const
					)
				)
			);
		}
		const sorted = [...times].sort((a, b) => a - b);
		console.log(
			`events × ${runs}: ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${sorted[Math.floor(runs / 2)]!.toFixed(0)} ms`
		);
	} else {
		console.log(
			'reads only:',
			await page.evaluate((id) => (globalThis as unknown as P).probe.readsOnly!(id), league)
		);
		console.log(
			'raw logs:',
			await page.evaluate(() => (globalThis as unknown as P).probe.rawLogs!())
		);
		console.log(
			'exports:',
			await page.evaluate(async (id) => {
				const b = (globalThis as unknown as W).bench;
				const out: Record<string, unknown> = {};
				for (const kind of (await b.kinds!()) as string[]) out[kind] = await b.csv!(id, kind);
				return out;
			}, league)
		);
	}
	if (kinds.length > 0) {
		const cdp = await context.newCDPSession(page);
		await cdp.send('Profiler.enable');
		await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
		for (const kind of kinds) {
			await cdp.send('Profiler.start');
			const ms = await page.evaluate(
				async ([id, kind]) => {
					const { writeLeagueCsv } = (
						globalThis as unknown as {
							exports: { writeLeagueCsv: (...a: unknown[]) => Promise<number> };
						}
					).exports;
					const t0 = performance.now();
					await writeLeagueCsv(id, kind, () => undefined);
					return performance.now() - t0;
				},
				[league, kind] as const
			);
			const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
			console.log(`${kind} profiled: ${ms.toFixed(0)} ms`);
			console.log(top(profile, 30));
		}
	}
	await context.close();
}

main().catch((e: unknown) => {
	console.error(e);
	process.exit(1);
});
