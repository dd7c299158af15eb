/**
 * Keys and signatures between devices (issue 37): ECDSA P-256 over SHA-256, with Web Crypto,
 * which the browser and Node 20 both have, so the school server checks a signature with this
 * same code. A public key travels as its raw point (65 bytes) and a signature as its 64 raw
 * bytes, both in base64url: the shortest forms Web Crypto reads back, for QR codes.
 *
 * Trust comes from these keys, never from timestamps: a league's messages count on a phone
 * only under the owner key it pinned (`owner.ts`).
 */

/** The algorithm of every device key. */
export const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** A public key in base64url: 65 raw bytes are 87 characters. */
export const PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{87}$/;
/** A signature in base64url: 64 raw bytes are 86 characters. */
export const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{86}$/;

/** Who signed a message, and the signature: what a signed message carries beside its content. */
export interface Seal {
	/** The signer's public key, base64url of its raw point. */
	key: string;
	/** The signature of the message's canonical JSON without its seal, base64url. */
	sig: string;
}

/** `bytes` in base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
	let s = '';
	for (const b of bytes) s += String.fromCharCode(b);
	return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url `text`, or null when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
	if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
	try {
		const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
		const out = new Uint8Array(s.length);
		for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
		return out;
	} catch {
		return null;
	}
}

/** A new key pair whose private key can never leave the device (non-extractable). */
export function newKeyPair(): Promise<CryptoKeyPair> {
	return crypto.subtle.generateKey(KEY_ALGORITHM, false, ['sign', 'verify']);
}

/** `publicKey` as it travels (base64url of the raw point). */
export async function exportPublicKey(publicKey: CryptoKey): Promise<string> {
	return toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', publicKey)));
}

/** The signature of `bytes` by `privateKey`, in base64url. */
export async function sign(privateKey: CryptoKey, bytes: Uint8Array): Promise<string> {
	const sig = await crypto.subtle.sign(SIGN_ALGORITHM, privateKey, bytes as BufferSource);
	return toBase64Url(new Uint8Array(sig));
}

/** Turns a public key's text and raw point into a key that verifies. */
export type VerifyKeyOf = (key: string, raw: Uint8Array<ArrayBuffer>) => Promise<CryptoKey>;

/** Imports the key anew each time: what a device, which checks a few seals, does. */
export const importVerifyKey: VerifyKeyOf = (_key, raw) =>
	crypto.subtle.importKey('raw', raw, KEY_ALGORITHM, false, ['verify']);

/**
 * Whether `seal` is a signature of `bytes` by the key it names. False for anything malformed
 * (a key that is not a P-256 point, a signature of the wrong length): never throws. `keyOf`
 * is only asked for a key that passed every check below (the server caches its answers).
 */
export async function verify(
	seal: Seal,
	bytes: Uint8Array,
	keyOf: VerifyKeyOf = importVerifyKey
): Promise<boolean> {
	if (!PUBLIC_KEY_PATTERN.test(seal.key) || !SIGNATURE_PATTERN.test(seal.sig)) return false;
	const raw = fromBase64Url(seal.key);
	const sig = fromBase64Url(seal.sig);
	// Only the one way to write each: the unused low bits of the last character must be zero,
	// so that no two different seals hold for the same message.
	if (!raw || !sig || toBase64Url(raw) !== seal.key || toBase64Url(sig) !== seal.sig) return false;
	// Only the uncompressed point (0x04): Node's importKey also takes the "hybrid" forms (0x06,
	// 0x07) of the same point, a second text for one key (found by the property test).
	if (raw[0] !== 0x04) return false;
	try {
		const key = await keyOf(seal.key, raw);
		return await crypto.subtle.verify(SIGN_ALGORITHM, key, sig, bytes as BufferSource);
	} catch {
		return false;
	}
}

/**
 * A short fingerprint of public key `key` for people to compare ("4F-2A-91"): the first three
 * bytes of its SHA-256. Shown in Settings for the rare teacher who checks which device is which;
 * never used to decide anything.
 */
export async function fingerprint(key: string): Promise<string> {
	const raw = fromBase64Url(key) ?? new Uint8Array();
	const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', raw));
	return [...digest.slice(0, 3)]
		.map((b) => b.toString(16).toUpperCase().padStart(2, '0'))
		.join('-');
}
