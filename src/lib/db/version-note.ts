/**
 * Where the device notes the version its database was opened at (in localStorage), and what
 * the app reads before Dexie's code has loaded: the database's name and latest version.
 * Dexie-free, so that the first screen's code need not carry Dexie (see `plain-read.ts`).
 */

/** The name of the app's IndexedDB database. */
export const DB_NAME = 'muggins-league';

/**
 * The schema's latest version: the last `db.version()` of `declareSchema` (`schema.ts`). Kept
 * here as a number so that it is known without Dexie; a test keeps the two equal.
 */
export const LATEST_VERSION = 18;

/**
 * `work` on localStorage, where the device notes the version each database opened at; null
 * where there is none or it refuses (a privacy setting, a full disk): the first screen then
 * reads through Dexie, as on a new device.
 */
export function withNotes<T>(work: (notes: Storage) => T): T | null {
	try {
		return typeof localStorage === 'undefined' ? null : work(localStorage);
	} catch {
		return null;
	}
}

/** The key of database `name`'s note. */
export function noteKey(name: string): string {
	return `muggins:db-version:${name}`;
}

/** Whether database `name` was last opened at the latest version (so it upgrades nothing). */
export function notedAtLatest(name: string): boolean {
	return withNotes((notes) => notes.getItem(noteKey(name))) === String(LATEST_VERSION);
}
