/**
 * A card's fingerprint: SHA-256 over its canonical JSON (UTF-8), written as 64 lowercase hex
 * digits, and a short form people can read aloud and compare across phones (`K7QF-2M9D`).
 */
import { canonicalJson } from './canonical';
import type { Card } from './card';
import { sha256Hex } from './sha256';

export { sha256Hex };

/** Crockford's base 32: digits and capitals without I, L, O and U, which read as 1, 1, 0, V. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fingerprint as stored: 64 lowercase hex digits. */
export const FINGERPRINT_PATTERN = /^[0-9a-f]{64}$/;

/** The short form of a fingerprint: two groups of four Crockford base-32 characters. */
export const SHORT_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** The exact text a card's fingerprint is taken over. */
export function canonicalCard(card: Card): string {
	return canonicalJson(card);
}

/** The fingerprint of `card`: SHA-256 of its canonical JSON, 64 lowercase hex digits. */
export function fingerprint(card: Card): string {
	return sha256Hex(canonicalCard(card));
}

/**
 * The first 40 bits of a fingerprint in Crockford base 32, written like `K7QF-2M9D`. Enough for two
 * people to see that their phones show the same card (a chance change matches one time in a
 * trillion); the full fingerprint is what is checked.
 * @throws Error when `hex` is not a fingerprint
 */
export function shortFingerprint(hex: string): string {
	if (!FINGERPRINT_PATTERN.test(hex)) throw new Error(`"${hex}" is not a SHA-256 fingerprint`);
	// 40 bits = 10 hex digits = 8 base-32 characters; still exact in a double.
	let bits = parseInt(hex.slice(0, 10), 16);
	let out = '';
	for (let i = 0; i < 8; i++) {
		out = CROCKFORD.charAt(bits % 32) + out;
		bits = Math.floor(bits / 32);
	}
	return `${out.slice(0, 4)}-${out.slice(4)}`;
}
