import { message, type MessageCode, type MessageParams } from '$lib/messages';

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
 * cut short or mixed with another card's. It carries a `code` for `messageFor`; whatever
 * refused it, nothing was stored.
 */
export class TransferError extends Error {
	readonly code: TransferErrorCode;
	readonly params: MessageParams;

	constructor(code: TransferErrorCode, params: MessageParams = {}, options?: ErrorOptions) {
		super(message(code, params), options);
		this.name = 'TransferError';
		this.code = code;
		this.params = params;
	}
}
