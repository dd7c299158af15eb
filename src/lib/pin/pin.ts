/**
 * The instructor's PIN, kept as a salted PBKDF2-SHA-256 hash made with the browser's Web
 * Crypto: the PIN itself is never stored. A PIN keeps students from voiding cards or editing
 * the roster on the instructor's device; it is a lock on a classroom door, not a vault, so a
 * few digits and a slow hash are enough.
 */
import { CodedError } from '$lib/coded-error';
import type { MessageCode } from '$lib/messages';
import type { PinHashRecord } from '$lib/card/device-records';

/** PBKDF2 rounds for a new PIN: about a quarter of a second on a cheap phone. */
export const PIN_ITERATIONS = 210_000;

const SALT_BYTES = 16;
const HASH_BITS = 256;

/** The codes a PIN can be refused with (sentences in `messages.ts`). */
export type PinErrorCode = Extract<
	MessageCode,
	'pin-format' | 'pin-mismatch' | 'pin-wrong' | 'pin-unavailable' | 'pin-wait'
>;

/** A PIN refused: badly formed, mistyped, or Web Crypto missing. Nothing was changed. */
export class PinError extends CodedError<PinErrorCode> {
	override readonly name = 'PinError';
}

/** The longest PIN: a longer one is harder to guess, even between the waits. */
export const MAX_PIN_LENGTH = 12;

/** Whether `pin` is 4 to `MAX_PIN_LENGTH` digits. */
export function isPin(pin: string): boolean {
	return /^\d{4,12}$/.test(pin);
}

function subtle(): SubtleCrypto {
	const s = globalThis.crypto?.subtle;
	if (!s) throw new PinError('pin-unavailable');
	return s;
}

function toBase64(bytes: Uint8Array): string {
	let s = '';
	for (const b of bytes) s += String.fromCharCode(b);
	return btoa(s);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
	const s = atob(text);
	const out = new Uint8Array(s.length);
	for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
	return out;
}

async function derive(
	pin: string,
	salt: Uint8Array<ArrayBuffer>,
	iterations: number
): Promise<Uint8Array> {
	const key = await subtle().importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
		'deriveBits'
	]);
	const bits = await subtle().deriveBits(
		{ name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
		key,
		HASH_BITS
	);
	return new Uint8Array(bits);
}

/**
 * The salted hash to store for `pin`, with a fresh random salt.
 * @throws PinError `pin-format`, `pin-unavailable`
 */
export async function hashPin(
	pin: string,
	opts: { iterations?: number } = {}
): Promise<PinHashRecord> {
	if (!isPin(pin)) throw new PinError('pin-format');
	const iterations = opts.iterations ?? PIN_ITERATIONS;
	const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
	const hash = await derive(pin, salt, iterations);
	return {
		algorithm: 'PBKDF2-SHA-256',
		iterations,
		salt: toBase64(salt),
		hash: toBase64(hash)
	};
}

/**
 * Whether `pin` is the one `stored` was made from. Compares every byte, whatever the first
 * difference, so the time taken says nothing about how close a guess was.
 * @throws PinError `pin-unavailable`
 */
export async function verifyPin(pin: string, stored: PinHashRecord): Promise<boolean> {
	if (!isPin(pin)) return false;
	const expected = fromBase64(stored.hash);
	const actual = await derive(pin, fromBase64(stored.salt), stored.iterations);
	let diff = expected.length ^ actual.length;
	for (let i = 0; i < expected.length; i++) diff |= (expected[i] ?? 0) ^ (actual[i] ?? 0);
	return diff === 0;
}
