/**
 * SHA-256 for the server's card checks without WebCrypto's detour. The app's pure rules hash
 * with `crypto.subtle.digest` (the one digest every browser has); in Node each such call is a
 * job handed to the thread pool and back, which profiling the push showed to be the largest
 * single cost of checking a card (two digests a card). The server process therefore answers
 * SHA-256 digests with `node:crypto`'s synchronous hash: the same bytes, a fraction of the CPU.
 * Any other algorithm goes to WebCrypto as before.
 */
import { createHash } from 'node:crypto';

type Digest = SubtleCrypto['digest'];

/** `crypto.subtle.digest`, with SHA-256 computed by `node:crypto`. */
export function fastDigest(original: Digest): Digest {
	return (algorithm, data) => {
		const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
		if (name.toUpperCase() !== 'SHA-256') return original(algorithm, data);
		const bytes = ArrayBuffer.isView(data)
			? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
			: new Uint8Array(data);
		const out = createHash('sha256').update(bytes).digest();
		return Promise.resolve(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength));
	};
}

/** Makes this process's `crypto.subtle.digest` answer SHA-256 through `node:crypto`. */
export function installFastDigest(): void {
	const subtle = globalThis.crypto.subtle;
	const original = subtle.digest.bind(subtle);
	Object.defineProperty(subtle, 'digest', {
		value: fastDigest(original),
		configurable: true,
		writable: true
	});
}
