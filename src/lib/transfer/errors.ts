import { CodedError } from '$lib/coded-error';
import type { MessageCode } from '$lib/messages';

/** The codes reading a QR code, a part or a file can be refused with (words in `messages.ts`). */
export type TransferErrorCode = Extract<
	MessageCode,
	| 'transfer-foreign'
	| 'transfer-damaged'
	| 'transfer-newer'
	| 'transfer-too-big'
	| 'transfer-other-set'
	| 'transfer-other-frames'
	| 'transfer-incomplete'
	| 'transfer-wrong-kind'
	| 'transfer-unsupported'
>;

/**
 * Input from another device refused: a QR payload, a part or a file that is not ours, damaged,
 * cut short or mixed with another card's. Whatever refused it, nothing was stored.
 */
export class TransferError extends CodedError<TransferErrorCode> {
	override readonly name = 'TransferError';
}

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
	| 'code-other-league'
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
