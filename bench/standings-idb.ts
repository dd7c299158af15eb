import { build } from 'esbuild';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { NAME_SHIM } from './ui';

/** The page-side bundle of `idb-entry.ts`, built once. */
async function bundle(root: string): Promise<string> {
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
	return out.outputFiles[0]?.text ?? '';
}

interface Bench {
	populate(scale: number): Promise<{ leagueId: string; roster: string[] }>;
	measure(leagueId: string, roster: string[]): Promise<{ ms: number; rows: number }>;
}

/**
 * Standings of a synthetic league of `scale` classes read from IndexedDB in Chromium, through
 * the app's own `cards.counted` and `standings`: the fastest of three runs, and the JS heap it
 * grew by (Chromium's `performance.memory`).
 */
export async function standingsInChromium(
	browser: Browser,
	origin: string,
	root: string,
	scale: number
): Promise<{ ms: number; mb: number }> {
	const code = await bundle(root);
	const context = await browser.newContext({ serviceWorkers: 'block' });
	await context.addInitScript(NAME_SHIM);
	const page = await context.newPage();
	await page.goto(`${origin}/settings`);
	await page.addScriptTag({ content: code });
	const result = await page.evaluate(async (n) => {
		const bench = (globalThis as unknown as { bench: Bench }).bench;
		const { leagueId, roster } = await bench.populate(n);
		const heap = () =>
			(performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
			0;
		const before = heap();
		let best = Infinity;
		let grew = 0;
		for (let i = 0; i < 3; i++) {
			const { ms, rows } = await bench.measure(leagueId, roster);
			if (rows !== roster.length) throw new Error('The standings lost students.');
			best = Math.min(best, ms);
			grew = Math.max(grew, heap() - before);
		}
		return { ms: best, mb: grew / 1024 / 1024 };
	}, scale);
	await context.close();
	return result;
}
