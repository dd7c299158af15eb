/**
 * Clocks that are started, paused and resumed, as data: the instants (milliseconds since the
 * epoch) at which a clock was started and paused, alternately. A reading is computed from those
 * instants and the time asked about, never by counting ticks, so a clock reads the same after
 * a reload, after the phone was locked, and in another tab. Pure: the time comes in as `now`.
 */

/** Start and pause instants, alternately and in order; the clock runs while their number is odd. */
export type Clock = readonly number[];

/** Whether the clock was ever started. */
export function hasStarted(clock: Clock): boolean {
	return clock.length > 0;
}

/** Whether the clock is running (started or resumed, and not paused since). */
export function isRunning(clock: Clock): boolean {
	return clock.length % 2 === 1;
}

/** The running intervals as [start, stop) pairs; the last stop is Infinity while running. */
function intervals(clock: Clock): [number, number][] {
	const out: [number, number][] = [];
	for (let i = 0; i < clock.length; i += 2) {
		out.push([clock[i] ?? 0, clock[i + 1] ?? Infinity]);
	}
	return out;
}

/** How long the clock ran between `from` and `to` (milliseconds); pauses do not count. */
export function runningBetween(clock: Clock, from: number, to: number): number {
	let total = 0;
	for (const [start, stop] of intervals(clock)) {
		const a = Math.max(start, from);
		const b = Math.min(stop, to);
		if (b > a) total += b - a;
	}
	return total;
}

/** How long the clock has run by `now` (milliseconds). */
export function elapsed(clock: Clock, now: number): number {
	return runningBetween(clock, -Infinity, now);
}

/** What is left of `limit` milliseconds at `now`; never below 0. */
export function remaining(clock: Clock, limit: number, now: number): number {
	return Math.max(0, limit - elapsed(clock, now));
}

/**
 * The instant the clock's running time reaches `limit`: in the past when it has, in the future
 * while it runs towards it, and null while it is paused (or not started) short of it.
 */
export function reachesAt(clock: Clock, limit: number): number | null {
	let total = 0;
	for (const [start, stop] of intervals(clock)) {
		if (total + (stop - start) >= limit) return start + (limit - total);
		total += stop - start;
	}
	return null;
}

/**
 * The clock started (or resumed) at `now`; unchanged when it already runs. An instant earlier
 * than the last one recorded (another tab's clock a little behind) is taken as that one, so the
 * instants stay in order.
 */
export function start(clock: Clock, now: number): Clock {
	if (isRunning(clock)) return clock;
	return [...clock, Math.max(now, clock.at(-1) ?? now)];
}

/** The clock paused at `now`; unchanged when it is not running. */
export function pause(clock: Clock, now: number): Clock {
	if (!isRunning(clock)) return clock;
	return [...clock, Math.max(now, clock.at(-1) ?? now)];
}

/**
 * A countdown as people read it, "14:59", "0:07": whole seconds rounded up, so the display
 * shows 0:00 only once the time is really up.
 */
export function formatClock(ms: number): string {
	const seconds = Math.max(0, Math.ceil(ms / 1000));
	const m = Math.floor(seconds / 60);
	const s = seconds % 60;
	return `${m}:${String(s).padStart(2, '0')}`;
}

/** The same reading in words for screen readers: "14 minutes 59 seconds left". */
export function speakClock(ms: number): string {
	const seconds = Math.max(0, Math.ceil(ms / 1000));
	const m = Math.floor(seconds / 60);
	const s = seconds % 60;
	const parts = [
		m > 0 ? `${m} ${m === 1 ? 'minute' : 'minutes'}` : '',
		s > 0 || m === 0 ? `${s} ${s === 1 ? 'second' : 'seconds'}` : ''
	].filter(Boolean);
	return `${parts.join(' ')} left`;
}
