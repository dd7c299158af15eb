/**
 * A league's roster without the store: the order a class list is read in, and the checks of a
 * student's name and student id against the others on the roster (names unique within a
 * roster, compared like `nameKey`; student ids too, compared like `studentIdKey`).
 * `$lib/db/roster.ts` runs them inside its transactions, on the roster as stored; a phone
 * joining a league takes each student of the invite as `joinedLine` says (`$lib/db/invites.ts`).
 */
import type { PlayerId } from '$lib/rules/types';
import { DbError } from './db-error';
import { checkedName, nameKey } from './names';
import type { InviteLine, PlayerRecord } from './records';
import { checkedStudentId, studentIdKey } from './student-ids';

/** A student to add: a name, and the school's id for them when the class list has one. */
export interface NewStudent {
	name: string;
	studentId?: string | null;
}

// One collator each, made once: `localeCompare` with options sets one up for every comparison,
// and sorting a school's roster (hundreds of students) makes thousands of them. Made on the
// first sort, not when the module loads: the first collator loads ICU's collation data (tens
// of ms on a phone), which a page that imports this module without sorting should not pay.
let orders: { name: Intl.Collator; id: Intl.Collator } | null = null;

/** By name, as a class list is read. */
export function byName(a: PlayerRecord, b: PlayerRecord): number {
	orders ??= {
		name: new Intl.Collator(undefined, { sensitivity: 'base' }),
		id: new Intl.Collator()
	};
	const { name, id } = orders;
	return name.compare(a.name, b.name) || id.compare(a.id, b.id);
}

/** Refuses student id `studentId` when someone else on the roster already has it. */
export function checkIdFree(
	roster: readonly PlayerRecord[],
	studentId: string | null,
	except?: PlayerId
): void {
	if (studentId === null) return;
	const key = studentIdKey(studentId);
	const same = roster.find(
		(p) => p.id !== except && p.studentId != null && studentIdKey(p.studentId) === key
	);
	if (same) throw new DbError('student-id-taken', { name: same.name, studentId: same.studentId! });
}

/** Refuses `name` when someone else on the roster already has it. */
export function checkFree(roster: readonly PlayerRecord[], name: string, except?: PlayerId): void {
	const key = nameKey(name);
	const same = roster.find((p) => p.nameKey === key && p.id !== except);
	if (!same) return;
	throw new DbError(same.retiredAt === null ? 'on-roster' : 'on-roster-retired', {
		name: same.name
	});
}

/** `students` with their names and student ids checked (`checkedName`, `checkedStudentId`). */
export function checkedStudents(
	students: readonly (string | NewStudent)[]
): { name: string; studentId: string | null }[] {
	return students.map((s) =>
		typeof s === 'string'
			? { name: checkedName(s), studentId: null }
			: { name: checkedName(s.name), studentId: checkedStudentId(s.studentId) }
	);
}

/** The records of `students`, new on `roster`: each name and student id checked free. */
export function newRecords(
	leagueId: string,
	roster: readonly PlayerRecord[],
	students: readonly { name: string; studentId: string | null }[],
	at: string
): PlayerRecord[] {
	const added: PlayerRecord[] = [];
	for (const { name, studentId } of students) {
		checkFree([...roster, ...added], name);
		checkIdFree([...roster, ...added], studentId);
		added.push({
			id: crypto.randomUUID(),
			name,
			nameKey: nameKey(name),
			createdAt: at,
			updatedAt: at,
			lastPlayedAt: null,
			retiredAt: null,
			leagueId,
			studentId
		});
	}
	return added;
}

/**
 * The record a phone stores for student `line` of league `leagueId`'s invite, given `mine`, the
 * player this device holds under that id; null when this device holds that student as the line
 * says, or a newer version of them.
 * @throws DbError `incoming-id-taken` when the id is a player of another league or of quick games
 */
export function joinedLine(
	line: InviteLine,
	mine: PlayerRecord | undefined,
	leagueId: string,
	at: string
): PlayerRecord | null {
	// An invite's id never takes over a player of another league or of quick games.
	if (mine && mine.leagueId !== leagueId) throw new DbError('incoming-id-taken');
	if (mine && mine.updatedAt > line.updatedAt) return null;
	const same =
		mine &&
		mine.name === line.name &&
		mine.retiredAt === line.retiredAt &&
		mine.leagueId === leagueId;
	if (same) return null;
	return {
		id: line.id,
		name: line.name,
		nameKey: nameKey(line.name),
		createdAt: mine?.createdAt ?? at,
		updatedAt: line.updatedAt,
		lastPlayedAt: mine?.lastPlayedAt ?? null,
		retiredAt: line.retiredAt,
		leagueId,
		// Invites carry no student ids (a phone needs none): the device's own stays.
		studentId: mine?.studentId ?? null
	};
}
