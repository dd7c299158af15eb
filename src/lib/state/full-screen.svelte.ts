/**
 * Full screen for one element of a page (the projected standings, the session's board): whether
 * it is shown full screen now, kept in step with the browser (Escape leaves it too), and a
 * toggle. Call from a component's script: it listens while the component lives.
 */
export function fullScreen(element: () => HTMLElement | undefined) {
	let on = $state(false);
	$effect(() => {
		const sync = () => {
			const el = element();
			on = el !== undefined && document.fullscreenElement === el;
		};
		document.addEventListener('fullscreenchange', sync);
		return () => document.removeEventListener('fullscreenchange', sync);
	});
	return {
		/** The element fills the screen. */
		get on() {
			return on;
		},
		/**
		 * Leaves full screen, or shows the element full screen. Gives false when the browser
		 * refused (an iframe, a policy, no support): the page may enlarge in place instead.
		 */
		async toggle(): Promise<boolean> {
			if (document.fullscreenElement) {
				await document.exitFullscreen();
				return true;
			}
			const el = element();
			if (!el?.requestFullscreen) return false;
			try {
				await el.requestFullscreen();
				return true;
			} catch {
				return false;
			}
		}
	};
}
