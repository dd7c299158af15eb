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

/**
 * The words of `els`' visible text that the screen breaks across two lines (a name cut as
 * "Gus Re|ed"): each word's own boxes must share one line. Text for screen readers only is
 * left out.
 */
export function brokenWords(els: Locator): Promise<string[]> {
	return els.evaluateAll((nodes) => {
		const out: string[] = [];
		for (const el of nodes) {
			const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				if (node.parentElement?.closest('.visually-hidden')) continue;
				const text = node.textContent ?? '';
				for (const m of text.matchAll(/\S+/g)) {
					const range = document.createRange();
					range.setStart(node, m.index);
					range.setEnd(node, m.index + m[0].length);
					const tops = new Set(
						[...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))
					);
					if (tops.size > 1) out.push(m[0]);
				}
			}
		}
		return out;
	});
}
