/**
 * Reading a request's body, bounded: one body at most BODY_LIMIT bytes (judged by its
 * Content-Length before a byte is read, and counted as it arrives), and the bodies being read at
 * once bounded in total, so that a flood of large bodies cannot take the memory and the time that
 * the class's small pushes need. Every body reads its first SMALL_BODY bytes freely (a card is a
 * few kilobytes); past that, its bytes come out of one budget shared by the process, and a body
 * the budget cannot hold is refused (503 `server-busy`, try again in a moment) rather than queued.
 * Routes that need a token judge it before they call this (auth.ts), so an unknown caller's body
 * is never read at all.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { ApiError, parseRequestJson } from './errors';

/** The largest body the API reads, in bytes (a card with drawings is tens of kilobytes). */
export const BODY_LIMIT = 2_000_000;

/** What any body may read without the shared budget. */
export const SMALL_BODY = 64 * 1024;

/** The bytes beyond SMALL_BODY that all the bodies being read at once may hold, by default. */
export const LARGE_BODIES_BUDGET = 8_000_000;

/** Bytes shared by the bodies being read at once. */
export class BodyBudget {
	#free: number;
	constructor(readonly total: number) {
		this.#free = total;
	}
	/** Takes `bytes` when that many are free; false, and nothing taken, otherwise. */
	take(bytes: number): boolean {
		if (bytes > this.#free) return false;
		this.#free -= bytes;
		return true;
	}
	give(bytes: number): void {
		this.#free = Math.min(this.total, this.#free + bytes);
	}
	get free(): number {
		return this.#free;
	}
}

const tooBig = () => new ApiError(413, 'server-too-big');
const busy = () => new ApiError(503, 'server-busy', {}, {}, 2);

/**
 * The declared length of `c`'s body, when it has one; 413 over the limit, before anything is
 * read (Node holds a body to its Content-Length).
 */
export function declaredLength(c: Context): number | null {
	const header = c.req.header('content-length');
	if (header === undefined) return null;
	const length = /^\d+$/.test(header.trim()) ? Number(header.trim()) : NaN;
	if (!Number.isSafeInteger(length)) throw new ApiError(400, 'server-malformed');
	if (length > BODY_LIMIT) throw tooBig();
	return length;
}

/** Reads a body's chunks; `cancel` stops reading and lets the connection go. */
interface BodyReader {
	read(): Promise<IteratorResult<Uint8Array, unknown>>;
	cancel(): Promise<unknown>;
}

/**
 * `c`'s body as it arrives: read from Node's request itself when Node serves it, since asking
 * for `c.req.raw.body` builds a web Request and a web stream around it, which took 5 % of the
 * server's CPU under the live bench (bench/live.ts); otherwise (a request made in process) the
 * web stream's reader. Either way a cancel destroys the request's stream.
 */
function bodyReader(c: Context): BodyReader | null {
	const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
	// Only Node's own request: a test's `incoming` may carry just an address.
	if (incoming instanceof Readable) {
		const chunks = incoming[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
		return { read: () => chunks.next(), cancel: async () => chunks.return?.() };
	}
	return c.req.raw.body?.getReader() ?? null;
}

/** `c`'s body as text (UTF-8, a leading byte order mark dropped), read within `budget`. */
export async function readText(c: Context, budget: BodyBudget): Promise<string> {
	const declared = declaredLength(c);
	let held = 0;
	// A large body declared up front is refused before its first byte when it cannot fit.
	if (declared !== null && declared > SMALL_BODY) {
		if (!budget.take(declared - SMALL_BODY)) throw busy();
		held = declared - SMALL_BODY;
	}
	try {
		const reader = bodyReader(c);
		if (!reader) return '';
		const chunks: Uint8Array[] = [];
		let size = 0;
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			size += value.byteLength;
			if (size > BODY_LIMIT || (declared !== null && size > declared)) {
				await reader.cancel().catch(() => {});
				throw tooBig();
			}
			const needed = Math.max(0, size - SMALL_BODY) - held;
			if (needed > 0) {
				if (!budget.take(needed)) {
					await reader.cancel().catch(() => {});
					throw busy();
				}
				held += needed;
			}
			chunks.push(value);
		}
		return new TextDecoder().decode(Buffer.concat(chunks, size));
	} finally {
		budget.give(held);
	}
}

/** `c`'s body as JSON, read within `budget`; 400 when it is not JSON. */
export async function readJson(c: Context, budget: BodyBudget): Promise<unknown> {
	return parseRequestJson(await readText(c, budget));
}
