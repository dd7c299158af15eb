/**
 * SHA-256 of a text as UTF-8, synchronously, in lowercase hex (FIPS 180-4): the one SHA-256 of
 * the app, for fingerprints, content hashes, group codes and QR parts alike. Synchronous
 * because the signature verdicts are judged inside the IndexedDB transaction of the write they
 * follow, which commits as soon as it waits on anything but its own requests (`db/upkeep.ts`),
 * and a signature is hashed inside its own transaction (`db/signatures.ts` `sign`): WebCrypto's
 * digest is such a wait.
 *
 * Written out rather than taken from a library: under 1 KB gzipped against 2.8 KB for
 * @noble/hashes, and checked against WebCrypto in the tests.
 */

const K = new Int32Array(64);
const H0 = new Int32Array(8);
/** The message schedule, reused by every call (the function is synchronous). */
const W = new Int32Array(64);

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes (K), and
 * of the square roots of the first 8 (H0), computed once instead of written out. */
(function constants() {
	let found = 0;
	for (let n = 2; found < 64; n++) {
		let prime = true;
		for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
		if (!prime) continue;
		if (found < 8) H0[found] = fraction(Math.sqrt(n));
		K[found++] = fraction(Math.cbrt(n));
	}
})();

function fraction(x: number): number {
	return ((x - Math.floor(x)) * 0x100000000) | 0;
}

function hex(x: number): string {
	return (x >>> 0).toString(16).padStart(8, '0');
}

/**
 * SHA-256 of `text` encoded as UTF-8, in lowercase hex. Plain 32-bit integer arithmetic on
 * local variables, one schedule array for every call: several times faster than the same
 * rounds through a DataView and array destructuring, which a restore of thousands of cards
 * felt.
 */
export function sha256Hex(text: string): string {
	const bytes = new TextEncoder().encode(text);
	const n = bytes.length;
	const blocks = ((n + 9 + 63) >> 6) << 6;
	const data = new Uint8Array(blocks);
	data.set(bytes);
	data[n] = 0x80;
	const high = Math.floor((n * 8) / 0x100000000);
	const low = (n * 8) >>> 0;
	for (let i = 0; i < 4; i++) {
		data[blocks - 8 + i] = (high >>> (24 - 8 * i)) & 0xff;
		data[blocks - 4 + i] = (low >>> (24 - 8 * i)) & 0xff;
	}
	let h0 = H0[0]!;
	let h1 = H0[1]!;
	let h2 = H0[2]!;
	let h3 = H0[3]!;
	let h4 = H0[4]!;
	let h5 = H0[5]!;
	let h6 = H0[6]!;
	let h7 = H0[7]!;
	for (let at = 0; at < blocks; at += 64) {
		for (let i = 0; i < 16; i++) {
			const j = at + i * 4;
			W[i] = (data[j]! << 24) | (data[j + 1]! << 16) | (data[j + 2]! << 8) | data[j + 3]!;
		}
		for (let i = 16; i < 64; i++) {
			const x = W[i - 15]!;
			const y = W[i - 2]!;
			const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
			const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
			W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
		}
		let a = h0;
		let b = h1;
		let c = h2;
		let d = h3;
		let e = h4;
		let f = h5;
		let g = h6;
		let h = h7;
		for (let i = 0; i < 64; i++) {
			const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
			const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
			const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
			const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
			h = g;
			g = f;
			f = e;
			e = (d + t1) | 0;
			d = c;
			c = b;
			b = a;
			a = (t1 + t2) | 0;
		}
		h0 = (h0 + a) | 0;
		h1 = (h1 + b) | 0;
		h2 = (h2 + c) | 0;
		h3 = (h3 + d) | 0;
		h4 = (h4 + e) | 0;
		h5 = (h5 + f) | 0;
		h6 = (h6 + g) | 0;
		h7 = (h7 + h) | 0;
	}
	return hex(h0) + hex(h1) + hex(h2) + hex(h3) + hex(h4) + hex(h5) + hex(h6) + hex(h7);
}
