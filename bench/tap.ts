import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NAME_SHIM, startGame } from './ui';
import { WAIT_MS, within } from './wait';

/** One score tap, timed from the tap in milliseconds. */
export interface TapTiming {
	/**
	 * Until the event was committed and the frame showing the new total was rendered, without
	 * the idle wait between the two for the screen's next refresh: the time the app takes.
	 */
	work: number;
	/** Until the frame showing the new total was rendered, the wait for that frame included. */
	onScreen: number;
}

/**
 * Score taps through the real UI: open Ana's score pad, then, timed, tap "5" and wait for her
 * total to change. The total changes only once the write's transaction has committed (the
 * scorecard paints the write's own result), so the change marks "committed"; the frame after
 * it is the one that shows it. That frame starts at the display's next refresh (every 16.7 ms
 * at 60 Hz), a wait no app can shorten, so `work` counts the frame from its start to the end
 * of its rendering (style, layout and paint, until the next task can run), and `onScreen`
 * counts the wait too.
 */
export async function tapToPaint(
	browser: Browser,
	origin: string,
	taps: number,
	opts: { context?: BrowserContext; slowdown?: number } = {}
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
			/** The start of the next frame, and when its rendering is done (the next task runs). */
			const nextFrame = () =>
				new Promise<{ start: number; rendered: number }>((resolve) =>
					requestAnimationFrame(() => {
						const start = performance.now();
						const channel = new MessageChannel();
						channel.port1.onmessage = () => resolve({ start, rendered: performance.now() });
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
			// Ana's total: its text starts with her name, read to screen readers (side-board.svelte).
			const total = () =>
				[...document.querySelectorAll('.board .total')].find((el) =>
					el.textContent?.trim().startsWith('Ana:')
				) ?? null;
			const out: { work: number; onScreen: number }[] = [];
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
				const changed = new Promise<number>((resolve, reject) => {
					const observer = new MutationObserver(() => {
						if (total()?.textContent !== before) {
							observer.disconnect();
							clearTimeout(late);
							resolve(performance.now());
						}
					});
					const late = setTimeout(() => {
						observer.disconnect();
						reject(new Error(`timed out after ${waitMs} ms waiting for Ana’s total to change`));
					}, waitMs);
					observer.observe(document.body, { subtree: true, childList: true, characterData: true });
				});
				five.click();
				const committed = await changed;
				const { start, rendered } = await nextFrame();
				out.push({ work: committed - t0 + (rendered - start), onScreen: rendered - t0 });
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
