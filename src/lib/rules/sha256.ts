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

const K = new Uint32Array(64);
const H0 = new Uint32Array(8);

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
	return ((x - Math.floor(x)) * 0x100000000) >>> 0;
}

/** SHA-256 of `text` encoded as UTF-8, in lowercase hex. */
export function sha256Hex(text: string): string {
	const bytes = new TextEncoder().encode(text);
	const blocks = ((bytes.length + 9 + 63) >> 6) << 6;
	const data = new Uint8Array(blocks);
	data.set(bytes);
	data[bytes.length] = 0x80;
	const view = new DataView(data.buffer);
	const bits = bytes.length * 8;
	view.setUint32(blocks - 8, Math.floor(bits / 0x100000000));
	view.setUint32(blocks - 4, bits >>> 0);
	const h = Uint32Array.from(H0);
	const w = new Uint32Array(64);
	const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
	for (let at = 0; at < blocks; at += 64) {
		for (let i = 0; i < 16; i++) w[i] = view.getUint32(at + i * 4);
		for (let i = 16; i < 64; i++) {
			const a = w[i - 15]!;
			const b = w[i - 2]!;
			const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
			const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
			w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
		}
		let [a, b, c, d, e, f, g, k] = h as unknown as number[] as [
			number,
			number,
			number,
			number,
			number,
			number,
			number,
			number
		];
		for (let i = 0; i < 64; i++) {
			const t1 =
				(k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
			const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
			k = g;
			g = f;
			f = e;
			e = (d + t1) | 0;
			d = c;
			c = b;
			b = a;
			a = (t1 + t2) | 0;
		}
		h[0]! += a;
		h[1]! += b;
		h[2]! += c;
		h[3]! += d;
		h[4]! += e;
		h[5]! += f;
		h[6]! += g;
		h[7]! += k;
	}
	return Array.from(h, (x) => x.toString(16).padStart(8, '0')).join('');
}
