/**
 * Bundled for the page by `pages.ts`: loads the synthetic school through the app's own db
 * module, and runs the app's own exports and backup in the page, timed there.
 */
import { readBackup, restoreBackup, writeBackup } from '$lib/backup/backup';
import { db } from '$lib/db/db';
import { EXPORT_KINDS, writeLeagueCsv } from '$lib/export/league';
import { BlobOfParts } from '$lib/export/save';
import { loadSchool } from './school';

function heap(): number {
	return (
		(performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0
	);
}

/**
 * Each CSV of league `leagueId`, written into a Blob of parts as the Files page does, `runs`
 * times over (the kinds in turn, so a burst of other work on the machine spreads over them):
 * each kind's times in the order taken, and the JS heap's highest reading while it was made,
 * sampled every 100 ms (issue 39: a file bigger than a tab's memory must not be held whole).
 */
/** Collects garbage now, where the browser offers it (`--js-flags=--expose-gc`). */
function collect(): void {
	(globalThis as { gc?: () => void }).gc?.();
}

async function csvs(
	leagueId: string,
	runs: number
): Promise<{ kind: string; ms: number[]; rows: number; mb: number; heapMb: number }[]> {
	const out = EXPORT_KINDS.map((kind) => ({
		kind,
		ms: [] as number[],
		rows: 0,
		mb: 0,
		heapMb: 0
	}));
	for (let run = 0; run < runs; run++) {
		for (const one of out) {
			// Each export's own heap: what the store's loading or the export before left is
			// collected first (the school's browser runs with `--expose-gc`, run.ts).
			collect();
			let peak = heap();
			const sampler = setInterval(() => (peak = Math.max(peak, heap())), 100);
			try {
				const t0 = performance.now();
				const file = new BlobOfParts();
				one.rows = await writeLeagueCsv(leagueId, one.kind, file.write);
				one.ms.push(performance.now() - t0);
				one.mb = file.blob().size / 1024 / 1024;
			} finally {
				clearInterval(sampler);
			}
			one.heapMb = Math.max(one.heapMb, Math.max(peak, heap()) / 1024 / 1024);
		}
	}
	return out;
}

/**
 * A backup of everything, then a restore of it onto a fresh device (the database deleted first,
 * the backup kept in memory), each timed; errors reported. (Replacing a school with itself in
 * one transaction needs room for both until it commits: more than a browser context of the
 * bench is given.)
 */
async function backupAndRestore(): Promise<{
	backupMs: number;
	restoreMs: number;
	mb: number;
	/** The JS heap's highest reading while restoring, sampled every 100 ms (issue 39). */
	restoreHeapMb: number;
	error: string | null;
}> {
	let backupMs = NaN;
	let restoreMs = NaN;
	let mb = 0;
	let peak = 0;
	let sampler: ReturnType<typeof setInterval> | undefined;
	try {
		const t0 = performance.now();
		// Written part by part into a Blob of parts, as the Settings page does without a save dialog.
		const file = new BlobOfParts();
		await writeBackup('bench', file.write);
		const blob = file.blob('application/json');
		backupMs = performance.now() - t0;
		mb = blob.size / 1024 / 1024;
		await db.delete();
		await db.open();
		collect();
		peak = heap();
		sampler = setInterval(() => (peak = Math.max(peak, heap())), 100);
		const t1 = performance.now();
		await restoreBackup(await readBackup(blob), 'replace');
		restoreMs = performance.now() - t1;
		return { backupMs, restoreMs, mb, restoreHeapMb: peak / 1024 / 1024, error: null };
	} catch (err) {
		return { backupMs, restoreMs, mb, restoreHeapMb: NaN, error: String(err) };
	} finally {
		clearInterval(sampler);
	}
}

(globalThis as unknown as { bench: unknown }).bench = {
	loadSchool,
	csvs,
	backupAndRestore,
	heap,
	open: () => db.open()
};
