import type { Locator } from '@playwright/test';

/**
 * How many lines the visible text of each of `cells` takes on screen (text for screen readers
 * only is left out): for checks that a name is not broken at 320 px.
 */
export function lineCounts(cells: Locator): Promise<number[]> {
	return cells.evaluateAll((els) =>
		els.map((el) => {
			const tops = new Set<number>();
			const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				if (node.parentElement?.closest('.visually-hidden')) continue;
				const range = document.createRange();
				range.selectNodeContents(node);
				for (const rect of range.getClientRects())
					if (rect.width > 0) tops.add(Math.round(rect.top));
			}
			return tops.size;
		})
	);
}
