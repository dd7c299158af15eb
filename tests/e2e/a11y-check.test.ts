/**
 * The accessibility check itself (a11y.ts) finds what it is for: a violation in either theme,
 * and a page wider than a 320 px screen; and it checks a changed page again.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';

/** A page whose text has enough contrast in the light theme only. */
const DARK_ONLY_FAILS = `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Check</title><style>
	p { color: #000; background: #fff; }
	:root[data-theme='dark'] p { color: #333; background: #222; }
</style></head><body><main><h1>Check</h1><p>Some words.</p></main></body></html>`;

test('a low contrast in the dark theme fails, and is named', async ({ page }) => {
	await page.setContent(DARK_ONLY_FAILS);
	const error = await expectAccessible(page, 'the check').catch((e: unknown) => e);
	expect(String(error)).toContain('axe, dark theme, at the check');
	expect(String(error)).toContain('color-contrast');
	// The theme is put back.
	expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
});

test('an image with no text alternative fails in the light theme', async ({ page }) => {
	await page.setContent(
		`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Check</title></head><body><main><h1>Check</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`
	);
	const error = await expectAccessible(page, 'the image').catch((e: unknown) => e);
	expect(String(error)).toContain('axe, light theme, at the image');
	expect(String(error)).toContain('image-alt');
});

test('a page wider than 320 px fails; a page that was checked is checked again once it changes', async ({
	page
}) => {
	await page.setContent(
		`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Check</title></head><body><main><h1>Check</h1><div id="box" style="width: 300px">Box</div></main></body></html>`
	);
	await expectAccessible(page, 'a narrow box');
	await page.evaluate(() => (document.getElementById('box')!.style.width = '400px'));
	const error = await expectAccessible(page, 'a wide box').catch((e: unknown) => e);
	expect(String(error)).toContain('page width at 320 px, at a wide box');
});

test('content cut off at one width only fails, named with that width, and the viewport is put back', async ({
	page
}) => {
	const before = page.viewportSize();
	await page.setContent(
		`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Check</title><style>
		#box { overflow: hidden; } #box span { display: inline-block; width: 200px; }
		@media (min-width: 1000px) { #box { width: 100px; } }
		</style></head><body><main><h1>Check</h1><div id="box"><span>Wide words</span></div></main></body></html>`
	);
	const error = await expectAccessible(page, 'a box cut on a laptop').catch((e: unknown) => e);
	expect(String(error)).toContain(
		'content wider than its box at 1280 px, at a box cut on a laptop'
	);
	expect(page.viewportSize()).toEqual(before);
});
