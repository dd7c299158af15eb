/**
 * Keeps the screen on while `active()` is true (a game in progress on the table), where the
 * browser has the Screen Wake Lock API. The browser drops the lock whenever the page is hidden,
 * so it is asked for again each time the page comes back. Call during component init.
 */
export function keepScreenAwake(active: () => boolean): void {
	// Only a change of the answer restarts the effect: `active` reads the game's state, which
	// every score tap replaces, and the lock would be released and asked for again each time.
	const on = $derived(active());
	$effect(() => {
		if (!on || !('wakeLock' in navigator)) return;
		let sentinel: WakeLockSentinel | null = null;
		let stopped = false;

		async function request() {
			if (stopped || document.visibilityState !== 'visible') return;
			try {
				sentinel = await navigator.wakeLock.request('screen');
			} catch {
				// Refused (battery saver, no user gesture yet): the screen simply may dim.
				sentinel = null;
			}
		}

		function onVisible() {
			if (document.visibilityState === 'visible' && (sentinel === null || sentinel.released))
				request();
		}

		request();
		document.addEventListener('visibilitychange', onVisible);
		return () => {
			stopped = true;
			document.removeEventListener('visibilitychange', onVisible);
			sentinel?.release().catch(() => {});
		};
	});
}
