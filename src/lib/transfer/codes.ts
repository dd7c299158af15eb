/**
 * A payload as the texts of its QR codes, and back. A payload that fits one code is one plain
 * `MGL1` code (`parts.ts`); a longer one is a moving code, the frames of `frames.ts`, which
 * loads only then. `CodeReader` reads either.
 */
import { split } from './parts';
import { fromBytes, toBytes } from './payload';
import { CodeReader } from './reader';
import { TransferError } from './errors';
import type { Payload } from './schema';

/**
 * The texts of the codes that carry `bytes`: one code, or the frames of a moving code, shown
 * in a loop.
 */
export async function bytesToCodes(bytes: Uint8Array): Promise<string[]> {
	const parts = await split(bytes);
	if (parts.length === 1) return parts;
	return (await import('./frames')).toFrames(bytes);
}

/** The texts of the QR codes that carry `payload`: one code, or a moving code's frames. */
export async function toCodes(payload: Payload): Promise<string[]> {
	return bytesToCodes(await toBytes(payload));
}

/**
 * The payload of the code texts read, in any order, repeats and extra frames allowed.
 * @throws TransferError as `CodeReader.add` and `fromBytes`; `transfer-incomplete` when the
 * texts do not make up a whole message
 */
export async function fromCodes(texts: readonly string[]): Promise<Payload> {
	const reader = new CodeReader();
	let last = null;
	for (const t of texts) {
		last = await reader.add(t);
		if (last.bytes) return fromBytes(last.bytes);
	}
	const progress = last?.progress ?? { read: 0, total: 1 };
	throw new TransferError('transfer-incomplete', progress);
}
