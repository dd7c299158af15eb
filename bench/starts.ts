/**
 * How long a start takes, beside its floor (issue 39): the cold offline start of a scorecard
 * and of Home (the app installed, the network off, a new tab) and a first online visit to Home
 * (a device that never opened the app), each at full speed and at 4× CPU slowdown, and each
 * beside the same start with none of the app's code run (`floor.ts`, a copy of the build served
 * beside it). The app's share is the start less its floor: its budget is 60 ms at 4×, where the
 * floor alone (opening a tab, the worker's answer, reading the page and its styles, the first
 * frame) is the browser's and no code of ours can shorten it.
 */
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { FLOOR_QUERY, floorBuild } from './floor';
import { firstVisit } from './first-visit';
import { hostAnswers, hostBuild } from './host';
import { HOME, SCORECARD, offlineStart, type StartScreen } from './offline-start';
import { figure, type Figure } from './report';
import { percentile } from './ui';
import { failedWait } from './wait';

/** Starts timed for each figure: the median is reported, with the middle half beside it. */
const STARTS = 15;
/** First visits are slower to set up (a new context each): fewer of them. */
const VISITS = 9;

/** One kind of start, timed on an origin: its name and how to run it. */
interface StartKind {
	name: string;
	run(browser: Browser, origin: string, slowdown: number, query: string): Promise<number[]>;
}

const offline = (screen: StartScreen): StartKind => ({
	name: `cold offline start to ${screen.name}`,
	run: (browser, origin, slowdown, query) =>
		offlineStart(browser, origin, STARTS, slowdown, query, screen)
});

const KINDS: StartKind[] = [
	offline(SCORECARD),
	offline(HOME),
	{
		name: 'first online visit to home',
		run: (browser, origin, slowdown, query) => firstVisit(browser, origin, VISITS, slowdown, query)
	}
];

/** The median of `starts`, noted with their middle half (25th to 75th percentile). */
function median(name: string, starts: number[], prefix = ''): Figure {
	const ms = (p: number) => percentile(starts, p).toFixed(0);
	const f = figure(
		name,
		percentile(starts, 50),
		'ms',
		`${prefix}median of ${starts.length}, middle half ${ms(25)}–${ms(75)} ms`
	);
	console.log(`  ${f.name}: ${f.value.toFixed(1)} ms${f.pass === false ? ' (over budget)' : ''}`);
	return f;
}

/** Times `kind` at `slowdown` (the app's and its floor's), pushing its three figures. */
async function timeKind(
	browser: Browser,
	origins: { app: string; floor: string },
	kind: StartKind,
	slowdown: number,
	figures: Figure[]
): Promise<void> {
	const suffix = slowdown > 1 ? `, ${slowdown}× CPU slowdown` : '';
	const name = `${kind.name}${suffix}`;
	const floorName = `${kind.name}, the app’s code not run${suffix}`;
	const aboveName = `${kind.name}${suffix}, above its floor`;
	try {
		const app = median(name, await kind.run(browser, origins.app, slowdown, ''));
		const floor = median(
			floorName,
			await kind.run(browser, origins.floor, slowdown, FLOOR_QUERY),
			'no budget: the browser’s share (bench/floor.ts); '
		);
		figures.push(app, floor);
		const above = figure(
			aboveName,
			app.value - floor.value,
			'ms',
			'the two medians’ difference: what the app’s code adds to the start'
		);
		console.log(
			`  ${above.name}: ${above.value.toFixed(1)} ms${above.pass === false ? ' (over budget)' : ''}`
		);
		figures.push(above);
	} catch (err) {
		// A start that never showed misses its budgets, with the reason beside it.
		const why = failedWait(err);
		if (why === undefined) throw err;
		for (const n of [name, floorName, aboveName]) figures.push(figure(n, NaN, 'ms', why));
	}
}

/**
 * Every start's figures (or those whose name `only` keeps), the app's build in `buildDir` served at `origin` (port `port`). */
export async function startFigures(
	browser: Browser,
	origin: string,
	buildDir: string,
	port: number,
	only: (name: string) => boolean = () => true
): Promise<Figure[]> {
	console.log('Measuring the cold starts and the first visit, beside their floors…');
	const dir = floorBuild(buildDir);
	const floorOrigin = `http://127.0.0.1:${port + 1}`;
	const host = hostBuild(dir, port + 1);
	const figures: Figure[] = [];
	try {
		await hostAnswers(floorOrigin);
		for (const kind of KINDS.filter((k) => only(k.name))) {
			for (const slowdown of [1, 4]) {
				await timeKind(browser, { app: origin, floor: floorOrigin }, kind, slowdown, figures);
			}
		}
	} finally {
		if (host.pid) process.kill(-host.pid);
		rmSync(dir, { recursive: true, force: true });
	}
	return figures;
}
