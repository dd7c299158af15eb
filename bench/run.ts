/**
 * `npm run bench`: builds the app, measures its size and speed in the system Chromium and in
 * Node, prints a table with each budget, writes bench/results.json, and exits 1 when a budget
 * fails. Not part of `npm test`: timings belong here, never in assertions.
 */
import { execSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { firstLoadJS, precacheKB } from './bundle';
import { offlineStart } from './offline-start';
import { serverFigures } from './server';
import { figure, report, type Figure } from './report';
import { gamesCsv, standingsCsv, standingsInNode } from './standings-node';
import { standingsInChromium } from './standings-idb';
import { syntheticLeague } from './synthetic-league';
import { tapToPaint } from './tap';
import { percentile, startGame } from './ui';

const root = join(import.meta.dirname, '..');
const buildDir = join(root, 'build');
const port = Number(process.env.BENCH_PORT ?? 4178);
const origin = `http://127.0.0.1:${port}`;

async function waitForServer(): Promise<void> {
	for (let i = 0; i < 100; i++) {
		try {
			if ((await fetch(origin)).ok) return;
		} catch {
			// Not listening yet.
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error(`The preview server did not answer on ${origin}.`);
}

async function main(): Promise<boolean> {
	console.log('Building…');
	execSync('npx vite build', { cwd: root, stdio: 'ignore' });
	const server = spawn(
		'npx',
		['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
		{
			cwd: root,
			stdio: ['ignore', 'ignore', 'inherit'],
			detached: true
		}
	);
	const browser = await chromium.launch({
		executablePath: CHROME_PATH,
		args: [...CHROME_ARGS, '--enable-precise-memory-info']
	});
	const figures: Figure[] = [];
	try {
		await waitForServer();
		console.log('Measuring bundle sizes…');
		const home = await firstLoadJS(browser, origin, buildDir, 'main h1', async () => '/');
		figures.push(
			figure('first-load JS, home (gzip)', home.beforePaint, 'KB', 'before the first paint')
		);
		const card = await firstLoadJS(browser, origin, buildDir, '.board .total', async (page) => {
			return `/game/${await startGame(page, origin, ['Ana', 'Ben', 'Cara'])}`;
		});
		figures.push(
			figure(
				'first-load JS, scorecard (gzip)',
				card.beforePaint,
				'KB',
				'before the first paint; Dexie included'
			)
		);
		figures.push(
			figure(
				'JS once idle work has loaded, scorecard (gzip)',
				card.untilIdle,
				'KB',
				'with the service worker helper'
			)
		);
		const pre = precacheKB(buildDir);
		figures.push(
			figure('precached by the service worker (gzip)', pre.kb, 'KB', `${pre.files} files`)
		);

		console.log('Measuring tap to paint (200 taps)…');
		const taps = await tapToPaint(browser, origin, 200);
		const work = taps.map((t) => t.work);
		const onScreen = taps.map((t) => t.onScreen);
		figures.push(figure('tap to painted, p50', percentile(work, 50), 'ms'));
		figures.push(
			figure(
				'tap to painted, p95',
				percentile(work, 95),
				'ms',
				`${taps.length} taps; not counting the wait for the next 60 Hz refresh`
			)
		);
		figures.push(
			figure(
				'tap to on screen, p95',
				percentile(onScreen, 95),
				'ms',
				`the same taps, that wait included (p50 ${percentile(onScreen, 50).toFixed(1)} ms)`
			)
		);

		console.log('Measuring standings and CSV in Node…');
		const one = syntheticLeague(1);
		const hundred = syntheticLeague(100);
		const node1 = standingsInNode(one);
		const node100 = standingsInNode(hundred);
		figures.push(
			figure(
				'standings, one class-trimester (rules, Node)',
				node1.ms,
				'ms',
				`${one.games.length} cards, heap +${node1.mb.toFixed(1)} MB`
			)
		);
		figures.push(
			figure(
				'standings, 100× league (rules, Node)',
				node100.ms,
				'ms',
				`${hundred.games.length} cards, heap +${node100.mb.toFixed(1)} MB`
			)
		);
		const csv = gamesCsv(hundred);
		figures.push(
			figure(
				'CSV export, 100× league',
				csv.ms,
				'ms',
				`games CSV: ${csv.rows} rows, ${csv.mb.toFixed(1)} MB`
			)
		);
		figures.push(
			figure(
				'standings CSV, 100× league',
				standingsCsv(hundred),
				'ms',
				`${hundred.players.length} rows`
			)
		);

		console.log('Measuring standings from IndexedDB in Chromium…');
		const idb1 = await standingsInChromium(browser, origin, root, 1);
		figures.push(
			figure(
				'standings, one class-trimester (IndexedDB, Chromium)',
				idb1.ms,
				'ms',
				`JS heap +${idb1.mb.toFixed(1)} MB`
			)
		);
		const idb100 = await standingsInChromium(browser, origin, root, 100);
		figures.push(
			figure(
				'standings, 100× league (IndexedDB, Chromium)',
				idb100.ms,
				'ms',
				`JS heap +${idb100.mb.toFixed(1)} MB`
			)
		);

		console.log('Measuring cold offline start…');
		const starts = await offlineStart(browser, origin, 7);
		figures.push(
			figure('cold offline start to scorecard', percentile(starts, 50), 'ms', 'median of 7')
		);
	} finally {
		await browser.close();
		if (server.pid) process.kill(-server.pid);
	}
	figures.push(...(await serverFigures()));
	return report(figures, join(root, 'bench/results.json'));
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(err: unknown) => {
		console.error(err);
		process.exit(1);
	}
);
