/**
 * What signing a card decides without the store: the mark a player signs with, the id of a
 * new signature, the reason a reopening gives, and the card checked against its signatures
 * (`cardCheck`). `$lib/db/signatures.ts` signs and reopens with them, in its transactions.
 */
import { signatureIdAt } from '$lib/rules/event-id';
import { cardStatus, type CardStatus } from '$lib/rules/card';
import { canonicalCard, sha256Hex, shortFingerprint } from '$lib/rules/fingerprint';
import type { PlayerId } from '$lib/rules/types';
import { decode, encode, isBlank } from '$lib/signatures/strokes';
import { DbError } from './db-error';
import { cleanName } from './names';
import { printsOf, signedPrint } from './seal';
import { toCard, type EventRecord, type GameRecord, type SignatureRecord } from './records';
import { bySigning, counting } from './verdicts';

/** The longest reason a reopening can give (a form's `maxlength`). */
export const MAX_REASON_LENGTH = 200;

/**
 * `reason` for a reopening, trimmed.
 * @throws DbError `reason-required`, `reason-too-long`
 */
export function reopenReason(reason: string): string {
	const why = typeof reason === 'string' ? reason.trim() : '';
	if (why === '') throw new DbError('reason-required');
	if (why.length > MAX_REASON_LENGTH) {
		throw new DbError('reason-too-long', { max: MAX_REASON_LENGTH });
	}
	return why;
}

/**
 * What a player signs with: the strokes drawn in the signature box, encoded
 * (`signatures/strokes.ts`), or, for someone who cannot draw one, their name typed out.
 */
export type Mark = { strokes: string } | { typed: string };

/** A player of a card and the signature of theirs that counts. */
export interface Signer {
	playerId: PlayerId;
	/** Their latest signature not set aside, or null. */
	signature: SignatureRecord | null;
	/** That signature is of the card as it is now (not of an earlier version). */
	current: boolean;
}

/** A reopening: when, why, and the signatures it set aside. */
export interface Reopening {
	at: string;
	reason: string;
	signatures: SignatureRecord[];
}

/** A card checked against its signatures, with a fingerprint computed afresh. */
export interface CardCheck {
	status: CardStatus;
	/** The fingerprint of the card as stored now; null while the game is being played. */
	fingerprint: string | null;
	/** Its short form (`K7QF-2M9D`), or null. */
	short: string | null;
	/** Every player in seat order, with the signature that counts. */
	signers: Signer[];
	/** Earlier reopenings, the latest first. */
	history: Reopening[];
}

/** The reopenings among `all`, the latest first. */
function reopenings(all: readonly SignatureRecord[]): Reopening[] {
	const groups = new Map<string, Reopening>();
	for (const s of [...all].sort(bySigning)) {
		if (s.setAsideAt === null) continue;
		const key = `${s.setAsideAt}\n${s.setAsideReason ?? ''}`;
		const group = groups.get(key) ?? {
			at: s.setAsideAt,
			reason: s.setAsideReason ?? '',
			signatures: []
		};
		group.signatures.push(s);
		groups.set(key, group);
	}
	return [...groups.values()].sort((a, b) => b.at.localeCompare(a.at));
}

/** The mark as stored: strokes normalised, a typed name cleaned. */
export function checkedMark(mark: Mark): { strokes: string | null; typed: string | null } {
	if ('typed' in mark) {
		const typed = typeof mark.typed === 'string' ? cleanName(mark.typed) : '';
		if (typed === '') throw new DbError('signature-empty');
		return { strokes: null, typed };
	}
	// A drawing that cannot be read throws StrokeError, code `signature-bad`.
	const drawing = decode(mark.strokes);
	if (isBlank(drawing)) throw new DbError('signature-empty');
	return { strokes: encode(drawing), typed: null };
}

/**
 * The id of a new signature of game `gameId`, after `earlier`: its number in the game
 * (`signatureIdAt`), or a random one should a card from elsewhere have taken that number.
 */
export function signatureId(gameId: string, earlier: readonly SignatureRecord[]): string {
	const id = signatureIdAt(gameId, earlier.length + 1);
	return earlier.some((s) => s.id === id) ? crypto.randomUUID() : id;
}

/**
 * The card of game `record` with its log `events`, checked against `all` its signatures: the
 * fingerprint of the events is computed afresh and compared with what was signed. While a game
 * is being played, unsigned and unlocked, nothing is hashed (the scorecard's live query checks
 * it on every tap).
 */
export function cardCheck(
	record: GameRecord,
	events: readonly EventRecord[],
	all: readonly SignatureRecord[]
): CardCheck {
	const latest = counting(all);
	// Signing sets both fields and reopening clears both: a record with only one of them was
	// edited by hand, and counts as locked to a fingerprint nothing matches.
	const halfLocked = (record.signedAt === null) !== (record.fingerprint === null);
	const lockedTo = halfLocked ? '' : record.fingerprint;
	const needed = record.status === 'finished' || lockedTo !== null || latest.size > 0;
	const print = needed ? sha256Hex(canonicalCard(toCard(record, events))) : null;
	// What the signatures must match: the seal, past which only the instructor's corrections go.
	const signedTo =
		print === null || halfLocked ? print : signedPrint(record, events, printsOf(record), print);
	const signers = record.seats.map((playerId) => {
		const signature = latest.get(playerId) ?? null;
		return {
			playerId,
			signature,
			current: signature !== null && signature.fingerprint === signedTo
		};
	});
	const status: CardStatus =
		print === null
			? 'unsigned'
			: cardStatus({
					players: record.seats,
					signatures: [...latest.values()].map((s) => ({
						player: s.playerId,
						fingerprint: s.fingerprint
					})),
					locked: lockedTo,
					current: signedTo ?? print
				});
	return {
		status,
		fingerprint: print,
		short: print === null ? null : shortFingerprint(print),
		signers,
		history: reopenings(all)
	};
}
