/**
 * Secrets the server hands out. Tokens are 32 random bytes (base64url); join codes are 10
 * letters a person can type. Tokens are stored as their SHA-256 (a copy of the database gives no
 * one a working token: 256 random bits cannot be searched); join codes, which have about 49 bits,
 * as their HMAC under the server secret kept outside the database (server/secret.ts).
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

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

/** What is stored of a token. */
export function hashSecret(secret: string): string {
	return createHash('sha256').update(secret).digest('hex');
}

/** What is stored of join code `code` (typed or issued): its HMAC under the server secret. */
export function joinCodeKey(serverSecret: Buffer, code: string): string {
	return createHmac('sha256', serverSecret).update(normalJoinCode(code)).digest('hex');
}
