/**
 * The shapes only this device's store keeps, which no backup carries: its settings, a phone's
 * groups and receipts. Pure, like `records.ts`: the store keeps them (`$lib/db`), and the
 * modules that read them (`$lib/pin`, `$lib/class-loop`, `$lib/sync`) need only their shapes.
 * The shapes of a card, of what it is played in and of what a backup carries are in
 * `records.ts` and `backup-records.ts`.
 *
 * Stored records are plain data that outlive the code that wrote them: fields are never
 * renamed in place, optional values are stored as `null` (not left out) so every record of a
 * table has the same keys, and times are ISO 8601 strings in UTC.
 */
import type { PlayerId } from '$lib/rules/types';

/**
 * The standings a league's instructor last shared, as a phone keeps them: the shape
 * `$lib/transfer/standings-snapshot.ts` checks on the way in. One line a student: name, games
 * played, won, total points, place; `rows` null when the instructor stopped sharing.
 */
export interface SharedStandingsRecord {
	league: string;
	at: string;
	rows: [name: string, played: number, won: number, points: number, place: number][] | null;
}

/** A salted PBKDF2 hash of the instructor's PIN (see `$lib/pin`); never the PIN itself. */
export interface PinHashRecord {
	algorithm: 'PBKDF2-SHA-256';
	iterations: number;
	/** Base64. */
	salt: string;
	/** Base64. */
	hash: string;
}

/**
 * A device-wide setting: this device's id, the league the instructor works on, and the
 * instructor's PIN when one is set. Kept out of backups: they belong to the device.
 */
export type MetaRecord =
	| { key: 'deviceId'; value: string }
	| { key: 'currentLeague'; value: string }
	| { key: 'pin'; value: PinHashRecord }
	| { key: 'pinFailures'; value: PinFailuresRecord }
	// Issue 16: the school server's address, and the leagues this device syncs through it.
	| { key: 'serverAddress'; value: string }
	| { key: 'serverLinks'; value: ServerLink[] }
	// Issue 15: what the device is used as (`$lib/roles/rules.ts`); missing until it takes one.
	| { key: 'role'; value: 'instructor' | 'group' }
	// Issue 15: when the first start's "who is using this device?" was answered or skipped.
	| { key: 'roleAsked'; value: string }
	// Issue 15: the instructor's leagues whose standings the phones see, and on a phone, the
	// latest standings each of its leagues shared (`class-loop/sharing.ts`).
	| { key: 'standingsSharing'; value: SharingRecord[] }
	| { key: 'sharedStandings'; value: SharedStandingsRecord[] }
	// Issue 14: a staged restore under way (`backup/restore.ts`), finished or discarded at the next
	// start.
	| { key: 'restore'; value: RestoreMarker }
	// Issue 37: this device's key pair; the private key cannot leave the device.
	| { key: 'deviceKey'; value: { publicKey: string; privateKey: CryptoKey } }
	// Issue 37: on the instructor's device, each phone's key as first seen, and its name.
	| { key: 'phones'; value: { key: string; name: string }[] };

/** How far a staged restore under way has got (`backup/restore.ts`). */
export interface RestoreMarker {
	/**
	 * Staging: the store is untouched yet. Applying: the staged parts are being written. Direct:
	 * a replace onto an empty device is writing the file straight in, nothing staged (a stop
	 * empties the device again).
	 */
	phase: 'staging' | 'applying' | 'direct';
	mode: 'merge' | 'replace';
	/** The staged parts (known once staging is done). */
	parts: number;
	/**
	 * The key of the first staged part not yet written to the store: the parts are written in
	 * the order of their keys (a replace's are keyed by page, `restore.ts` `pageKey`).
	 */
	next: number;
	/** The staged parts written so far (absent in a marker from before the keys by page: `next`). */
	applied?: number;
	/** The file's games, counted while staging (absent in a marker from before issue 39). */
	games?: number;
	/** The games of the parts before `next`, written (absent as `games`). */
	gamesDone?: number;
	/** A replace has emptied the store (a merge never does). */
	cleared: boolean;
	/** The file's first league, made current when the restore leaves none. */
	firstLeague: string | null;
	startedAt: string;
	/**
	 * A file from outside this device (issue 37): the leagues the device held when a merge
	 * began, which the file may not change (none for a replace). Absent for the device's own
	 * file.
	 */
	held?: string[];
}

/** Whether the instructor shares league `leagueId`'s standings with its group phones. */
export interface SharingRecord {
	leagueId: string;
	on: boolean;
	/** The phones show first names only ("Ana B." where two share one). */
	firstNames: boolean;
	/** When sharing was last turned on or off: turning it off tells the phones from then on. */
	changedAt: string;
}

/**
 * Wrong PINs typed in a row on this device (issue 13), kept in IndexedDB so a reload does not
 * reset the wait before the next try.
 */
export interface PinFailuresRecord {
	count: number;
	/** No PIN is checked before this time (ISO); null while no wait applies. */
	until: string | null;
}

/**
 * A league this device syncs through the school server: as its instructor (who registered it)
 * or as a group phone (joined with a join code). The token is this device's secret.
 */
export interface ServerLink {
	leagueId: string;
	address: string;
	role: 'instructor' | 'device';
	token: string;
	/** The instructor's: the code phones join with, and when it stops working. */
	joinCode: string | null;
	joinCodeExpiresAt: string | null;
	/** The instructor's: the server's number of the last card pulled into the inbox. */
	pulled: number;
	/** The instructor's: the league, roster and sessions as last pushed (to push only changes). */
	pushedDigest: string | null;
	/** Set when the server said this device was removed: it stops syncing. */
	revoked: boolean;
	/** The instructor's: each handed-out session's groups as last pushed, by session id. */
	pushedGroups?: Record<string, string>;
	/** The instructor's: what the phones show of the shared standings as last pushed. */
	pushedStandings?: string;
	/** A phone's: the server's number of the league's state it holds (it asks `since=` it). */
	leagueSeq?: number;
	/** A phone's: the server's number of the last handed-out session pulled. */
	groupsPulled?: number;
}

/**
 * A group of a class session as a phone holds it (schema version 9), from a group's code or a
 * whole session's invite. `taken` marks the phone's own group: the one whose game it plays.
 */
export interface AssignmentRecord {
	/** The group's game, fixed when the instructor handed the codes out. */
	gameId: string;
	leagueId: string;
	sessionId: string;
	/** The session's day, `YYYY-MM-DD`. */
	sessionDate: string;
	/** The session's `updatedAt` the code was made from: a later list of groups replaces it. */
	sessionUpdatedAt: string;
	/** The group's place in the session (Group 1 is 0). */
	index: number;
	/** The short code the group can type instead of scanning. */
	code: string;
	players: PlayerId[];
	/** When this phone took the group as its own; null for the other groups of a session. */
	takenAt: string | null;
}

/**
 * The instructor's receipt for a card this phone turned in (schema version 9): the card as
 * signed with `fingerprint` is in the instructor's inbox. Only this makes a card "turned in";
 * a `TurnInRecord` alone says it was shown.
 */
export interface ReceiptRecord {
	gameId: string;
	fingerprint: string;
	leagueId: string;
	/** When the instructor's device wrote the receipt. */
	issuedAt: string;
	/** When this phone read it. */
	readAt: string;
}
