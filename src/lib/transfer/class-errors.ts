import { CodedError } from '$lib/coded-error';
import type { MessageCode } from '$lib/messages';

/** The codes the class loop's messages can be refused with (words in `messages.ts`). */
export type ClassLoopErrorCode = Extract<
	MessageCode,
	| 'group-code-bad'
	| 'group-code-unknown'
	| 'group-code-stale'
	| 'group-other-kind'
	| 'receipt-not-ours'
	| 'receipt-wrong-kind'
	| 'bundle-empty'
	| 'bundle-wrong-kind'
	| 'standings-bad'
	| 'standings-foreign'
	| 'standings-future'
>;

/**
 * A group's code, a session, a set of cards, a receipt or shared standings refused: nothing
 * was stored.
 */
export class ClassLoopError extends CodedError<ClassLoopErrorCode> {
	override readonly name = 'ClassLoopError';
}
