/**
 * A P-256 public key's point, compressed to its x and the parity of y (33 bytes instead of
 * 65), and back: a seal's key costs half as much in a QR code. Web Crypto imports only the
 * uncompressed form, so y is found again here: y² = x³ − 3x + b (mod p), and as p ≡ 3 (mod 4),
 * y = (y²)^((p+1)/4).
 */
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

function bigOf(bytes: Uint8Array): bigint {
	let n = 0n;
	for (const b of bytes) n = (n << 8n) | BigInt(b);
	return n;
}

function bytesOf(n: bigint, length: number): Uint8Array {
	const out = new Uint8Array(length);
	for (let i = length - 1; i >= 0; i--) {
		out[i] = Number(n & 0xffn);
		n >>= 8n;
	}
	return out;
}

function power(base: bigint, exp: bigint): bigint {
	let result = 1n;
	base %= P;
	while (exp > 0n) {
		if (exp & 1n) result = (result * base) % P;
		base = (base * base) % P;
		exp >>= 1n;
	}
	return result;
}

/** The y of the curve's point with `x` and y's parity `odd`, or null when there is none. */
function yOf(x: bigint, odd: boolean): bigint | null {
	if (x >= P) return null;
	const ySquared = (((x * x * x - 3n * x + B) % P) + P) % P;
	const y = power(ySquared, (P + 1n) / 4n);
	if ((y * y) % P !== ySquared) return null;
	const yOdd = (y & 1n) === 1n;
	return yOdd === odd ? y : P - y;
}

/** `point` (65 bytes, uncompressed) compressed, or null when it is not a point of the curve. */
export function compress(point: Uint8Array): Uint8Array | null {
	if (point.length !== 65 || point[0] !== 4) return null;
	const x = bigOf(point.subarray(1, 33));
	const y = bigOf(point.subarray(33));
	if (yOf(x, (y & 1n) === 1n) !== y) return null;
	const out = new Uint8Array(33);
	out[0] = 2 + Number(y & 1n);
	out.set(point.subarray(1, 33), 1);
	return out;
}

/** The uncompressed point of `compressed` (33 bytes), or null when it is not one. */
export function decompress(compressed: Uint8Array): Uint8Array | null {
	const tag = compressed[0];
	if (compressed.length !== 33 || (tag !== 2 && tag !== 3)) return null;
	const y = yOf(bigOf(compressed.subarray(1)), tag === 3);
	if (y === null) return null;
	const out = new Uint8Array(65);
	out[0] = 4;
	out.set(compressed.subarray(1), 1);
	out.set(bytesOf(y, 32), 33);
	return out;
}
