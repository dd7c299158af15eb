/**
 * A restore alone, on a backup file kept on disk (issue 39): the file is restored (replace) into
 * a new Chromium profile on disk, as onto a fresh device, timed with its JS heap sampled by step
 * and the browser's CPU seconds. Not part of `npm run bench`; needs a build served as the bench
 * serves it, e.g. `npx vite build && TSX_TSCONFIG_PATH=server/tsconfig.json npx tsx
 * bench/app-host.ts build 4410`.
 *
 *   RF_CLASSES=<n> loads the bench's school of n classes (one league) into a new profile and
 *   writes its backup to RF_FILE first;
 *   or RF_FROM=<dir> writes the backup of the school a Chromium profile holds already (a copy
 *   of a kept school of the bench, served from the port it was loaded on: RF_PORT=4178);
 *   then RF_RUNS (1) restores of RF_FILE, each in a new profile deleted after it.
 *   RF_PORT (4410) the app's host, RF_FILE_PORT (4412) where the file is served from,
 *   RF_TRACE=1 also reads the heap from V8's trace of its collections (`gc-trace.ts`),
 *   RF_GC=1 collects garbage at each step the restore reports and notes the heap then;
 *   PROFILE_SRC another checkout to bundle (A/B), PROFILE_CPU=1 a CPU profile of the restore.
 *
 *   TSX_TSCONFIG_PATH=server/tsconfig.json npx tsx bench/restore-file.ts
 */
import { pageBundle } from './page-bundle';
import {
	createReadStream,
	mkdtempSync,
	rmSync,
	statSync,
	appendFileSync,
	writeFileSync
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { NAME_SHIM } from './ui';
import { top, type Profile } from './profile-top';
import { browserCpu } from './cpu';
import { heapDuring } from './gc-trace';

const root = process.env.PROFILE_SRC ?? join(import.meta.dirname, '..');
const origin = `http://127.0.0.1:${process.env.RF_PORT ?? 4410}`;
const filePort = Number(process.env.RF_FILE_PORT ?? 4412);
const file = process.env.RF_FILE ?? '/tmp/muggins-restore-file.json';
const runs = Number(process.env.RF_RUNS ?? 1);
const cpu = process.env.PROFILE_CPU === '1';
const ARGS = [...CHROME_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'];

async function bundle(): Promise<string> {
	return pageBundle(join(import.meta.dirname, 'restore-file-entry.ts'), root);
}

async function main(): Promise<void> {
	const code = await bundle();
	type P = {
		probe: {
			save(classes: number): Promise<number>;
			restore(u: string, gcEach: boolean): Promise<unknown>;
		};
	};
	const from = process.env.RF_FROM;
	if (process.env.RF_CLASSES || from) {
		const dir = from ?? mkdtempSync(join(tmpdir(), 'wt-restore-school-'));
		const context = await chromium.launchPersistentContext(dir, {
			executablePath: CHROME_PATH,
			args: ARGS,
			serviceWorkers: 'block'
		});
		await context.addInitScript(NAME_SHIM);
		const page = context.pages()[0] ?? (await context.newPage());
		writeFileSync(file, '');
		await page.exposeFunction('savePart', (t: string) => appendFileSync(file, t));
		await page.goto(`${origin}/settings`);
		await page.addScriptTag({ content: code });
		const t0 = Date.now();
		const chars = await page.evaluate(
			(c) => (globalThis as unknown as P).probe.save(c),
			Number(process.env.RF_CLASSES ?? 0)
		);
		console.log(`saved ${chars} chars to ${file} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
		await context.close();
		if (!from) rmSync(dir, { recursive: true, force: true });
	}
	const server = createServer((req, res) => {
		res.writeHead(200, {
			'access-control-allow-origin': '*',
			'content-type': 'application/json',
			'content-length': statSync(file).size
		});
		createReadStream(file).pipe(res);
	}).listen(filePort, '127.0.0.1');
	try {
		for (let i = 0; i < runs; i++) {
			const dir = mkdtempSync(join(tmpdir(), 'wt-restore-run-'));
			const context = await chromium.launchPersistentContext(dir, {
				executablePath: CHROME_PATH,
				args: ARGS,
				serviceWorkers: 'block'
			});
			try {
				await context.addInitScript(NAME_SHIM);
				const page = context.pages()[0] ?? (await context.newPage());
				await page.goto(`${origin}/settings`);
				await page.addScriptTag({ content: code });
				const cdp = cpu ? await context.newCDPSession(page) : null;
				if (cdp) {
					await cdp.send('Profiler.enable');
					await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
					await cdp.send('Profiler.start');
				}
				const load = (await import('node:os'))
					.loadavg()
					.map((x) => x.toFixed(1))
					.join(' ');
				const cpu0 = browserCpu(dir);
				const restore = () =>
					page.evaluate(([u, g]) => (globalThis as unknown as P).probe.restore(u, g), [
						`http://127.0.0.1:${filePort}/file`,
						process.env.RF_GC === '1'
					] as const);
				// RF_TRACE=1: the heap read from V8's trace of its collections too (`gc-trace.ts`).
				const traced =
					process.env.RF_TRACE === '1'
						? await heapDuring(page, await context.newCDPSession(page), restore)
						: null;
				const out = traced ? { ...(traced.out as object), traced: traced.heap } : await restore();
				const cpu1 = browserCpu(dir);
				console.log(
					`[${new Date().toISOString().slice(11, 19)} load ${load}] browser CPU ${(cpu1! - cpu0!).toFixed(1)} s`
				);
				console.log(JSON.stringify(out, null, 1));
				if (cdp) {
					const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
					writeFileSync(join(tmpdir(), `restore-file-${i}.cpuprofile`), JSON.stringify(profile));
					console.log(top(profile, 45));
				}
			} finally {
				await context.close();
				rmSync(dir, { recursive: true, force: true });
			}
		}
	} finally {
		server.close();
	}
}

main().catch((e: unknown) => {
	console.error(e);
	process.exit(1);
});
