/**
 * Which of the schema's versions a connection declares before it opens.
 *
 * Why not always all of them: Dexie works out every declared version's schema again at each
 * `version().stores()` call, 55 passes for the 10 versions shipped, about 35 ms of a cold start
 * at 4× CPU slowdown (a mid-range phone), on every page. A database already at the latest version
 * upgrades nothing, so it needs only that version, with every table as it stands. The device
 * notes the version its database was opened at; only a database noted at the latest version
 * is opened that way. Every other (a new device, an older database, storage that keeps no
 * notes) gets every version with its upgrade, as `declareSchema` lists them.
 */
import type Dexie from 'dexie';
import type { Version } from 'dexie';
import { DbError } from './errors';
import { declareSchema } from './schema';

/** The latest version of the schema and every table as it stands there. */
interface Latest {
	version: number;
	stores: Record<string, string | null>;
}

let latest: Latest | undefined;

/**
 * Worked out from `declareSchema` itself, so the versions are listed in one place: each
 * version's tables over the ones before, as Dexie merges them.
 */
export function latestSchema(): Latest {
	if (latest) return latest;
	const stores: Record<string, string | null> = {};
	let version = 0;
	const recorder = {
		version(n: number): Version {
			version = Math.max(version, n);
			const declared = {
				stores(tables: Record<string, string | null>) {
					Object.assign(stores, tables);
					return declared;
				},
				upgrade: () => declared
			};
			return declared as unknown as Version;
		}
	};
	declareSchema(recorder);
	return (latest = { version, stores });
}

/** Where the device keeps its note of the database's version: localStorage, when it may. */
function notes(): Storage | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch {
		// Storage refused (a privacy setting): every version is declared, as on a new device.
		return null;
	}
}

const noteKey = (name: string): string => `muggins:db-version:${name}`;

/** The version the database `name` was last opened at on this device, or null. */
function noted(name: string): string | null {
	try {
		return notes()?.getItem(noteKey(name)) ?? null;
	} catch {
		return null;
	}
}

/** Notes `version` as the one the database `name` opened at (or forgets it: null). */
function note(name: string, version: number | null): void {
	try {
		if (version === null) notes()?.removeItem(noteKey(name));
		else if (noted(name) !== String(version)) notes()?.setItem(noteKey(name), String(version));
	} catch {
		// A full or refused storage: the next start declares every version, as on a new device.
	}
}

/**
 * Declares on `db` (the database `name`, not open yet) the versions its opening needs, and
 * notes the version it opens at.
 */
export function declareForOpen(db: Dexie, name: string): void {
	const { version, stores } = latestSchema();
	// Sticky: noted at every opening, not only the first.
	db.on('ready', () => note(name, db.verno), true);
	if (noted(name) !== String(version)) {
		declareSchema(db);
		return;
	}
	db.version(version)
		.stores(stores)
		.upgrade(() => {
			// Only a database older than its note gets here: the upgrades it needs are not
			// declared. Refused, so nothing changes; the next start declares every version.
			note(name, null);
			throw new DbError('db-closed');
		});
}
