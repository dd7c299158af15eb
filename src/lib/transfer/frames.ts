/**
 * An animated code: a message too long for one QR code shown as a loop of frames, each a part
 * of Blockchain Commons' Uniform Resources (UR, `@ngraveio/bc-ur`), the standard of animated
 * codes. The parts are fountain-coded: after the plain fragments come mixes of them, so a
 * reader takes frames in any order, skips the ones it missed and completes from whichever it
 * sees next. A frame is `UR:BYTES/7-5/…` in capitals: every character is in the QR
 * alphanumeric set, the compact mode.
 *
 * This module is loaded only when a message needs more than one code (`codes.ts`,
 * `reader.ts`), so the library ships with the code screens and no other.
 */
import './node-globals';
import { Buffer } from 'buffer';
import { UR, UREncoder, URDecoder } from '@ngraveio/bc-ur';
import { FountainEncoderPart } from '@ngraveio/bc-ur/dist/fountainEncoder';
import bytewordsModule from '@ngraveio/bc-ur/dist/bytewords';
import { TransferError } from './errors';

// A CommonJS module's default export: Vitest hands over `exports.default`, the app's bundle (a
// `type: module` package, so Node's rules) the whole `exports`, whose `default` it is.
const bytewords =
	'STYLES' in bytewordsModule
		? bytewordsModule
		: (bytewordsModule as unknown as { default: typeof bytewordsModule }).default;

/**
 * The most bytes of the message a frame carries: with the part's header and the two letters
 * a byte takes, about 560 characters, a QR code of version 15 that a camera reads at a glance.
 */
export const FRAME_BYTES = 250;

/** The most fragments a message may have, and its most bytes: far above any card or bundle. */
export const MAX_FRAGMENTS = 400;
export const MAX_MESSAGE = 96 * 1024;

/** The loop shown: the plain fragments, then as many mixes again (at least 8). */
function loopLength(fragments: number): number {
	return fragments + Math.max(fragments, 8);
}

/** The frames of an animated code carrying `bytes`, in the order to show them (a loop). */
export function toFrames(bytes: Uint8Array): string[] {
	if (bytes.length > MAX_MESSAGE) throw new TransferError('transfer-too-big');
	const encoder = new UREncoder(UR.fromBuffer(Buffer.from(bytes)), FRAME_BYTES, 0, 10);
	return Array.from({ length: loopLength(encoder.fragmentsLength) }, () =>
		encoder.nextPart().toUpperCase()
	);
}

/** Whether `text` looks like a UR part (the reader then hands it here). */
export function isFrame(text: string): boolean {
	return /^ur:/i.test(text);
}

/** What a frame says about its message: frames of one message agree on all three. */
interface Identity {
	fragments: number;
	length: number;
	checksum: number;
}

function same(a: Identity | null, b: Identity): boolean {
	return a?.fragments === b.fragments && a.length === b.length && a.checksum === b.checksum;
}

/** A frame read and checked; throws a coded error for anything not a frame of ours. */
function parseFrame(text: string): { seqNum: number; identity: Identity } {
	let type: string;
	let components: string[];
	try {
		[type, components] = URDecoder.parse(text);
	} catch {
		throw new TransferError('transfer-foreign');
	}
	// Ours are multi-part `bytes`: a single-part UR or another type is another app's.
	if (type !== 'bytes' || components.length !== 2) throw new TransferError('transfer-foreign');
	const [seq = '', body = ''] = components;
	let part: FountainEncoderPart;
	try {
		const [seqNum, seqLength] = URDecoder.parseSequenceComponent(seq);
		part = FountainEncoderPart.fromCBOR(bytewords.decode(body, bytewords.STYLES.MINIMAL));
		if (part.seqNum !== seqNum || part.seqLength !== seqLength) throw new Error('header');
	} catch {
		// A letter misread, a cut-off frame or a made-up one: its checksum or layout fails.
		throw new TransferError('transfer-damaged');
	}
	const identity = {
		fragments: part.seqLength,
		length: part.messageLength,
		checksum: part.checksum
	};
	if (identity.fragments > MAX_FRAGMENTS || identity.length > MAX_MESSAGE) {
		throw new TransferError('transfer-too-big');
	}
	if (identity.fragments > identity.length) throw new TransferError('transfer-damaged');
	return { seqNum: part.seqNum, identity };
}

/** What adding a frame did. */
export interface FrameProgress {
	/**
	 * `new`: a frame not read before; `again`: one already read (the loop came round); `done`:
	 * a frame of the message read last, still on screen after it was taken.
	 */
	added: 'new' | 'again' | 'done';
	/** How much of the message is in, 0 to 100 (100 only once complete). */
	percent: number;
}

/**
 * Reads the frames of one animated code, in any order, with repeats and gaps. A frame of
 * another message, once one is begun, is refused (`transfer-other-frames`) and changes
 * nothing; so is a damaged or foreign one. When the fragments make a message that fails its
 * checksum, everything read is dropped (`transfer-damaged`) and the next frame starts afresh.
 *
 * Once a message's bytes are taken, the reader is ready for the next message, and ignores the
 * frames of the one it took (`done`): the camera still sees them until that screen is put
 * away, and they are not a new message to read again.
 */
export class FrameReader {
	#decoder = new URDecoder();
	#identity: Identity | null = null;
	#seen = new Set<number>();
	/** The message taken last. */
	#done: Identity | null = null;

	/** Every fragment is in. */
	get complete(): boolean {
		return this.#decoder.isSuccess() === true;
	}

	/** A message's frames are being read. */
	get begun(): boolean {
		return this.#identity !== null;
	}

	/** How much of the message is in, 0 to 100. */
	get percent(): number {
		if (this.complete) return 100;
		return Math.min(99, Math.floor(this.#decoder.getProgress() * 100));
	}

	/**
	 * Adds the frame in `text`.
	 * @throws TransferError `transfer-foreign`, `transfer-damaged`, `transfer-too-big`,
	 * `transfer-other-frames`
	 */
	add(text: string): FrameProgress {
		const { seqNum, identity } = parseFrame(text.trim());
		if (same(this.#done, identity)) return { added: 'done', percent: 100 };
		const held = this.#identity;
		if (held && !same(held, identity)) {
			throw new TransferError('transfer-other-frames', { percent: this.percent });
		}
		if (this.#seen.has(seqNum) || this.complete) return { added: 'again', percent: this.percent };
		// The decoder refuses a fragment whose length disagrees with the first: a made-up frame.
		if (!this.#decoder.receivePart(text.trim())) throw new TransferError('transfer-damaged');
		if (this.#decoder.isError()) {
			this.reset();
			throw new TransferError('transfer-damaged');
		}
		this.#identity = identity;
		this.#seen.add(seqNum);
		return { added: 'new', percent: this.percent };
	}

	/**
	 * Takes the message's bytes: the reader starts over, its frames from now on `done`.
	 * @throws TransferError `transfer-incomplete` while fragments are missing
	 */
	take(): Uint8Array {
		if (!this.complete) throw new TransferError('transfer-incomplete', { percent: this.percent });
		const message: unknown = this.#decoder.resultUR().decodeCBOR();
		const done = this.#identity;
		this.reset();
		if (!(message instanceof Uint8Array)) throw new TransferError('transfer-damaged');
		this.#done = done;
		return new Uint8Array(message);
	}

	/** Forgets every frame read, and the message taken last. */
	reset(): void {
		this.#decoder = new URDecoder();
		this.#identity = null;
		this.#seen.clear();
		this.#done = null;
	}
}
