import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Now } from '$lib/state/now.svelte';

const listeners = new Map<string, () => void>();

beforeEach(() => {
	vi.useFakeTimers();
	vi.setSystemTime(0);
	listeners.clear();
	vi.stubGlobal('document', {
		addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
		removeEventListener: (type: string) => listeners.delete(type)
	});
});

afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

describe('Now', () => {
	it('follows the clock tick by tick while it runs', () => {
		const now = new Now(250);
		const stop = now.run();
		vi.advanceTimersByTime(1000);
		expect(now.current).toBe(1000);
		vi.advanceTimersByTime(100);
		expect(now.current).toBe(1000);
		stop();
	});

	it('catches up at once when the page comes back into view after the timers stalled', () => {
		const now = new Now(250);
		const stop = now.run();
		vi.setSystemTime(15 * 60_000);
		listeners.get('visibilitychange')?.();
		expect(now.current).toBe(15 * 60_000);
		stop();
	});

	it('leaves no timer or listener behind once stopped', () => {
		const now = new Now(250);
		now.run()();
		vi.advanceTimersByTime(1000);
		expect(now.current).toBe(0);
		expect(vi.getTimerCount()).toBe(0);
		expect(listeners.size).toBe(0);
	});
});
