/**
 * A payload as the texts of its QR codes, and back: `toBytes` then `split`; `Assembler` then
 * `fromBytes`.
 */
import { Assembler, split } from './parts';
import { fromBytes, toBytes } from './payload';
import type { Payload } from './schema';

/** The texts of the QR codes that carry `payload`, in order. */
export async function toCodes(payload: Payload): Promise<string[]> {
	return split(await toBytes(payload));
}

/**
 * The payload of a complete set of code texts, in any order.
 * @throws TransferError as `Assembler.add`, `Assembler.bytes` and `fromBytes`
 */
export async function fromCodes(texts: readonly string[]): Promise<Payload> {
	const assembler = new Assembler();
	for (const t of texts) assembler.add(t);
	return fromBytes(await assembler.bytes());
}
