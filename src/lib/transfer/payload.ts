/**
 * A payload to and from bytes and files: its dense form for QR codes (`dense.ts`), plain JSON in
 * a `.muggins.json` file. Every way in ends in `parsePayload`, which refuses anything that is not
 * exactly a payload of this version with a `TransferError`, never another exception.
 */
import * as v from 'valibot';
import { inflate } from './compress';
import * as dense from './dense';
import { packLogs, unpackLogs } from './dense-card';
import { TransferError } from './errors';
import {
	CardPayloadSchema,
	InvitePayloadSchema,
	TRANSFER_APP,
	TRANSFER_FORMAT,
	type Payload
} from './schema';
import {
	BundlePayloadSchema,
	GroupPayloadSchema,
	LivePayloadSchema,
	ReceiptPayloadSchema,
	SessionPayloadSchema
} from './schema';

/** The schema of each kind of payload. */
const SCHEMAS = new Map<unknown, v.GenericSchema<unknown, Payload>>([
	['card', CardPayloadSchema],
	['invite', InvitePayloadSchema],
	['group', GroupPayloadSchema],
	['session', SessionPayloadSchema],
	['bundle', BundlePayloadSchema],
	['receipt', ReceiptPayloadSchema],
	['live', LivePayloadSchema]
]);

/** The largest file read: a card with drawings is tens of kilobytes. */
export const MAX_FILE_BYTES = 2_000_000;

/** The end of a payload file's name. */
export const FILE_SUFFIX = '.muggins.json';

/**
 * `value` checked as a payload.
 * @throws TransferError `transfer-foreign` (not ours), `transfer-newer` (a later format),
 * `transfer-damaged` (ours, but not a valid card or invite)
 */
export function parsePayload(value: unknown): Payload {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new TransferError('transfer-foreign');
	}
	const { app, format, kind } = value as Record<string, unknown>;
	if (app !== TRANSFER_APP) throw new TransferError('transfer-foreign');
	if (typeof format === 'number' && format > TRANSFER_FORMAT) {
		throw new TransferError('transfer-newer', { format });
	}
	const schema = SCHEMAS.get(kind);
	if (!schema) throw new TransferError('transfer-damaged', { detail: 'unknown kind' });
	const parsed = v.safeParse(schema, value);
	if (!parsed.success) {
		const issue = parsed.issues[0];
		const where = v.getDotPath(issue);
		throw new TransferError('transfer-damaged', {
			detail: where ? `${where}: ${issue.message}` : issue.message
		});
	}
	return parsed.output;
}

/** `payload` as compact bytes for QR codes: its dense form (`dense.ts`), logs packed. */
export function toBytes(payload: Payload): Promise<Uint8Array> {
	return dense.encode(packLogs(payload as unknown as Record<string, unknown>));
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch (e) {
		throw new TransferError('transfer-damaged', { detail: 'not complete JSON' }, { cause: e });
	}
}

/**
 * The payload `bytes` (from `toBytes`) hold.
 * @throws TransferError as `parsePayload`, and `transfer-damaged`, `transfer-too-big`
 */
export async function fromBytes(bytes: Uint8Array): Promise<Payload> {
	if (bytes[0] === dense.DENSE_MARK) return parsePayload(unpackLogs(await dense.decode(bytes)));
	// Codes made before the dense form (format 2 and before): deflated canonical JSON.
	const inflated = await inflate(bytes);
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
	} catch (e) {
		throw new TransferError('transfer-damaged', { detail: 'not text' }, { cause: e });
	}
	return parsePayload(parseJson(text));
}

/** `payload` as the text of a `.muggins.json` file (readable JSON). */
export function toFileText(payload: Payload): string {
	return `${JSON.stringify(payload, null, 1)}\n`;
}

/**
 * The payload of a file that was opened or dropped.
 * @throws TransferError `transfer-too-big`, `transfer-foreign`, `transfer-damaged`,
 * `transfer-newer`
 */
export async function fromFile(file: Blob): Promise<Payload> {
	if (file.size > MAX_FILE_BYTES) throw new TransferError('transfer-too-big');
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
	} catch (e) {
		throw new TransferError('transfer-foreign', {}, { cause: e });
	}
	if (!text.trimStart().startsWith('{')) throw new TransferError('transfer-foreign');
	return parsePayload(parseJson(text));
}
