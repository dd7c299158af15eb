import type { Browser } from 'playwright-core';
import { HOME, reportWhenPainted, type Starter } from './offline-start';
import { slowDown } from './tap';
import { NAME_SHIM } from './ui';
import { WAIT_MS, within } from './wait';

/**
 * First online visits (issue 39): a device that has never opened the app (a new context: no
 * service worker, nothing cached, nothing stored) opening Home, from navigation start to
 * Home's content painted (its welcome, in `.lists`' place: on a new device the list is empty,
 * and Home shows the welcome where the list would be), each `once`. `query` is added to the
 * address (`floor.ts`: with it, the floor build's page runs none of the app's code and adds the
 * element itself, which is this visit's floor). One context per visit, so each is a first one.
 */
export function firstVisitor(browser: Browser, origin: string, slowdown = 1, query = ''): Starter {
	return {
		async once() {
			const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
			try {
				await context.addInitScript(NAME_SHIM);
				let painted: (ms: number) => void = () => undefined;
				await context.exposeBinding('__reportPainted', (_source, ms: number) => painted(ms));
				await context.addInitScript(reportWhenPainted, FIRST_VISIT_READY);
				const page = await context.newPage();
				if (slowdown > 1) await slowDown(page, slowdown);
				const reported = new Promise<number>((resolve) => (painted = resolve));
				await page.goto(`${origin}${HOME.path('')}${query}`, { waitUntil: 'commit' });
				return await within(WAIT_MS, 'Home on a first visit', reported);
			} finally {
				await context.close();
			}
		},
		close: () => Promise.resolve()
	};
}

/** Home's content on a device with no games: its welcome (the floor's element matches too). */
export const FIRST_VISIT_READY = '.welcome, .lists';
