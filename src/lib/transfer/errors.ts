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
