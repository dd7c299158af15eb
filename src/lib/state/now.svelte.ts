/**
 * The current time as runes state, for countdowns: refreshed every `every` milliseconds while
 * `active()` is true, and at once when the page comes back into view (a locked phone stops
 * timers). Clocks are read from their stored instants at this time, so a missed or late tick
 * only delays the display, never loses time. Create while a component initialises.
 */
export class Now {
	#ms = $state(Date.now());
	#every: number;

	constructor(every = 250, active: () => boolean = () => true) {
		this.#every = every;
		$effect(() => (active() ? this.run() : undefined));
	}

	/** Milliseconds since the epoch, as of the last tick. */
	get current(): number {
		return this.#ms;
	}

	/**
	 * Starts ticking (the constructor's effect does this while active); returns the stop.
	 * Public so the ticking can be tested without mounting a component.
	 */
	run(): () => void {
		const tick = () => {
			this.#ms = Date.now();
		};
		tick();
		const timer = setInterval(tick, this.#every);
		document.addEventListener('visibilitychange', tick);
		return () => {
			clearInterval(timer);
			document.removeEventListener('visibilitychange', tick);
		};
	}
}
