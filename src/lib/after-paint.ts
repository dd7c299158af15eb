/**
 * Work that must happen soon, but not before the user sees the result of their tap: a score
 * tap paints the new total first, and stores it right after.
 *
 * `afterPaint(fn)` runs `fn` in a task after the next frame (a message posted from
 * `requestAnimationFrame`: the frame's style, layout and paint come first). It runs at once
 * when the page is hidden, and every job still waiting runs at once on `pagehide` or when the
 * page turns hidden: a write must not wait for a frame that a closing or background tab never
 * draws. Background tabs draw no frames at all, so a timer runs the jobs after
 * `FALLBACK_MS` in any case. Jobs run once each, in the order given.
 */

/** Longest wait for a frame (rAF does not fire in background tabs or some embedded views). */
export const FALLBACK_MS = 100;

const queue: (() => void)[] = [];
let scheduled = false;
/** Counts the frames asked for: a late message from an earlier frame flushes nothing newer. */
let round = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let channel: MessageChannel | undefined;
let listening = false;

function hidden(): boolean {
	return typeof document === 'undefined' || document.visibilityState === 'hidden';
}

/** Runs every waiting job, in order; one that throws does not stop the others. */
function flush(): void {
	scheduled = false;
	clearTimeout(timer);
	for (const job of queue.splice(0)) {
		try {
			job();
		} catch (err) {
			reportError(err);
		}
	}
}

function listen(): void {
	if (listening || typeof window === 'undefined') return;
	listening = true;
	window.addEventListener('pagehide', flush);
	document.addEventListener('visibilitychange', () => hidden() && flush());
}

/** Runs `fn` after the next frame is painted, or at once when the page is hidden. */
export function afterPaint(fn: () => void): void {
	queue.push(fn);
	if (hidden() || typeof requestAnimationFrame === 'undefined') return flush();
	listen();
	if (scheduled) return;
	scheduled = true;
	if (!channel) {
		channel = new MessageChannel();
		channel.port1.onmessage = (e: MessageEvent<number>) => scheduled && e.data === round && flush();
	}
	const port = channel.port2;
	const mine = ++round;
	requestAnimationFrame(() => port.postMessage(mine));
	timer = setTimeout(flush, FALLBACK_MS);
}

/** Runs every waiting job now (before a navigation that must see them started, and in tests). */
export function flushAfterPaint(): void {
	if (queue.length > 0) flush();
}
