/**
 * Issue 40's figure in the browser: a tap on a group's phone to the instructor's session page
 * showing it, for one league sampled beside the district's load (bench/live.ts). The built app
 * comes from the bench's own server process (it serves `build/` as a school's server does), with
 * its service worker on; the league is set up through the app's own pages, as
 * tests/e2e/live-class.test.ts does: the instructor's laptop connects it, a phone joins by its
 * invite and picks its handed-out group, and the laptop holds the session page and the board.
 *
 * During the load the phone taps a count on a fixed schedule decided in advance (open loop). The
 * count pad is opened before its tap is due; the count is tapped at its due time, or as soon as
 * the previous tap is done when that is later, and its time still runs from its due time. Each
 * screen watches its group's totals (a MutationObserver) and reports each change, at its next
 * frame, to this process, which timestamps it on arrival: both ends on this process's clock.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from '@playwright/test';
import {
	connectLeague,
	downloadInvite,
	groupPlayers,
	joinWithInvite,
	leagueWithRoster,
	sessionWithGroups,
	useSchoolServer
} from '../tests/e2e/league-helpers';
import { CHROME_ARGS, CHROME_PATH, waitForServiceWorker } from '../tests/e2e/support';
import { figure, type Figure } from './report';
import { NAME_SHIM, percentile } from './ui';
import { failedWait, WAIT_MS, within } from './wait';

const NAME = "live: tap on a phone → instructor's session view, p95";
/** Milliseconds between two taps of the sampled phone. */
const TAP_EVERY_MS = Number(process.env.BENCH_LIVE_TAP_MS ?? 2000);
/** The count each tap records. */
const COUNT = 5;
/** What waits on the app's sync rounds (every 3 s) while the league is set up. */
const SYNC = { timeout: 30_000 };

/** Where each screen shows group 1's totals: its rows, and each row's name. */
const SCREENS = {
	session: { rows: 'section[aria-labelledby="group-0"] ul.sides > li', name: '.player-name' },
	board: { rows: 'li.group[aria-labelledby="board-group-0"] ol.lines > li', name: '.who' }
} as const;
type Screen = keyof typeof SCREENS;

/** One tap: when it was due, whose total it raises to what, and when each screen showed it. */
interface Tap {
	due: number;
	player: string;
	total: number;
	late: number;
	made: boolean;
	shown: Partial<Record<Screen, number>>;
}

/** The sampled league in the browser, ready to be tapped during the load. */
export interface SampledLeague {
	/**
	 * Taps on the schedule for `seconds`. The screens are heard until `figure` is asked for:
	 * live.ts waits 5 s after the load for its own entries first.
	 */
	tap(seconds: number): Promise<void>;
	/** The figure; `note` adds the load's words (live.ts's `note`). */
	figure(note: (text: string) => string): Figure;
	close(): Promise<void>;
}

/** In the page: reports group 1's totals on `screen` whenever they change, at the next frame. */
function watchTotals({ screen, rows, name }: { screen: Screen; rows: string; name: string }) {
	let last = '';
	const read = () => {
		const totals: Record<string, number> = {};
		for (const row of document.querySelectorAll(rows)) {
			const who = row.querySelector(name)?.textContent?.trim();
			const total = row.querySelector('.total')?.textContent;
			if (who && total) totals[who] = Number(total);
		}
		const text = JSON.stringify(totals);
		if (text === last) return;
		last = text;
		const shown = window as unknown as { __liveShown(s: Screen, t: Record<string, number>): void };
		requestAnimationFrame(() => shown.__liveShown(screen, totals));
	};
	new MutationObserver(read).observe(document.body, {
		subtree: true,
		childList: true,
		characterData: true
	});
	read();
}

/** A device of its own (a context), at `width` × `height`, on the app at `base`. */
async function device(browser: Browser, base: string, width: number, height: number) {
	const context = await browser.newContext({ baseURL: base, viewport: { width, height } });
	await context.addInitScript(NAME_SHIM);
	return context;
}

/** Waits until `page` says it is live through the school server. */
async function live(page: Page): Promise<void> {
	const status = page.getByRole('status').filter({ hasText: 'Live' });
	await expect(status).toContainText('Live through the school server', SYNC);
}

interface Setup {
	phone: Page;
	players: string[];
}

/**
 * Sets the league up through the app's pages; `laptop` gets the session page and the board,
 * each watching group 1's totals.
 */
async function setUp(browser: Browser, base: string, laptop: BrowserContext): Promise<Setup> {
	const page = await laptop.newPage();
	const league = await leagueWithRoster(page, 'Sampled class', ['Ana', 'Ben', 'Cleo', 'Dev']);
	await useSchoolServer(page);
	await connectLeague(page, league);
	const invite = await downloadInvite(page);
	const phone = await (await device(browser, base, 390, 844)).newPage();
	await joinWithInvite(phone, 'Group 1', invite, league);
	await waitForServiceWorker(phone);

	await page.goto(league);
	const session = await sessionWithGroups(page, new Date().toISOString().slice(0, 10));
	const players = await groupPlayers(page, 1);
	await page.getByRole('link', { name: 'Hand out to the groups’ phones' }).click();
	await expect(page.getByRole('heading', { name: /^Groups’ codes/ })).toBeVisible();
	const pick = phone.getByRole('region', { name: /Which group are you/ });
	await pick.getByRole('button', { name: 'We are Group 1' }).click(SYNC);
	await phone.waitForURL(/\/game\/[0-9a-f-]{36}$/);

	await waitForServiceWorker(page);
	await page.goto(session);
	await live(page);
	const group = page.getByRole('region', { name: 'Group 1', exact: true });
	await expect(group.locator('header .pill')).toHaveText('Joined on its phone', SYNC);
	const board = await laptop.newPage();
	await board.goto(`${session}/board`);
	await live(board);
	for (const p of [page, board, phone]) {
		if (!(await p.evaluate(() => navigator.serviceWorker.controller !== null))) {
			throw new Error(`${p.url()} is not served by the service worker`);
		}
	}
	for (const [screen, on] of [
		['session', page],
		['board', board]
	] as const) {
		await on.evaluate(watchTotals, { screen, ...SCREENS[screen] });
	}
	return { phone, players };
}

/** Opens the count pad for `player`; where its count is, once it stands still. */
async function aim(phone: Page, player: string): Promise<{ x: number; y: number }> {
	await phone.getByRole('button', { name: `Score for ${player}` }).click();
	const count = phone.getByRole('dialog').getByRole('button', { name: String(COUNT), exact: true });
	await count.click({ trial: true });
	const box = await count.boundingBox();
	if (!box) throw new Error('the count pad has no count of 5');
	return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Launches Chromium and sets the sampled league up on the app at `base`. Never throws: a setup
 * that fails is its figure's note.
 */
export async function sampledLeague(base: string): Promise<SampledLeague> {
	const taps: Tap[] = [];
	const failures: string[] = [];
	let setup: Setup | null = null;
	let browser: Browser | null = null;
	let problem: string | null = null;
	if (!existsSync(join(import.meta.dirname, '../build/index.html'))) {
		problem = 'no build of the app (npx vite build) for the server to serve';
	} else {
		try {
			browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
			const laptop = await device(browser, base, 1280, 800);
			await laptop.exposeBinding(
				'__liveShown',
				(_source, screen: Screen, totals: Record<string, number>) => {
					const at = performance.now();
					for (const tap of taps) {
						if (
							tap.made &&
							tap.shown[screen] === undefined &&
							(totals[tap.player] ?? 0) >= tap.total
						)
							tap.shown[screen] = at;
					}
				}
			);
			setup = await within(
				10 * WAIT_MS,
				'the sampled league to be set up',
				setUp(browser, base, laptop)
			);
		} catch (err) {
			problem = failedWait(err) ?? `FAILED: ${String(err).split('\n')[0]}`;
		}
	}

	async function tap(seconds: number): Promise<void> {
		if (!setup) return;
		const { phone, players } = setup;
		const start = performance.now();
		const sums = new Map<string, number>();
		const n = Math.max(1, Math.floor((seconds * 1000) / TAP_EVERY_MS));
		for (let i = 0; i < n; i++) {
			const player = players[i % players.length] as string;
			const total = (sums.get(player) ?? 0) + COUNT;
			const tap: Tap = {
				due: start + (i + 0.5) * TAP_EVERY_MS,
				player,
				total,
				late: 0,
				made: false,
				shown: {}
			};
			taps.push(tap);
			try {
				const at = await aim(phone, player);
				await sleep(tap.due - performance.now());
				tap.late = Math.max(0, performance.now() - tap.due);
				await phone.mouse.click(at.x, at.y);
				tap.made = true;
				sums.set(player, total);
				await phone.getByRole('dialog').waitFor({ state: 'hidden', timeout: WAIT_MS });
			} catch (err) {
				failures.push(String(err).split('\n')[0] ?? '');
				await phone.keyboard.press('Escape').catch(() => undefined);
			}
		}
	}

	function figureOf(note: (text: string) => string): Figure {
		if (problem) return figure(NAME, NaN, 'ms', note(problem));
		// A tap never shown counts as never: more than 5 % of them and the p95 is infinite.
		const ms = (screen: Screen) => taps.map((t) => (t.shown[screen] ?? Infinity) - t.due);
		const session = ms('session');
		const board = ms('board');
		const missed = session.filter((x) => x === Infinity).length;
		const latest = Math.max(0, ...taps.map((t) => t.late));
		const words =
			`from each tap's due time (one every ${TAP_EVERY_MS / 1000} s on the sampled league's phone, open loop) ` +
			`to the instructor's session page in Chromium showing it, reported to this process; ` +
			`p50 ${percentile(session, 50).toFixed(0)} ms; ${taps.length} taps, ${missed} never shown` +
			`${failures.length ? ` (${failures.length} not made: ${failures[0]})` : ''}, ` +
			`each made within ${latest.toFixed(0)} ms of its due time; the projector board p95 ` +
			`${percentile(board, 95).toFixed(0)} ms, p50 ${percentile(board, 50).toFixed(0)} ms; ` +
			`the built app from the server with its service worker, one more league beside the district`;
		return figure(NAME, percentile(session, 95), 'ms', note(words));
	}

	return {
		tap,
		figure: figureOf,
		close: async () => {
			await browser?.close();
		}
	};
}
