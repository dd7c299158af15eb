import { expect, type Page } from '@playwright/test';

/** The widths every checked state is looked at: the narrowest phone, a common phone, a laptop. */
export const CLIP_WIDTHS = [320, 390, 1280] as const;

/**
 * The elements on `page` whose content is wider than their box while their overflow clips it
 * (hidden, clip, auto or scroll): a table column cut off inside a scrolling wrapper, a word cut
 * by an `overflow: hidden` cell. The page's own width misses these, as the box around them
 * does not grow. Left out: form fields (their text scrolls by design), text for screen readers
 * only (a 1 px clipped box), and scrollers that show a cue that they scroll (`data-scroll-cue`) or are built to scroll
 * sideways (`ScrollX`'s box, whose cue follows its measure).
 */
export function clippedElements(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const describe = (el: HTMLElement) => {
			const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
			const classes = [...el.classList].filter((c) => !c.startsWith('svelte-')).join('.');
			return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}" (${el.scrollWidth} px in ${el.clientWidth})`;
		};
		const out: string[] = [];
		for (const el of document.querySelectorAll<HTMLElement>('body *')) {
			if (!(el instanceof HTMLElement)) continue;
			if (el.matches('input, textarea, select, [data-scroll-cue], .scroll-x')) continue;
			if (el.closest('.visually-hidden')) continue;
			if (el.clientWidth <= 1 || el.getClientRects().length === 0) continue;
			if (getComputedStyle(el).overflowX === 'visible') continue;
			if (el.scrollWidth > el.clientWidth + 1) out.push(describe(el));
		}
		return out;
	});
}

/**
 * At 320, 390 and 1280 px wide, no element's content is wider than its clipping box (see
 * `clippedElements`), and `atWidth` passes at each width; the viewport is put back afterwards.
 * The page's own width is looked at first, without a resize (a relayout each).
 */
export async function expectNothingClipped(
	page: Page,
	where = page.url(),
	atWidth: (width: number) => Promise<void> = () => Promise.resolve()
): Promise<void> {
	const viewport = page.viewportSize();
	if (!viewport) return;
	const widths = [...CLIP_WIDTHS].sort((a, b) =>
		a === viewport.width ? -1 : b === viewport.width ? 1 : 0
	);
	try {
		for (const width of widths) {
			if (page.viewportSize()?.width !== width) {
				await page.setViewportSize({ width, height: viewport.height });
			}
			await expect
				.poll(() => clippedElements(page), {
					message: `content wider than its box at ${width} px, at ${where}`
				})
				.toEqual([]);
			await atWidth(width);
		}
	} finally {
		if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
	}
}
