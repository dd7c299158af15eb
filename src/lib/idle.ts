/**
 * Runs `work` once the browser is idle after the first paint (at the latest after two
 * seconds), for what the first screen does not need.
 */
export function whenIdle(work: () => void): void {
	if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 2000 });
	else setTimeout(work, 200);
}
