/**
 * A backup's seal (format 3, issue 37): the device that writes a backup signs it with its own
 * key, so that a restore knows whether the file is this device's own, unchanged, or comes from
 * somewhere else (another device, an older version of the app, or a hand).
 *
 * The file is far too big to hold whole, so it is hashed as it streams: a chain over its lines,
 * each link the SHA-256 of the one before followed by the line's UTF-8 (without its line
 * break, a trailing carriage return or a byte-order mark, which editors add or drop). The chain
 * starts from the hash of a name of its own, so that no other message the key signs can pass
 * for a backup. The last line is `{"seal":"<signature>"}`: the device's ECDSA signature of the
 * chain's end, checked with the key the first line names.
 */
import { sign, verify } from '$lib/card/keys';

const encoder = new TextEncoder();

/** Where every backup's chain starts. */
const START = 'muggins-league backup, format 3';

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
	return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

/** A line as it is hashed: what a text editor may add or drop around it left out. */
function hashed(line: string): string {
	return line.replace(/^\uFEFF/, '').replace(/\r$/, '');
}

/** The running hash of a file's lines, in order. */
export class LineChain {
	#state: Promise<Uint8Array> = sha256(encoder.encode(START));

	/** Adds `line` (one line, with or without its line break) to the chain. */
	async add(line: string): Promise<void> {
		const before = await this.#state;
		const bytes = encoder.encode(hashed(line.replace(/\n$/, '')));
		const joined = new Uint8Array(before.length + bytes.length);
		joined.set(before);
		joined.set(bytes, before.length);
		this.#state = sha256(joined);
		await this.#state;
	}

	/** Adds every line of `text`, a run of whole lines each ended by a line break. */
	async addLines(text: string): Promise<void> {
		let from = 0;
		for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', from)) {
			await this.add(text.slice(from, end));
			from = end + 1;
		}
		if (from < text.length) await this.add(text.slice(from));
	}

	/** The chain's end so far. */
	digest(): Promise<Uint8Array> {
		return this.#state;
	}
}

/** The last line of a format 3 file: the seal of every line before it by `privateKey`. */
export async function sealLine(chain: LineChain, privateKey: CryptoKey): Promise<string> {
	return JSON.stringify({ seal: await sign(privateKey, await chain.digest()) }) + '\n';
}

/** Whether `signature` is the seal of the lines in `chain` by the device whose key is `key`. */
export async function sealHolds(
	chain: LineChain,
	key: string,
	signature: string
): Promise<boolean> {
	return verify({ key, sig: signature }, await chain.digest());
}
