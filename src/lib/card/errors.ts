import { CodedError } from '$lib/coded-error';
import type { MessageCode } from '$lib/messages';

/** The codes a record from outside can be refused with (words in `messages.ts`). */
export type CardErrorCode = Extract<
	MessageCode,
	| 'incoming-name'
	| 'incoming-too-big'
	| 'incoming-damaged'
	| 'incoming-id-taken'
	| 'transfer-damaged'
	| 'student-id-too-long'
	| 'student-id-control'
	| 'student-id-taken'
>;

/**
 * A record refused by the card core's checks (`game-check.ts`, `card-check.ts`,
 * `incoming-check.ts`, `student-ids.ts`): a backup's, an invite's or a received card's, or a
 * student id typed on the roster. Whatever path brought it, nothing was stored.
 */
export class CardError extends CodedError<CardErrorCode> {
	override readonly name: string = 'CardError';
}

/**
 * A received card that cannot be a game at all (events of another game, out of order, an entry
 * the rules refuse): `transfer-damaged`, with what is wrong in `detail`.
 */
export class BrokenCardError extends CardError {
	override readonly name = 'BrokenCardError';
	declare readonly params: { detail: string };

	constructor(detail: string) {
		super('transfer-damaged', { detail });
	}
}

/** The codes a message can be refused with for who sent it (words in `messages.ts`). */
export type TrustErrorCode = Extract<
	MessageCode,
	'trust-forged' | 'trust-unsigned' | 'trust-other-owner' | 'trust-own-league' | 'trust-other-phone'
>;

/**
 * A message refused for who sent it (issue 37): its signature does not hold, it has none, or
 * its signer is not the league's owner as this device knows it. Nothing was stored.
 */
export class TrustError extends CodedError<TrustErrorCode> {
	override readonly name = 'TrustError';
}
