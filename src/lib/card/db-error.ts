/**
 * The store's refusals: their codes and the error that carries them. Pure, so the checks the
 * store runs before it writes (a name, a date, a reason, a signature: `names.ts`, `roster.ts`,
 * `league-fields.ts`, `signing.ts`) throw them without the store; `$lib/db/errors.ts` turns
 * storage failures into them.
 */
import { CodedError } from '$lib/coded-error';
import type { MessageCode } from '$lib/messages';

/** The codes the store can fail with. Each has its sentence in `messages.ts`. */
export const DB_ERROR_CODES = [
	'not-found',
	'storage-full',
	'db-closed',
	'db-unavailable',
	'name-required',
	'name-too-long',
	'nothing-to-undo',
	'nothing-to-redo',
	'league-name-required',
	'league-name-too-long',
	'term-name-too-long',
	'bad-date',
	'term-backwards',
	'on-roster',
	'on-roster-retired',
	'not-on-roster',
	'student-id-too-long',
	'student-id-control',
	'student-id-taken',
	'student-id-differs',
	'not-present',
	'group-started',
	'no-group',
	'session-has-games',
	'void-reason-required',
	'void-reason-too-long',
	'not-a-league-card',
	'card-voided-already',
	'card-not-voided',
	'unknown-player',
	'card-signed',
	'card-not-finished',
	'card-changed',
	'card-not-signed',
	'already-signed',
	'signature-empty',
	'signature-bad',
	'typed-name-mismatch',
	'reason-required',
	'reason-too-long',
	'not-in-inbox',
	'card-not-signed-yet',
	'card-has-signatures',
	// Issue 36: the instructor's correction of a signed card counts at once (corrections.ts)
	'instructor-only',
	'correct-changed-card',
	'not-a-late-correction',
	// Issue 13: records from outside (incoming.ts, restore.ts)
	'incoming-id-taken',
	'incoming-damaged',
	// Issue 14: a staged restore (restore.ts)
	'restore-busy'
] as const satisfies readonly MessageCode[];

/** A code the store can fail with. */
export type DbErrorCode = (typeof DB_ERROR_CODES)[number];

/**
 * A failure of the store that a person can act on: something missing, a full disk, a
 * database another tab upgraded, a name that cannot be used. It carries a stable `code` and
 * the plain-words `message`; the storage error behind it, if any, is its `cause`. A write that
 * fails with one has changed nothing.
 */
export class DbError extends CodedError<DbErrorCode> {
	override readonly name = 'DbError';
}

/** Whether `e` is a failure of the store (as opposed to a rule refusal or a bug). */
export function isDbError(e: unknown): e is DbError {
	return e instanceof DbError;
}
