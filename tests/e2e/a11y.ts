import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
	expect,
	test as base,
	type Browser,
	type BrowserContext,
	type Frame,
	type Page
} from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { expectNothingClipped } from './clipped';

/** The WCAG 2.1 A and AA rules of axe-core; the tags also pull in their WCAG 2.0 ancestors. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The narrowest phone screen the app is made for. */
const NARROWEST = 320;

/**
 * axe-core's minified build (the same axe-core @axe-core/playwright would use), injected into
 * a document once and run there directly. AxeBuilder injected the unminified 1.3 MB build twice
 * per run and finished each run in a new blank page: on a 100-row table that was about half of
 * the time of a check, with the same rules and the same violations.
 */
const AXE_SOURCE = readFileSync(
	createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
	'utf8'
);

/**
 * Every rule of the tags runs on every node; only the violations are asked for in full (the
 * passes, which the tests never read, would each get a selector and an HTML snippet).
 */
const AXE_OPTIONS: RunOptions = {
	runOnly: { type: 'tag', values: WCAG_TAGS },
	resultTypes: ['violations']
};

/**
 * The dark theme changes colours and nothing else (app.css), so only the rules of those tags
 * that judge colours run again in it. Running them all again cost about 40% of axe's time in
 * the browser tests, for rules whose answer the theme cannot change.
 */
const AXE_COLOUR_OPTIONS: RunOptions = {
	runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
	resultTypes: ['violations']
};

/** One axe violation as a line a failing test can print: rule, impact and where it was seen. */
function describeViolations(violations: AxeResults['violations']): string[] {
	return violations.map(
		(v) =>
			`${v.id} (${v.impact ?? 'no impact'}): ${v.help}; ${v.nodes
				.slice(0, 3)
				.map((n) => n.target.join(' '))
				.join(', ')}`
	);
}

/** Puts axe-core in `frame`'s document unless it is there already (it goes with a navigation). */
async function injectAxe(frame: Frame): Promise<void> {
	const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
	if (!present) await frame.evaluate(AXE_SOURCE);
}

/**
 * What axe and the 320 px check see of the page now: the address, the viewport, the whole
 * markup, the fields' values (properties, not in the markup), the focused element and the
 * scroll position. Two equal fingerprints are the same page state, so the second check would
 * repeat the first; the end-of-test check often lands on the state a test checked last.
 */
function fingerprint(page: Page): Promise<string> {
	// Hashed in the page: the markup of a long list, sent whole to the test, cost more than the
	// checks it lets a repeated state skip.
	return page.evaluate(async () => {
		const fields = [...document.querySelectorAll('input, select, textarea')].map((el) => {
			const field = el as HTMLInputElement;
			return `${field.value}:${field.checked}`;
		});
		const active = document.activeElement;
		const focus = active ? [...document.querySelectorAll('*')].indexOf(active) : -1;
		const text = JSON.stringify([
			location.href,
			innerWidth,
			innerHeight,
			scrollX,
			scrollY,
			focus,
			fields,
			document.documentElement.outerHTML
		]);
		if (!crypto.subtle) return text; // not a secure context: compared whole
		const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
		return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
	});
}

/** The last state of each page that passed `expectAccessible`. */
const lastPassed = new WeakMap<Page, string>();

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page as it is now, in the light and the dark theme
 * (forced through `data-theme`, which the app's CSS honours over the device's scheme, then put
 * back), checks that the page still fits a 320 px screen without sideways scrolling, and that
 * no element clips its content at 320, 390 or 1280 px (`expectNothingClipped`).
 * `where` names the page state in the failure message. A state identical to the one this page
 * last passed (see `fingerprint`) is not checked again.
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
	const state = await fingerprint(page);
	if (lastPassed.get(page) === state) return;
	for (const frame of page.frames()) await injectAxe(frame);
	// Both themes in one call: the theme is CSS alone (app.css), so setting the attribute
	// restyles the page before axe reads a computed colour.
	const results = await page.evaluate(
		async ({ light, dark }) => {
			const root = document.documentElement;
			const original = root.dataset.theme ?? null;
			const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
			const out: { theme: string; violations: AxeResults['violations'] }[] = [];
			try {
				for (const [theme, options] of [
					['light', light],
					['dark', dark]
				] as const) {
					root.dataset.theme = theme;
					out.push({ theme, violations: (await axe.run(document, options)).violations });
				}
			} finally {
				if (original === null) delete root.dataset.theme;
				else root.dataset.theme = original;
			}
			return out;
		},
		{ light: AXE_OPTIONS, dark: AXE_COLOUR_OPTIONS }
	);
	for (const { theme, violations } of results) {
		expect(describeViolations(violations), `axe, ${theme} theme, at ${where}`).toEqual([]);
	}
	// The 320 px fit and the clipping at each width in one pass: each width is one relayout
	// (set apart, the two checks took six for three widths).
	await expectNothingClipped(page, where, (width) =>
		width === NARROWEST ? expectFitsNarrowScreen(page, where, false) : Promise.resolve()
	);
	lastPassed.set(page, state);
}

/**
 * The page at 320 px wide is no wider than the screen; the viewport is put back afterwards.
 * `resize: false` checks the page as it is, already 320 px wide (`expectAccessible`).
 */
export async function expectFitsNarrowScreen(
	page: Page,
	where = page.url(),
	resize = true
): Promise<void> {
	const viewport = page.viewportSize();
	if (!viewport) return;
	if (resize) await page.setViewportSize({ width: NARROWEST, height: viewport.height });
	try {
		// The width, and the elements that stick out past the screen's right edge whose parent
		// does not (a phone widens its layout viewport, fixed bars included, to fit the page).
		const overflow = () =>
			page.evaluate((edge) => {
				const past = (el: Element | null) => !!el && el.getBoundingClientRect().right > edge + 0.5;
				const out = [...document.querySelectorAll('body *')]
					.filter((el) => past(el) && !past(el.parentElement))
					.filter((el) => getComputedStyle(el).position !== 'fixed')
					.slice(0, 3)
					.map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
				return { width: document.documentElement.scrollWidth, out };
			}, NARROWEST);
		await expect
			.poll(async () => (await overflow()).width, {
				message: `page width at 320 px, at ${where}`
			})
			.toBeLessThanOrEqual(NARROWEST)
			.catch(async (error: unknown) => {
				throw new Error(
					`${String(error)}\nwider than the screen: ${(await overflow()).out.join(', ')}`
				);
			});
	} finally {
		if (resize) await page.setViewportSize(viewport);
	}
}

/**
 * Playwright's `test`, whose `page` is checked by `expectAccessible` once more when the test
 * body has finished, so that the last state every test reaches is covered even where the test
 * checks no earlier state. Tests call `expectAccessible` themselves at the states between.
 */
/** The Content-Security-Policy violations seen in this worker's pages since the test began. */
const cspViolations: string[] = [];

/** The contexts already watched (the test's own may come through a patched `newContext` too). */
const watched = new WeakSet<BrowserContext>();

/** Reports every `securitypolicyviolation` of `context`'s pages into `cspViolations`. */
export async function watchPolicy(context: BrowserContext): Promise<void> {
	if (watched.has(context)) return;
	watched.add(context);
	await context.exposeBinding('__mugginsPolicyViolation', (_source, line: string) => {
		cspViolations.push(line);
	});
	await context.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (e) => {
			const report = (window as unknown as { __mugginsPolicyViolation(line: string): void })
				.__mugginsPolicyViolation;
			report(
				`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}` +
					` (${e.sourceFile}:${e.lineNumber}) ${e.sample}`
			);
		});
	});
}

/**
 * Every story: its pages pass axe at the end, and no page of it, in the test's own context or
 * one it made, broke the Content-Security-Policy the school server and `vite preview` send.
 */
export const test = base.extend<{ page: Page; policyKept: void }, { browser: Browser }>({
	browser: [
		async ({ browser }, use) => {
			const newContext = browser.newContext.bind(browser);
			browser.newContext = async (options) => {
				const context = await newContext(options);
				await watchPolicy(context);
				return context;
			};
			await use(browser);
		},
		{ scope: 'worker' }
	],
	context: async ({ context }, use) => {
		await watchPolicy(context);
		await use(context);
	},
	policyKept: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
		async ({}, use) => {
			cspViolations.length = 0;
			await use();
			expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
		},
		{ auto: true }
	],
	page: async ({ page }, use, testInfo) => {
		await use(page);
		if (testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
		await expectAccessible(page, `the end of "${testInfo.title}"`);
	}
});

export { expect };
