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
 * The CSV `kind` of league `leagueId`, written into a Blob of parts as the Files page does,
 * timed. Its heap is read from outside, through V8's trace of its collections (`gc-trace.ts`;
 * issue 39: a file bigger than a tab's memory must not be held whole).
 */
async function csv(
	leagueId: string,
	kind: (typeof EXPORT_KINDS)[number]
): Promise<{ ms: number; rows: number; mb: number }> {
	const t0 = performance.now();
	const file = new BlobOfParts();
	const rows = await writeLeagueCsv(leagueId, kind, file.write);
	return { ms: performance.now() - t0, rows, mb: file.blob().size / 1024 / 1024 };
}

/** The backup `prepareRestore` wrote, for `restore`. */
let backup: Blob | null = null;

/**
 * A backup of everything, written part by part into a Blob of parts as the Settings page does
 * without a save dialog, timed; then the database deleted, as on a fresh device, the backup kept
 * in memory for `restore`. (Replacing a school with itself in one transaction needs room for both
 * until it commits: more than a browser context of the bench is given.)
 */
async function prepareRestore(): Promise<{ backupMs: number; mb: number }> {
	const t0 = performance.now();
	const file = new BlobOfParts();
	await writeBackup('bench', file.write);
	backup = file.blob('application/json');
	const backupMs = performance.now() - t0;
	await db.delete();
	await db.open();
	return { backupMs, mb: backup.size / 1024 / 1024 };
}

/** The backup `prepareRestore` made, read and restored (replace), timed; its error, if any. */
async function restore(): Promise<{ restoreMs: number; error: string | null }> {
	const blob = backup;
	backup = null;
	if (!blob) return { restoreMs: NaN, error: 'no backup was made' };
	try {
		const t0 = performance.now();
		await restoreBackup(await readBackup(blob), 'replace');
		return { restoreMs: performance.now() - t0, error: null };
	} catch (err) {
		return { restoreMs: NaN, error: String(err) };
	}
}

(globalThis as unknown as { bench: unknown }).bench = {
	loadSchool,
	csv,
	kinds: () => [...EXPORT_KINDS],
	prepareRestore,
	restore,
	heap,
	open: () => db.open()
};
