/**
 * Signing a payload and reading who signed it (issue 37). A payload's `seal` is its sender's
 * public key and the signature of the payload's canonical JSON without the seal, taken of the
 * payload as `parsePayload` reads it, so whatever carried it (one QR code, a moving code, a
 * file, the school server) the receiver checks the very bytes that were signed. Fields a
 * reader does not know are dropped before the check, so they can never ride along signed.
 */
import { sign, verify, type Seal, type VerifyKeyOf } from '$lib/card/keys';
import { TrustError } from '$lib/card/errors';
import { canonicalJson } from '$lib/rules/canonical';
import { parsePayload } from './payload';
import { TRANSFER_FORMAT, type Payload } from './schema';

/** A key pair that signs: this device's (`db/device-key.ts`). */
export interface Signer {
	publicKey: string;
	privateKey: CryptoKey;
}

/** The bytes a seal signs: the payload as read, without its seal. */
function signedBytes(payload: Payload): Uint8Array {
	return new TextEncoder().encode(canonicalJson({ ...payload, seal: undefined }));
}

/**
 * `payload` in this version's format, signed by `signer`.
 * @throws TransferError when `payload` is not a valid payload (a bug: the app made it)
 */
export async function sealed<P extends Payload>(payload: P, signer: Signer): Promise<P> {
	const read = parsePayload({ ...payload, format: TRANSFER_FORMAT, seal: undefined }) as P;
	const seal: Seal = {
		key: signer.publicKey,
		sig: await sign(signer.privateKey, signedBytes(read))
	};
	return { ...read, seal };
}

/**
 * The public key that signed `payload` (read by `parsePayload`), or null when it is unsigned
 * (format 1, from before keys). `keyOf` imports the key (the server's caches them).
 * @throws TrustError `trust-forged` when it carries a seal that does not hold: a byte changed
 * after signing, or a signature by another key than the one it names
 */
export async function signerOf(payload: Payload, keyOf?: VerifyKeyOf): Promise<string | null> {
	if (!payload.seal) return null;
	if (!(await verify(payload.seal, signedBytes(payload), keyOf))) {
		throw new TrustError('trust-forged');
	}
	return payload.seal.key;
}
