/**
 * Device roles: a device is the instructor's, or a group's phone. Pure rules, no store: what
 * each role may see and open, and how joining or creating a league changes the role.
 *
 * A group phone shows no instructor tool at all (not a locked one): the links are left out
 * and the routes refuse. A device that has not taken a role yet (a first start, no league)
 * works as before roles existed: it is the device someone is setting up a league on, or a
 * quick-game scorer, so nothing is hidden from it.
 */

/** What a device is used as. */
export type DeviceRole = 'instructor' | 'group';

/** A device's role as stored: null until it takes one. */
export type StoredRole = DeviceRole | null;

/** The sections of a league's pages, by the last part of their path ('' for the standings). */
export type LeagueSection =
	| ''
	| 'sessions'
	| 'cards'
	| 'inbox'
	| 'invite'
	| 'roster'
	| 'files'
	| 'edit'
	| 'students'
	| 'insights'
	| 'turn-in';

/** The league sections a group phone opens: its group's page, and turning its cards in. */
const GROUP_SECTIONS: ReadonlySet<string> = new Set<LeagueSection>(['', 'turn-in']);

/** Whether `role` shows the instructor's tools (every one of them, or none). */
export function showsInstructorTools(role: StoredRole): boolean {
	return role !== 'group';
}

/** Whether a device of `role` may open league section `section`. */
export function mayOpenSection(role: StoredRole, section: string): boolean {
	if (showsInstructorTools(role)) return true;
	return GROUP_SECTIONS.has(section);
}

/**
 * The role after the device joins a league (an invite, a session or a group code): a device
 * that has not chosen becomes a group phone; the instructor's device stays the instructor's
 * (an instructor may check an invite on their own laptop).
 */
export function roleAfterJoin(role: StoredRole): DeviceRole {
	return role ?? 'group';
}

/**
 * The role after the device creates a league: whoever creates a league runs it. A group phone
 * never gets here (its routes refuse creating a league).
 */
export function roleAfterCreate(role: StoredRole): DeviceRole {
	return role ?? 'instructor';
}

/** What a first start knows of the device, to tell whether to ask who is using it. */
export interface FirstStart {
	role: StoredRole;
	/** Leagues on the device. */
	leagues: number;
	/** The question was answered or skipped already (it is asked once). */
	asked: boolean;
}

/**
 * Whether Home asks who is using this device: only on a device with no role and no league
 * that was never asked. A device that created or joined a league has its answer already.
 */
export function asksWhoUsesDevice(device: FirstStart): boolean {
	return device.role === null && device.leagues === 0 && !device.asked;
}

/** The league section a path shows, from `/league/<id>/<section>/…`; null outside a league. */
export function sectionOf(path: string): string | null {
	const m = /^\/league\/([^/]+)(?:\/([^/]*))?/.exec(path);
	if (!m || m[1] === 'new' || m[1] === 'join') return null;
	return m[2] ?? '';
}
