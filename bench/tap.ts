import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NAME_SHIM, startGame, waitForWorker } from './ui';
import { IDLE_WORK_DONE_MS, WAIT_MS, within } from './wait';

/** One score tap, timed from the tap in milliseconds. */
export interface TapTiming {
	/**
	 * Until the end of the frame that shows the new total (its style, layout and paint: a
	 * `user-blocking` task posted from its `requestAnimationFrame` has run), without the idle
	 * wait for the display's next refresh: the time the app takes to show the tap.
	 */
	work: number;
	/**
	 * The same, but until any next task after that frame has run: it counts whatever the app
	 * queued for right after the frame (the deferred write's start). No budget.
	 */
	anyTask: number;
	/** Until the event was committed to IndexedDB (Dexie's `x-storagemutated-1`). No budget. */
	committed: number;
	/** Until the new total was in the page (the app's own work on the tap, before any frame). */
	changed: number;
	/** Until the frame showing the new total was rendered, the wait for that frame included. */
	onScreen: number;
}

/**
 * Score taps through the real UI: open Ana's score pad, then, timed, tap "5" and wait for her
 * total to change, for the frame that shows it, and for the event's commit. The frame starts
 * at the display's next refresh (every 16.7 ms at 60 Hz), a wait no app can shorten, so `work`
 * counts the time until the total changed plus that frame from its start to the end of its
 * rendering, and `onScreen` counts the wait too. The next tap waits for the commit, so taps
 * do not pile up behind each other's writes.
 *
 * The taps are timed as in class: the app installed (its service worker active) and the
 * scorecard's idle-time work done. With `firstVisit`, they start as soon as the new game's
 * board is shown, on the device's first visit, while the service worker installs: it fetches
 * and stores every file of the app once, and the first dozen taps share the machine with it.
 */
export async function tapToPaint(
	browser: Browser,
	origin: string,
	taps: number,
	opts: { context?: BrowserContext; slowdown?: number; firstVisit?: boolean } = {}
): Promise<TapTiming[]> {
	const own = !opts.context;
	const context =
		opts.context ??
		(await browser.newContext({
			viewport: { width: 390, height: 844 },
			hasTouch: true
		}));
	if (own) await context.addInitScript(NAME_SHIM);
	const page = await context.newPage();
	try {
		if (opts.slowdown) await slowDown(page, opts.slowdown);
		await startGame(page, origin, ['Ana', 'Ben']);
		if (!opts.firstVisit) {
			// A school's context (`openSchool`) has its worker in control already.
			if (own) await waitForWorker(page);
			await page.waitForTimeout(IDLE_WORK_DONE_MS);
		}
		return await within(taps * WAIT_MS, 'the score taps', timedTaps(page, taps));
	} finally {
		if (own) await context.close();
		else await page.close();
	}
}

/**
 * `n` taps timed in `page`. Each wait in the page gives up after `WAIT_MS` with the thing it
 * waited for (a changed selector fails the figure rather than hanging the bench).
 */
function timedTaps(page: Page, n: number): Promise<TapTiming[]> {
	return page.evaluate(
		async ([n, waitMs]) => {
			const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
			const post = (
				globalThis as unknown as {
					scheduler: { postTask(f: () => void, o: { priority: string }): Promise<void> };
				}
			).scheduler;
			/**
			 * The start of the next frame, when its rendering is done (a user-blocking task, which
			 * runs before the ordinary tasks queued meanwhile), and when any next task ran.
			 */
			const nextFrame = () =>
				new Promise<{ start: number; rendered: number; anyTask: number }>((resolve) =>
					requestAnimationFrame(() => {
						const start = performance.now();
						let rendered = NaN;
						let anyTask = NaN;
						const done = () =>
							!isNaN(rendered) && !isNaN(anyTask) && resolve({ start, rendered, anyTask });
						void post.postTask(() => ((rendered = performance.now()), done()), {
							priority: 'user-blocking'
						});
						const channel = new MessageChannel();
						channel.port1.onmessage = () => ((anyTask = performance.now()), done());
						channel.port2.postMessage(null);
					})
				);
			const until = async (what: string, find: () => Element | null): Promise<Element> => {
				const deadline = performance.now() + waitMs;
				for (;;) {
					const el = find();
					if (el) return el;
					if (performance.now() > deadline)
						throw new Error(`timed out after ${waitMs} ms waiting for ${what}`);
					await frame();
				}
			};
			const timeout = <T>(what: string, p: Promise<T>): Promise<T> =>
				new Promise<T>((resolve, reject) => {
					const late = setTimeout(
						() => reject(new Error(`timed out after ${waitMs} ms waiting for ${what}`)),
						waitMs
					);
					void p.then((v) => (clearTimeout(late), resolve(v)));
				});
			// Ana's total: its text starts with her name, read to screen readers (side-board.svelte).
			const total = () =>
				[...document.querySelectorAll('.board .total')].find((el) =>
					el.textContent?.trim().startsWith('Ana:')
				) ?? null;
			const out: {
				work: number;
				anyTask: number;
				committed: number;
				changed: number;
				onScreen: number;
			}[] = [];
			for (let i = 0; i < n; i++) {
				(
					(await until('button "Score for Ana"', () =>
						document.querySelector('button[aria-label="Score for Ana"]')
					)) as HTMLElement
				).click();
				const five = (await until(
					'count "5" in the open sheet',
					() =>
						[...document.querySelectorAll('dialog[open] button.count')].find(
							(b) => b.textContent?.trim() === '5'
						) ?? null
				)) as HTMLElement;
				const before = (await until('Ana’s total', total)).textContent;
				const t0 = performance.now();
				const changed = new Promise<number>((resolve) => {
					const observer = new MutationObserver(() => {
						if (total()?.textContent !== before) {
							observer.disconnect();
							resolve(performance.now());
						}
					});
					observer.observe(document.body, { subtree: true, childList: true, characterData: true });
				});
				// Dexie tells the page's own live queries of a commit through this window event.
				const committed = new Promise<number>((resolve) =>
					addEventListener('x-storagemutated-1', () => resolve(performance.now()), { once: true })
				);
				five.click();
				const shown = await timeout('Ana’s total to change', changed);
				const f = await nextFrame();
				const stored = await timeout('the event to be committed', committed);
				out.push({
					work: shown - t0 + (f.rendered - f.start),
					anyTask: shown - t0 + (f.anyTask - f.start),
					committed: stored - t0,
					changed: shown - t0,
					onScreen: f.rendered - t0
				});
				await until('the sheet to close', () =>
					document.querySelector('dialog[open]') ? null : document.body
				);
			}
			return out;
		},
		[n, WAIT_MS] as const
	);
}

/**
 * Slows `page`'s CPU `rate` times (Chrome DevTools Protocol), as a mid-range phone at 4.
 */
export async function slowDown(page: Page, rate: number): Promise<void> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
