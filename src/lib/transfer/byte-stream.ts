/**
 * Bytes written and read one value after another: whole numbers 7 bits a byte, texts as their
 * length and UTF-8. The reader refuses what runs past the end with `transfer-damaged`, so a
 * hand-made code can never make it read outside what was scanned.
 */
import { TransferError } from './errors';

export function damaged(detail: string): TransferError {
	return new TransferError('transfer-damaged', { detail });
}

export class ByteWriter {
	private out: number[] = [];

	bytes(): Uint8Array {
		return Uint8Array.from(this.out);
	}

	byte(b: number): void {
		this.out.push(b);
	}

	/** A non-negative safe integer, 7 bits a byte. */
	uint(n: number): void {
		while (n >= 0x80) {
			this.out.push((n % 0x80) | 0x80);
			n = Math.floor(n / 0x80);
		}
		this.out.push(n);
	}

	/** A safe integer, zigzagged so small negatives stay short. */
	int(n: number): void {
		this.uint(n < 0 ? -2 * n - 1 : 2 * n);
	}

	raw(bytes: Uint8Array): void {
		for (const b of bytes) this.out.push(b);
	}

	text(s: string): void {
		const bytes = new TextEncoder().encode(s);
		this.uint(bytes.length);
		this.raw(bytes);
	}
}

export class ByteReader {
	private at = 0;

	constructor(private readonly bytes: Uint8Array) {}

	done(): boolean {
		return this.at === this.bytes.length;
	}

	byte(): number {
		const b = this.bytes[this.at++];
		if (b === undefined) throw damaged('cut short');
		return b;
	}

	uint(): number {
		let n = 0;
		let scale = 1;
		for (;;) {
			const b = this.byte();
			n += (b & 0x7f) * scale;
			if (!Number.isSafeInteger(n)) throw damaged('number too large');
			if (b < 0x80) return n;
			scale *= 0x80;
		}
	}

	int(): number {
		const z = this.uint();
		return z % 2 ? -(z + 1) / 2 : z / 2;
	}

	/** A count or a length no larger than the bytes left (each item takes one at least). */
	count(): number {
		const n = this.uint();
		if (n > this.bytes.length - this.at) throw damaged('count past the end');
		return n;
	}

	raw(n: number): Uint8Array {
		if (this.at + n > this.bytes.length) throw damaged('cut short');
		const out = this.bytes.subarray(this.at, this.at + n);
		this.at += n;
		return out;
	}

	text(): string {
		const bytes = this.raw(this.count());
		try {
			return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
		} catch (e) {
			throw new TransferError('transfer-damaged', { detail: 'not text' }, { cause: e });
		}
	}
}

/** `o[key] = value` as `o`'s own property, even for a key such as `__proto__`. */
export function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
	Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}
