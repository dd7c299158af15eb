/**
 * Base45 (RFC 9285): bytes as text from the 45 characters a QR code's alphanumeric mode holds,
 * so a code carries 5.5 bits per character instead of the 8 of byte mode. Pure.
 */
import { TransferError } from './errors';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

/** `bytes` as base45 text: every 2 bytes become 3 characters, a last odd byte 2. */
export function encode(bytes: Uint8Array): string {
	let out = '';
	const digit = (n: number) => ALPHABET.charAt(n);
	for (let i = 0; i < bytes.length; i += 2) {
		const hi = bytes[i] ?? 0;
		if (i + 1 < bytes.length) {
			const n = hi * 256 + (bytes[i + 1] ?? 0);
			out += digit(n % 45) + digit(Math.floor(n / 45) % 45) + digit(Math.floor(n / 2025));
		} else {
			out += digit(hi % 45) + digit(Math.floor(hi / 45));
		}
	}
	return out;
}

/**
 * The bytes of base45 `text`.
 * @throws TransferError `transfer-damaged` for a character outside the alphabet, a length that
 * leaves one character over, or a group above what its bytes can hold
 */
export function decode(text: string): Uint8Array {
	if (text.length % 3 === 1) throw new TransferError('transfer-damaged');
	const out = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
	let o = 0;
	for (let i = 0; i < text.length; i += 3) {
		const group = text.slice(i, i + 3);
		let n = 0;
		for (let j = group.length - 1; j >= 0; j--) {
			const v = VALUE.get(group.charAt(j));
			if (v === undefined) throw new TransferError('transfer-damaged');
			n = n * 45 + v;
		}
		if (group.length === 3) {
			if (n > 0xffff) throw new TransferError('transfer-damaged');
			out[o++] = n >> 8;
			out[o++] = n & 0xff;
		} else {
			if (n > 0xff) throw new TransferError('transfer-damaged');
			out[o++] = n;
		}
	}
	return out;
}
