/**
 * Deflate in and out with the browser's own CompressionStream (also in Node 18+), so no
 * compression library ships. Inflating stops at a size cap: a few hostile bytes must not
 * unpack into memory the phone does not have.
 */
import { TransferError } from './errors';

/** The most a payload may unpack to; a 4-player, 15-hand card with drawings is far below. */
export const MAX_INFLATED = 2_000_000;

async function drain(stream: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array> {
	const chunks: Uint8Array[] = [];
	let size = 0;
	const reader = stream.getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.length;
		if (size > cap) {
			await reader.cancel();
			throw new TransferError('transfer-too-big');
		}
		chunks.push(value);
	}
	const out = new Uint8Array(size);
	let at = 0;
	for (const c of chunks) {
		out.set(c, at);
		at += c.length;
	}
	return out;
}

function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream) {
	const source = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
	return source.pipeThrough(transform as TransformStream<Uint8Array, Uint8Array>);
}

/** `bytes` deflated (raw deflate, no header: the parts carry their own check). */
export function deflate(bytes: Uint8Array): Promise<Uint8Array> {
	return drain(through(bytes, new CompressionStream('deflate-raw')), Number.MAX_SAFE_INTEGER);
}

/**
 * `bytes` inflated.
 * @throws TransferError `transfer-damaged` when they are not deflate data, `transfer-too-big`
 * past `MAX_INFLATED`
 */
export async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
	try {
		return await drain(through(bytes, new DecompressionStream('deflate-raw')), MAX_INFLATED);
	} catch (e) {
		if (e instanceof TransferError) throw e;
		throw new TransferError('transfer-damaged', {}, { cause: e });
	}
}
