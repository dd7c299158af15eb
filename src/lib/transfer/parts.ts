/**
 * Splitting a payload's bytes into QR-sized parts, and putting them back in any order.
 *
 * A part is `MGL1:SET:I:N:DATA`: our mark, the set (the first 8 hex digits of the SHA-256 of
 * the whole, in capitals), the part's number and the count, and a slice of the base45 text.
 * Every character is in the QR alphanumeric set, so a part stays in the compact mode. The set
 * tells one card's parts from another's, and checks the whole once assembled.
 */
import { sha256Hex } from '$lib/rules/sha256';
import * as base45 from './base45';
import { TransferError } from './errors';

/** The mark every part starts with (version 1 of the part layout). */
export const PART_MARK = 'MGL1';

/**
 * The most base45 characters a part carries: with its header under 1000 characters, a code of
 * QR version 20 or less at error correction M, which a phone reads from a screen at arm's length.
 */
export const PART_DATA = 900;

/** The most parts a set may have (a card is at most a few parts; more is not ours). */
export const MAX_PARTS = 99;

/** One part read from a code. */
export interface Part {
	set: string;
	index: number;
	total: number;
	data: string;
}

async function setOf(bytes: Uint8Array): Promise<string> {
	const hex = sha256Hex(base45.encode(bytes));
	return hex.slice(0, 8).toUpperCase();
}

/** `bytes` as the texts of numbered parts, each under about 1000 characters. */
export async function split(bytes: Uint8Array): Promise<string[]> {
	const text = base45.encode(bytes);
	const set = await setOf(bytes);
	const total = Math.max(1, Math.ceil(text.length / PART_DATA));
	if (total > MAX_PARTS) throw new TransferError('transfer-too-big');
	return Array.from(
		{ length: total },
		(_, i) =>
			`${PART_MARK}:${set}:${i + 1}:${total}:${text.slice(i * PART_DATA, (i + 1) * PART_DATA)}`
	);
}

const PART = /^MGL1:([0-9A-F]{8}):([1-9][0-9]?):([1-9][0-9]?):([0-9A-Z $%*+\-./:]*)$/;

/**
 * A part's text read.
 * @throws TransferError `transfer-foreign` for a code that is not a part of ours,
 * `transfer-damaged` for one that is but cannot be read
 */
export function parsePart(text: string): Part {
	if (typeof text !== 'string' || !text.startsWith(`${PART_MARK}:`)) {
		throw new TransferError('transfer-foreign');
	}
	const m = PART.exec(text);
	if (!m) throw new TransferError('transfer-damaged');
	const [, set = '', index, total, data = ''] = m;
	const part = { set, index: Number(index), total: Number(total), data };
	if (part.index > part.total || part.data.length === 0 || part.data.length > PART_DATA) {
		throw new TransferError('transfer-damaged');
	}
	return part;
}

/** What adding a part did. */
export interface Progress {
	/** `new`: a part not read before; `again`: one already read (a code scanned twice). */
	added: 'new' | 'again';
	read: number;
	total: number;
}

/**
 * Collects the parts of one set as they are scanned or opened, in any order. A part of
 * another set, once one is begun, is refused (`transfer-other-set`) and changes nothing; so
 * is a damaged one. `reset` starts over.
 *
 * A misread part is never kept against a good one (issue 13): a part read again with other
 * data replaces the one held (the latest reading wins), and once the whole set has proved
 * damaged, a part of another set starts a new one instead of being refused (the damage may
 * have been in the first part's set). So a complete, valid set is read whatever came before.
 */
export class Assembler {
	#set: string | null = null;
	#total = 0;
	#parts = new Map<number, string>();
	/** The set as read so far made up a damaged whole. */
	#damaged = false;

	/** Parts read so far. */
	get read(): number {
		return this.#parts.size;
	}

	/** Parts in the set being read; 0 before the first. */
	get total(): number {
		return this.#total;
	}

	/** Every part is in. */
	get complete(): boolean {
		return this.#total > 0 && this.#parts.size === this.#total;
	}

	/** The numbers of the parts still missing, from 1. */
	get missing(): number[] {
		return Array.from({ length: this.#total }, (_, i) => i + 1).filter((i) => !this.#parts.has(i));
	}

	/**
	 * Adds the part in `text`.
	 * @throws TransferError `transfer-foreign`, `transfer-damaged`, `transfer-other-set`
	 */
	add(text: string): Progress {
		const part = parsePart(text);
		if (this.#set !== null && (part.set !== this.#set || part.total !== this.#total)) {
			if (!this.#damaged) {
				throw new TransferError('transfer-other-set', { read: this.read, total: this.#total });
			}
			this.reset();
		}
		this.#set = part.set;
		this.#total = part.total;
		const held = this.#parts.get(part.index);
		this.#parts.set(part.index, part.data);
		if (held !== part.data) this.#damaged = false;
		return { added: held === part.data ? 'again' : 'new', read: this.read, total: this.#total };
	}

	/**
	 * The whole set's bytes, checked against the set's hash.
	 * @throws TransferError `transfer-incomplete` while parts are missing, `transfer-damaged`
	 * when the parts do not make up what was split
	 */
	async bytes(): Promise<Uint8Array> {
		if (!this.complete) {
			throw new TransferError('transfer-incomplete', { read: this.read, total: this.#total });
		}
		const text = Array.from({ length: this.#total }, (_, i) => this.#parts.get(i + 1)).join('');
		let bytes: Uint8Array;
		try {
			bytes = base45.decode(text);
		} catch (e) {
			this.#damaged = true;
			throw e;
		}
		if ((await setOf(bytes)) !== this.#set) {
			this.#damaged = true;
			throw new TransferError('transfer-damaged');
		}
		return bytes;
	}

	/** Forgets every part read. */
	reset(): void {
		this.#set = null;
		this.#total = 0;
		this.#parts.clear();
		this.#damaged = false;
	}
}
