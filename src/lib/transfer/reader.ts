/**
 * Reading the codes of one message as a camera or a typed text hands them over: numbered
 * `MGL1` parts (`parts.ts`, and the older cards that still show several codes) or the frames
 * of a moving code (`frames.ts`, loaded on the first frame read). Either way the whole
 * message's bytes come out once, for `payload.ts` to check as any other.
 */
import { Assembler } from './parts';
import { TransferError } from './errors';
import type { FrameReader } from './frames';

/** How far the message being read is. */
export type ReadProgress = { read: number; total: number } | { percent: number };

/** What reading one code did. */
export interface ReadStep {
	/** `new`: a code not read before; `again`: one already read; `done`: one of the message read last. */
	added: 'new' | 'again' | 'done';
	/** Null when nothing is being read (a frame of the message read last). */
	progress: ReadProgress | null;
	/** The whole message once its last code is in (the reader has then started over). */
	bytes: Uint8Array | null;
}

/** The words of a step's progress: "2 of 3 read", or "62% read" for a moving code. */
export function progressWords(progress: ReadProgress): string {
	return 'percent' in progress
		? `${progress.percent}% read`
		: `${progress.read} of ${progress.total} read`;
}

/**
 * Takes the codes of one message at a time, in any order. A code of another message, once one
 * is begun, is refused and changes nothing (`transfer-other-set`, `transfer-other-frames`);
 * so is a damaged or foreign one. `reset` starts over.
 */
export class CodeReader {
	#parts = new Assembler();
	#frames: FrameReader | null = null;

	/**
	 * Adds the code in `text`.
	 * @throws TransferError as `Assembler.add`, `Assembler.bytes` and `FrameReader.add`
	 */
	async add(text: string): Promise<ReadStep> {
		const t = text.trim();
		if (/^ur:/i.test(t)) {
			if (this.#parts.total > 0) {
				throw new TransferError('transfer-other-set', {
					read: this.#parts.read,
					total: this.#parts.total
				});
			}
			const { FrameReader } = await import('./frames');
			// After the await: two frames read while the module loaded share one reader.
			const frames = (this.#frames ??= new FrameReader());
			const step = frames.add(t);
			if (step.added === 'done') return { added: 'done', progress: null, bytes: null };
			const progress = { percent: step.percent };
			if (!frames.complete) return { added: step.added, progress, bytes: null };
			return { added: step.added, progress, bytes: frames.take() };
		}
		if (this.#frames?.begun) {
			throw new TransferError('transfer-other-frames', { percent: this.#frames.percent });
		}
		const step = this.#parts.add(t);
		const progress = { read: step.read, total: step.total };
		if (!this.#parts.complete) return { added: step.added, progress, bytes: null };
		const bytes = await this.#parts.bytes();
		this.#parts.reset();
		return { added: step.added, progress, bytes };
	}

	/** Forgets every code read. */
	reset(): void {
		this.#parts.reset();
		this.#frames?.reset();
	}
}
