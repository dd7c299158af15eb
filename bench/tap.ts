import type { Browser } from 'playwright-core';
import { NAME_SHIM, startGame } from './ui';

/**
 * Time from a score tap to the event committed in IndexedDB and the new total painted, through
 * the real UI: open Ana's score pad, then, timed, tap "5" and wait for her total to change and
 * the next frame to be drawn. The total changes only after the live query has seen the commit.
 */
export async function tapToPaint(
	browser: Browser,
	origin: string,
	taps: number
): Promise<number[]> {
	const context = await browser.newContext({
		viewport: { width: 390, height: 844 },
		hasTouch: true
	});
	await context.addInitScript(NAME_SHIM);
	const page = await context.newPage();
	await startGame(page, origin, ['Ana', 'Ben']);
	const samples = await page.evaluate(async (n) => {
		const frame = () =>
			new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
		const until = async (find: () => Element | null): Promise<Element> => {
			for (;;) {
				const el = find();
				if (el) return el;
				await frame();
			}
		};
		const total = () => document.querySelector('.board .total[aria-label^="Ana:"]');
		const out: number[] = [];
		for (let i = 0; i < n; i++) {
			(
				(await until(() =>
					document.querySelector('button[aria-label="Score for Ana"]')
				)) as HTMLElement
			).click();
			const five = (await until(
				() =>
					[...document.querySelectorAll('dialog[open] button.count')].find(
						(b) => b.textContent?.trim() === '5'
					) ?? null
			)) as HTMLElement;
			const before = (await until(total)).textContent;
			const t0 = performance.now();
			const changed = new Promise<void>((resolve) => {
				const observer = new MutationObserver(() => {
					if (total()?.textContent !== before) {
						observer.disconnect();
						resolve();
					}
				});
				observer.observe(document.body, { subtree: true, childList: true, characterData: true });
			});
			five.click();
			await changed;
			// The frame after the change is the one that shows it.
			const painted = await frame();
			out.push(painted - t0);
			await until(() => (document.querySelector('dialog[open]') ? null : document.body));
		}
		return out;
	}, taps);
	await context.close();
	return samples;
}
