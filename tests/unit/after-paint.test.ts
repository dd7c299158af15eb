/**
 * `afterPaint` runs its jobs after the next frame, in order, once each; at once when the page
 * is hidden or going away; and after a fallback timer when no frame comes (a background tab).
 * The page is stubbed: a visibility state, event targets, and frames and the messages posted from
 * them delivered by hand (a real MessageChannel's message can arrive after a zero timer on a
 * busy machine, which made the first case flaky in CI).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type AfterPaint = typeof import('$lib/after-paint');

let frames: FrameRequestCallback[];
let messages: (() => void)[];
let visibility: DocumentVisibilityState;
const doc = new EventTarget();
const win = new EventTarget();

async function load(): Promise<AfterPaint> {
	vi.resetModules();
	return import('$lib/after-paint');
}

/** A channel whose messages wait in `messages` until `frame()` delivers them. */
class HeldChannel {
	port1: { onmessage: ((e: MessageEvent<number>) => void) | null } = { onmessage: null };
	port2 = {
		postMessage: (data: number) =>
			messages.push(() => this.port1.onmessage?.({ data } as MessageEvent<number>))
	};
}

/** Runs the frame callbacks waiting now, then delivers the messages posted from them. */
async function frame(): Promise<void> {
	for (const cb of frames.splice(0)) cb(0);
	await Promise.resolve();
	for (const deliver of messages.splice(0)) deliver();
}

beforeEach(() => {
	frames = [];
	messages = [];
	vi.stubGlobal('MessageChannel', HeldChannel);
	visibility = 'visible';
	vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
	vi.stubGlobal('window', win);
	vi.stubGlobal('document', {
		get visibilityState() {
			return visibility;
		},
		addEventListener: doc.addEventListener.bind(doc)
	});
});

afterEach(() => {
	vi.unstubAllGlobals();
	vi.useRealTimers();
});

describe('afterPaint', () => {
	it('runs nothing before the frame, then every job in order, once', async () => {
		const { afterPaint } = await load();
		const ran: string[] = [];
		afterPaint(() => ran.push('first'));
		afterPaint(() => ran.push('second'));
		await Promise.resolve();
		expect(ran).toEqual([]);
		await frame();
		expect(ran).toEqual(['first', 'second']);
		await frame();
		expect(ran).toEqual(['first', 'second']);
	});

	it('runs at once when the page is hidden', async () => {
		const { afterPaint } = await load();
		visibility = 'hidden';
		const ran: string[] = [];
		afterPaint(() => ran.push('now'));
		expect(ran).toEqual(['now']);
	});

	it('runs the waiting jobs on pagehide and when the page turns hidden', async () => {
		const { afterPaint } = await load();
		const ran: string[] = [];
		afterPaint(() => ran.push('a'));
		win.dispatchEvent(new Event('pagehide'));
		expect(ran).toEqual(['a']);
		afterPaint(() => ran.push('b'));
		visibility = 'hidden';
		doc.dispatchEvent(new Event('visibilitychange'));
		expect(ran).toEqual(['a', 'b']);
		await frame();
		expect(ran).toEqual(['a', 'b']);
	});

	it('runs after the fallback time when no frame comes (a background tab)', async () => {
		vi.useFakeTimers();
		const { afterPaint, FALLBACK_MS } = await load();
		const ran: string[] = [];
		afterPaint(() => ran.push('late'));
		vi.advanceTimersByTime(FALLBACK_MS - 1);
		expect(ran).toEqual([]);
		vi.advanceTimersByTime(1);
		expect(ran).toEqual(['late']);
	});

	it('keeps running the other jobs when one throws', async () => {
		const { afterPaint, flushAfterPaint } = await load();
		const reported = vi.fn();
		vi.stubGlobal('reportError', reported);
		const ran: string[] = [];
		afterPaint(() => {
			throw new Error('boom');
		});
		afterPaint(() => ran.push('after'));
		flushAfterPaint();
		expect(ran).toEqual(['after']);
		expect(reported).toHaveBeenCalledTimes(1);
	});
});
