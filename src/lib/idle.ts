/**
 * How long the first screen has the page to itself: a scorecard opened cold spends its first
 * moments waiting for the database, and those idle moments belong to its own code and data.
 */
const FIRST_SCREEN_MS = 1500;

/**
 * Runs `work` once the first screen has had its time and the browser is idle (at the latest
 * two seconds later), for what no first screen needs: the service worker and its notes.
 */
export function whenIdle(work: () => void): void {
	setTimeout(() => {
		if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 2000 });
		else work();
	}, FIRST_SCREEN_MS);
}
