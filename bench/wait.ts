/**
 * Every wait of the bench has a time limit: a changed selector or a page that never settles
 * fails its figure with a note saying what it waited for, instead of hanging the run.
 */
import { markLoad } from './report';

/**
 * By then a page's idle-time work has loaded and run (`src/lib/idle.ts`: 1.5 s after the first
 * screen, then when idle, at the latest 2 s later): on a first visit, the service worker's
 * registration and its install, which fetches and stores every file of the app.
 */
export const IDLE_WORK_DONE_MS = 5000;

/** A bench wait that ran out of time. */
export class TimedOut extends Error {
	constructor(what: string, ms: number) {
		super(`timed out after ${Math.round(ms / 1000)} s waiting for ${what}`);
		this.name = 'TimedOut';
	}
}

/** `work`, or a `TimedOut` naming `what` once `ms` have passed. */
export function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new TimedOut(what, ms)), ms);
	});
	return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * What a figure's note says when `err` is a wait that ran out of time (a `TimedOut`,
 * Playwright's own `TimeoutError`, or a wait in a page that says "timed out"); undefined for
 * any other error.
 */
export function failedWait(err: unknown): string | undefined {
	const late =
		err instanceof Error &&
		(/TimedOut|TimeoutError/.test(err.name) || /timed out/.test(err.message));
	if (!late) return undefined;
	const first = err.message.split('\n')[0];
	console.log(`  ${first}`);
	return `FAILED: ${first}`;
}

/**
 * The figure `make` gives for what `measure` measured; when one of its waits ran out of time
 * (`failedWait`), the figure with NaN, which misses its budget, and the reason as its note.
 * Other errors are thrown.
 */
export async function measured<F>(
	make: (value: number, note?: string) => F,
	measure: () => Promise<number>
): Promise<F> {
	markLoad();
	try {
		return make(await measure());
	} catch (err) {
		const note = failedWait(err);
		if (note === undefined) throw err;
		return make(NaN, note);
	}
}

/**
 * How long the bench waits for one thing on a page before it fails the figure: a minute, or
 * `BENCH_WAIT_MS` (to check the limits themselves).
 */
export const WAIT_MS = Number(process.env.BENCH_WAIT_MS ?? 60_000);
