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
import { noteKey, notedAtLatest, withNotes } from './version-note';

/** The latest version of the schema and every table as it stands there. */
interface Latest {
	version: number;
	stores: Record<string, string | null>;
}

/**
 * Worked out from `declareSchema` itself, so the versions are listed in one place: each
 * version's tables over the ones before (oldest first), as Dexie merges them.
 */
export function latestSchema(): Latest {
	const stores: Record<string, string | null> = {};
	let version = 0;
	const recorder = {
		version(n: number): Version {
			version = n;
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
	return { version, stores };
}

/**
 * Declares on `db` (the database `name`, not open yet) the versions its opening needs, and
 * notes the version it opens at.
 */
export function declareForOpen(db: Dexie, name: string): void {
	const key = noteKey(name);
	const { version, stores } = latestSchema();
	// Sticky: noted at every opening, not only the first.
	db.on('ready', () => withNotes((notes) => notes.setItem(key, String(db.verno))), true);
	if (!notedAtLatest(name)) {
		declareSchema(db);
		return;
	}
	db.version(version)
		.stores(stores)
		.upgrade(() => {
			// Only a database older than its note gets here: the upgrades it needs are not
			// declared. Refused, so nothing changes; the next start declares every version.
			withNotes((notes) => notes.removeItem(key));
			throw new DbError('db-closed');
		});
}
