/**
 * Banners fixed over the top of the page (`.top-banner` in app.css) keep the page below them:
 * the layout's frame is padded by the height of the banners shown (`--top-banner-space`), and
 * a second banner sits under the first, not over it. Why: at 320 px a banner of three lines
 * covered the page's heading until it was closed.
 */
import type { Attachment } from 'svelte/attachments';

/** The banners shown, in the order they appeared, with their heights in pixels. */
const shown = new Map<HTMLElement, number>();

/**
 * Where banners of `heights` (in the order they appeared) sit, each under the one before with
 * `gap` between them, and the room they take together: all in pixels.
 */
export function stacked(
	heights: readonly number[],
	gap: number
): { offsets: number[]; space: number } {
	const offsets: number[] = [];
	let top = 0;
	for (const height of heights) {
		offsets.push(top);
		top += height + gap;
	}
	return { offsets, space: heights.length > 0 ? top - gap : 0 };
}

function layOut(): void {
	const root = document.documentElement;
	// The gap between two banners is their inset from the top, `--space-3` (0.75 rem).
	const gap = 0.75 * parseFloat(getComputedStyle(root).fontSize);
	const { offsets, space } = stacked([...shown.values()], gap);
	[...shown.keys()].forEach((banner, i) =>
		banner.style.setProperty('--banner-offset', `${offsets[i]}px`)
	);
	root.style.setProperty('--top-banner-space', space > 0 ? `${space}px` : '');
}

/** Use on a `.top-banner`: `{@attach takesTopSpace}`. */
export const takesTopSpace: Attachment<HTMLElement> = (banner) => {
	const observer = new ResizeObserver(() => {
		shown.set(banner, banner.offsetHeight);
		layOut();
	});
	shown.set(banner, banner.offsetHeight);
	layOut();
	observer.observe(banner);
	return () => {
		observer.disconnect();
		shown.delete(banner);
		layOut();
	};
};
