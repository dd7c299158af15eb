/**
 * Bundled for the page by `restore-file.ts`: a backup written out part by part (`save`), and a
 * restore (replace) of a backup file fetched into a Blob, with the JS heap sampled through it and
 * noted beside the step the restore reports (issue 39: a restore's heap must not grow with its file).
 */
import { readBackup, restoreBackup, writeBackup } from '$lib/backup/backup';
import { db } from '$lib/db/db';
import type { RestoreShown } from '$lib/backup/restore-progress';
import { loadSchool } from './school';

function heapMb(): number {
	const m = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
	return (m?.usedJSHeapSize ?? 0) / 1024 / 1024;
}

function collect(): void {
	(globalThis as { gc?: () => void }).gc?.();
}

/**
 * Writes the backup of this device's store, each part handed to the bench's `savePart`; with
 * `classes`, the bench's school of that many classes in one league is loaded first.
 */
async function save(classes = 0): Promise<number> {
	if (classes > 0) await loadSchool(classes, 1);
	const send = (globalThis as unknown as { savePart(t: string): Promise<void> }).savePart;
	let chars = 0;
	await writeBackup('bench', async (part) => {
		chars += part.length;
		await send(part);
	});
	return chars;
}

/** Restores (replace) the file at `url` into this (empty) profile, its heap sampled every 50 ms. */
async function restore(url: string, gcEach = false): Promise<Record<string, unknown>> {
	const blob = await (await fetch(url)).blob();
	await db.open();
	collect();
	const base = heapMb();
	let peak = base;
	let doing = 'reading';
	const steps: Record<string, { peak: number; from: number }> = {};
	const t0 = performance.now();
	const timeline: string[] = [];
	const collected: string[] = [];
	let calls = 0;
	let lastMark = -1;
	const sample = () => {
		const h = heapMb();
		peak = Math.max(peak, h);
		const key = doing.split(':')[0]!;
		const s = (steps[key] ??= { peak: 0, from: Math.round(performance.now() - t0) });
		s.peak = Math.max(s.peak, h);
		const sec = Math.floor((performance.now() - t0) / 5000);
		if (sec !== lastMark) {
			lastMark = sec;
			timeline.push(`${((performance.now() - t0) / 1000).toFixed(0)}s ${h.toFixed(0)}MB ${doing}`);
		}
	};
	const sampler = setInterval(sample, 50);
	let tenth = -1;
	const backup = await readBackup(blob, {
		onProgress: (share) => {
			doing = `reading: ${(share * 100).toFixed(0)}%`;
			if (gcEach && Math.floor(share * 10) !== tenth) {
				tenth = Math.floor(share * 10);
				collect();
				collected.push(`read ${tenth * 10}% ${heapMb().toFixed(0)}`);
			}
		}
	});
	const readMs = performance.now() - t0;
	await restoreBackup(backup, 'replace', {
		onProgress: (shown: RestoreShown) => {
			doing = shown.doing;
			sample();
			// The heap once collected at each step: what the restore holds, not what waits for a GC.
			if (gcEach && calls++ % 10 === 0) {
				collect();
				collected.push(`${shown.doing.replace(/ games|the file: /g, '')} ${heapMb().toFixed(0)}`);
			}
		}
	});
	const totalMs = performance.now() - t0;
	clearInterval(sampler);
	sample();
	const left = { leagues: await db.leagues.count(), games: await db.games.count() };
	const r = (x: number) => Math.round(x);
	return {
		mb: r(blob.size / 1024 / 1024),
		readMs: r(readMs),
		totalMs: r(totalMs),
		baseMb: r(base),
		peakMb: r(peak),
		steps: Object.fromEntries(
			Object.entries(steps).map(([k, v]) => [k, `${r(v.peak)}MB@${v.from}`])
		),
		left,
		timeline,
		collected
	};
}

(globalThis as unknown as { probe: unknown }).probe = { save, restore };
