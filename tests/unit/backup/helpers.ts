/** Backup files made from a store dump, in either format, for tests that edit them first. */
import { endLine, headerLine, partLines } from '$lib/backup/backup';
import { BACKUP_APP, LEGACY_FORMAT } from '$lib/backup/schema';
import * as storeDump from '$lib/db/store-dump';
import type { StoreDump } from '$lib/card/backup-records';

export const SAVED_AT = new Date('2026-03-27T15:00:00Z');

/** `data` as a format 1 file: one JSON object, as the app wrote it before issue 14. */
export function formatOne(data: StoreDump, appVersion = '0.1.0', now = SAVED_AT): string {
	return JSON.stringify({
		app: BACKUP_APP,
		format: LEGACY_FORMAT,
		appVersion,
		exportedAt: now.toISOString(),
		data
	});
}

/** `data` as a format 2 file: a header line, a record a line, and the end line. */
export function formatTwo(data: StoreDump, appVersion = '0.1.0', now = SAVED_AT): string {
	const counts = storeDump.emptyCounts();
	for (const t of storeDump.TABLES) counts[t] = data[t].length;
	return headerLine(appVersion, now) + partLines(data) + endLine(counts);
}

/** Both formats, by name, for `it.each`. */
export const FORMATS = [
	['format 1', formatOne],
	['format 2', formatTwo]
] as const;

/**
 * `dump` as it reads back after a restore on any device: its leagues name no owner, as the
 * device that restores them owns them (issue 37, `store-dump.ts` `writePart`).
 */
export function asRestored(dump: StoreDump): StoreDump {
	return {
		...dump,
		leagues: dump.leagues.map((league) => {
			const restored = { ...league };
			delete restored.ownerKey;
			return restored;
		})
	};
}
