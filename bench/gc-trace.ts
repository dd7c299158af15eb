/**
 * A tab's JS heap through a piece of work, read from V8's own record of each garbage collection
 * (the `v8` trace category: every minor and major GC with the heap's size before and after it),
 * not sampled in the page.
 *
 * Why not `performance.memory` sampled by a timer in the page, as the bench did before:
 * - the timer missed whole stretches: while a backup was read (20 s at 100 classes) no timer of
 *   the page ran, so the first reading of a restore was never measured;
 * - between collections it read a sawtooth at random points;
 * - `usedJSHeapSize` counts the memory behind ArrayBuffers too, those already dead until the
 *   sweeper frees them after a collection: 50 ArrayBuffers of 1 MB read 50 MB more than the
 *   JS heap, and stayed there just after `gc()` (a probe, 2026-12-02); a restore reads its file
 *   as chunks of bytes, and read 147 MB where V8's heap never passed 107 MB.
 *
 * The heap grows only by allocation and falls only at a collection, so its highest size before
 * any of them is the peak, every time (the work ends with one, asked for). `peakMb` is that: garbage not yet collected included,
 * which V8 lets pile up to several times what is live while memory is plentiful. `heldMb` is
 * the most the heap still held just after a full collection: what the work keeps alive at once.
 */
import type { CDPSession, Page } from 'playwright-core';

interface GcEvent {
	name: string;
	args?: { usedHeapSizeBefore?: number; usedHeapSizeAfter?: number };
}

export interface HeapUse {
	/** The heap's highest size, garbage included (MB). */
	peakMb: number;
	/** The heap's highest size after a full collection (MB): what the work held. */
	heldMb: number;
	/** Collections during the work, minor and major. */
	gcs: number;
	/** Full collections during the work. */
	majorGcs: number;
}

const MB = 1024 * 1024;

/** Collects garbage in `page` (it needs `--js-flags=--expose-gc`): a full collection. */
function collect(page: Page): Promise<void> {
	return page.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
}

/**
 * Runs `work` (which drives `page`) with V8's collections traced in `page`. A full collection
 * before the trace leaves the garbage of what came before out; one inside it, before the work,
 * gives the heap the work starts from, and one after the work the heap it ends with and what it
 * still holds then.
 */
export async function heapDuring<T>(
	page: Page,
	cdp: CDPSession,
	work: () => Promise<T>
): Promise<{ out: T; heap: HeapUse }> {
	await collect(page);
	const events: GcEvent[] = [];
	const onData = (e: { value: object[] }) => {
		for (const ev of e.value as GcEvent[]) {
			if (ev.name === 'MajorGC' || ev.name === 'MinorGC') events.push(ev);
		}
	};
	cdp.on('Tracing.dataCollected', onData);
	await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['v8'] } });
	let out: T;
	try {
		await collect(page);
		out = await work();
		await collect(page);
	} finally {
		const done = new Promise<void>((resolve) =>
			cdp.once('Tracing.tracingComplete', () => resolve())
		);
		await cdp.send('Tracing.end');
		await done;
		cdp.off('Tracing.dataCollected', onData);
	}
	let peak = 0;
	let held = 0;
	let majorGcs = 0;
	for (const e of events) {
		peak = Math.max(peak, e.args?.usedHeapSizeBefore ?? 0);
		if (e.name === 'MajorGC') {
			majorGcs++;
			held = Math.max(held, e.args?.usedHeapSizeAfter ?? 0);
		}
	}
	if (majorGcs < 2) throw new Error('the trace holds no full collection: is gc() exposed?');
	// Less the two collections this asked for.
	return {
		out,
		heap: { peakMb: peak / MB, heldMb: held / MB, gcs: events.length - 2, majorGcs: majorGcs - 2 }
	};
}
