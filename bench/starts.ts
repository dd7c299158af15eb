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
import { firstVisitor } from './first-visit';
import { hostAnswers, hostBuild } from './host';
import { HOME, SCORECARD, offlineStarter, type StartScreen, type Starter } from './offline-start';
import { figure, type Figure } from './report';
import { percentile } from './ui';
import { failedWait } from './wait';

/** Starts timed for each figure: the median is reported, with the middle half beside it. */
const STARTS = 15;
/** First visits are slower to set up (a new context each): fewer of them. */
const VISITS = 11;

/** One kind of start: its name, how many to time, and how to time them on an origin. */
interface StartKind {
	name: string;
	runs: number;
	open(browser: Browser, origin: string, slowdown: number, query: string): Promise<Starter>;
}

const offline = (screen: StartScreen): StartKind => ({
	name: `cold offline start to ${screen.name}`,
	runs: STARTS,
	open: (browser, origin, slowdown, query) =>
		offlineStarter(browser, origin, slowdown, query, screen)
});

const KINDS: StartKind[] = [
	offline(SCORECARD),
	offline(HOME),
	{
		name: 'first online visit to home',
		runs: VISITS,
		open: (browser, origin, slowdown, query) =>
			Promise.resolve(firstVisitor(browser, origin, slowdown, query))
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

/**
 * Times `kind` at `slowdown`, the app's starts and its floor's taken in turns (the app first in
 * one round, the floor first in the next), pushing its three figures. Timed in two blocks, the
 * app's then the floor's, the difference moved from -22 to +104 ms between runs of the same
 * build (docs/speed.md): whatever the machine did during one block the other missed.
 */
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
	const starters: Starter[] = [];
	try {
		const app = await kind.open(browser, origins.app, slowdown, '');
		starters.push(app);
		const floor = await kind.open(browser, origins.floor, slowdown, FLOOR_QUERY);
		starters.push(floor);
		const apps: number[] = [];
		const floors: number[] = [];
		const above: number[] = [];
		for (let i = 0; i < kind.runs; i++) {
			// The floor first in every other round: neither is always the one after a pause.
			const [a, f]: [number, number] =
				i % 2 === 0
					? [await app.once(), await floor.once()]
					: await floor.once().then(async (f) => [await app.once(), f]);
			apps.push(a);
			floors.push(f);
			above.push(a - f);
		}
		figures.push(
			median(name, apps),
			median(floorName, floors, 'no budget: the browser’s share (bench/floor.ts); '),
			median(
				aboveName,
				above,
				'what the app’s code adds to the start: each start less the floor’s taken beside it; '
			)
		);
	} catch (err) {
		// A start that never showed misses its budgets, with the reason beside it.
		const why = failedWait(err);
		if (why === undefined) throw err;
		for (const n of [name, floorName, aboveName]) figures.push(figure(n, NaN, 'ms', why));
	} finally {
		for (const starter of starters) await starter.close();
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
