/**
 * Secrets the server hands out. Tokens are 32 random bytes (base64url); join codes are 10
 * letters a person can type. Only their SHA-256 is stored, so a copy of the database gives no
 * one a working token.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Letters and digits that are hard to mix up when read aloud or typed (no 0/O, 1/I/L, U). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const CODE_LENGTH = 10;

/** A fresh token; `kind` marks in the token itself whose it is (easier support, no security). */
export function newToken(kind: 'instructor' | 'device'): string {
	return `${kind === 'instructor' ? 'mli' : 'mld'}_${randomBytes(32).toString('base64url')}`;
}

/** A fresh join code, shown as `ABCDE-FGHJK`. */
export function newJoinCode(): string {
	const letters = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(0, 30)]);
	return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
}

/** A typed join code as stored: capitals, no spaces or dashes. */
export function normalJoinCode(typed: string): string {
	return typed.toUpperCase().replace(/[\s-]/g, '');
}

/** What is stored of a secret. */
export function hashSecret(secret: string): string {
	return createHash('sha256').update(secret).digest('hex');
}
