/**
 * A league's roster: the students of the class, as player records that carry the league's id.
 * Names are unique within a roster (compared like `card/names.ts` `nameKey`), not across the device,
 * so two classes can each have an Ana. A student is retired, never deleted, so their games
 * and standings stay whole.
 */
import type { PlayerId } from '$lib/rules/types';
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import { checkedName, nameKey } from '$lib/card/names';
import type { PlayerRecord } from '$lib/card/records';
import {
	byName,
	checkedStudents,
	checkFree,
	checkIdFree,
	newRecords,
	type NewStudent
} from '$lib/card/roster';
import { checkedStudentId, studentIdKey } from '$lib/card/student-ids';

function rosterOf(leagueId: string): Promise<PlayerRecord[]> {
	return db.players.where('leagueId').equals(leagueId).toArray();
}

async function mustGetLeague(leagueId: string): Promise<void> {
	if (!(await db.leagues.get(leagueId))) throw new DbError('not-found', { what: 'league' });
}

/** The roster of league `leagueId` by name: current students, or with `retired` the others. */
export async function list(
	leagueId: string,
	filter: { retired?: boolean } = {}
): Promise<PlayerRecord[]> {
	const all = await guard(() => rosterOf(leagueId));
	const retired = filter.retired ?? false;
	return all.filter((p) => (p.retiredAt !== null) === retired).sort(byName);
}

/** Everyone who was ever on the roster, current and retired, by name. */
export async function everyone(leagueId: string): Promise<PlayerRecord[]> {
	return (await guard(() => rosterOf(leagueId))).sort(byName);
}

/**
 * Adds students (names, or names with their student ids) to the roster in one `rw`
 * transaction: all of them, or none when one is refused (a name empty, too long, on the
 * roster already, or twice in `students`; a student id unusable or someone else's).
 * @throws DbError `not-found` (league), `name-required`, `name-too-long`, `on-roster`,
 * `on-roster-retired`, `student-id-taken`
 * @throws CardError `student-id-too-long`, `student-id-control`
 */
export async function add(
	leagueId: string,
	students: readonly (string | NewStudent)[],
	opts: { now?: string } = {}
): Promise<PlayerRecord[]> {
	return (await addWithIds(leagueId, students, [], opts)).added;
}

/**
 * Adds `students`, as `add` does, and gives the student ids of `ids` to the students of the
 * roster with those names (a class list read again, now with its id column), in one `rw`
 * transaction: all of it, or nothing when one is refused. A student who already has that id
 * is left as they are; one who has another id is refused, never given a second.
 * @returns the students added, and those given an id
 * @throws DbError as `add`, and `not-on-roster` (a name of `ids` is not on the roster),
 * `student-id-differs` (that student has another id)
 */
export async function addWithIds(
	leagueId: string,
	students: readonly (string | NewStudent)[],
	ids: readonly NewStudent[],
	opts: { now?: string } = {}
): Promise<{ added: PlayerRecord[]; given: PlayerRecord[] }> {
	const clean = checkedStudents(students);
	const giving = checkedStudents(ids);
	return guard(() =>
		db.transaction('rw', db.players, db.leagues, async () => {
			await mustGetLeague(leagueId);
			const roster = await rosterOf(leagueId);
			const at = timestamp(opts.now);
			const given: PlayerRecord[] = [];
			for (const { name, studentId } of giving) {
				const key = nameKey(name);
				const student = roster.find((p) => p.nameKey === key);
				if (!student) throw new DbError('not-on-roster', { name });
				const held = student.studentId ?? null;
				if (studentId === null || (held !== null && studentIdKey(held) === studentIdKey(studentId)))
					continue;
				if (held !== null) {
					throw new DbError('student-id-differs', { name: student.name, studentId: held });
				}
				const others = roster.filter((p) => p.id !== student.id);
				checkIdFree([...others, ...given], studentId);
				given.push({ ...student, studentId, updatedAt: at });
			}
			const withIds = roster.map((p) => given.find((g) => g.id === p.id) ?? p);
			const added = newRecords(leagueId, withIds, clean, at);
			await db.players.bulkPut([...given, ...added]);
			return { added, given };
		})
	);
}

async function mustGetStudent(id: PlayerId): Promise<PlayerRecord & { leagueId: string }> {
	const player = await db.players.get(id);
	if (!player || player.leagueId === null) throw new DbError('not-on-roster');
	return player as PlayerRecord & { leagueId: string };
}

/**
 * Retires a student (they leave the class) or, with `retired: false`, brings them back. A
 * retired student keeps their games and their line in the standings, but is no longer
 * offered for sessions.
 * @throws DbError `not-on-roster`
 */
export async function setRetired(
	id: PlayerId,
	retired: boolean,
	opts: { now?: string } = {}
): Promise<PlayerRecord> {
	return guard(() =>
		db.transaction('rw', db.players, async () => {
			const student = await mustGetStudent(id);
			const at = timestamp(opts.now);
			const changed = {
				...student,
				retiredAt: retired ? (student.retiredAt ?? at) : null,
				updatedAt: at
			};
			await db.players.put(changed);
			return changed;
		})
	);
}

/**
 * Changes a student's name and student id together, in one `rw` transaction: both, or
 * neither when one is refused.
 * @throws DbError `not-on-roster`, `name-required`, `name-too-long`, `on-roster`,
 * `on-roster-retired`, `student-id-taken`
 * @throws CardError `student-id-too-long`, `student-id-control`
 */
export async function edit(
	id: PlayerId,
	change: { name: string; studentId: string },
	opts: { now?: string } = {}
): Promise<PlayerRecord> {
	const name = checkedName(change.name);
	const studentId = checkedStudentId(change.studentId);
	return guard(() =>
		db.transaction('rw', db.players, async () => {
			const student = await mustGetStudent(id);
			if (student.name === name && (student.studentId ?? null) === studentId) return student;
			const roster = await rosterOf(student.leagueId);
			checkFree(roster, name, id);
			checkIdFree(roster, studentId, id);
			const changed = {
				...student,
				name,
				nameKey: nameKey(name),
				studentId,
				updatedAt: timestamp(opts.now)
			};
			await db.players.put(changed);
			return changed;
		})
	);
}
