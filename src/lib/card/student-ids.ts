/**
 * The student id rule, with no store: the school's own id or e-mail for a student, kept so a
 * gradebook can match the exports' rows. The same rule holds on every path in: the roster
 * page, a class list's import, and backups restored.
 */
import { CardError } from './errors';

/** The longest student id kept: longer than any school's id or a usual e-mail address. */
export const MAX_STUDENT_ID = 64;

/** Controls, format characters (zero-width, bidirectional overrides) and line separators. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/u;

/** Why a student id cannot be kept (sentences in `messages.ts`). */
export type StudentIdProblem = 'student-id-too-long' | 'student-id-control';

/** `raw` trimmed; null for nothing (no student id). Anything but text counts as nothing. */
export function cleanStudentId(raw: unknown): string | null {
	if (typeof raw !== 'string') return null;
	const clean = raw.normalize('NFC').trim();
	return clean === '' ? null : clean;
}

/** Why the cleaned id `id` cannot be kept, or null when it can. */
export function studentIdProblem(id: string): StudentIdProblem | null {
	if (id.length > MAX_STUDENT_ID) return 'student-id-too-long';
	if (HIDDEN.test(id)) return 'student-id-control';
	return null;
}

/**
 * `raw` as a student id to keep: trimmed, null for none.
 * @throws CardError `student-id-too-long`, `student-id-control`
 */
export function checkedStudentId(raw: unknown): string | null {
	const clean = cleanStudentId(raw);
	if (clean === null) return null;
	const problem = studentIdProblem(clean);
	if (problem) throw new CardError(problem, { max: MAX_STUDENT_ID });
	return clean;
}

/** What two student ids must share to be the same: "A.Lee@School.org" is "a.lee@school.org". */
export function studentIdKey(id: string): string {
	return id.toLowerCase();
}
