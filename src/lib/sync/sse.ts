/**
 * Reading a Server-Sent Events stream (the HTML standard's "event stream interpretation") from
 * text chunks as they arrive, for a stream read with `fetch`: EventSource cannot send the
 * `Authorization` header the school server needs. Pure: it takes text, gives messages.
 * A chunk may end anywhere, even between the CR and the LF of one line break.
 */

/** One message of the stream. */
export interface SseMessage {
	type: 'message';
	/** The `event:` field, `message` when there was none. */
	event: string;
	/** The `data:` lines joined by line breaks. */
	data: string;
	/** The last `id:` seen so far in the stream (what `Last-Event-ID` resumes from), or ''. */
	id: string;
}

/** A comment line (`: ping`): the server is there, with nothing to say. */
export interface SseComment {
	type: 'comment';
	text: string;
}

export type SseItem = SseMessage | SseComment;

/** The parser of one stream: feed it text in order, it gives what each chunk completed. */
export class SseParser {
	#buffer = '';
	/** The previous chunk ended with CR: an LF at the start of this one ends nothing. */
	#afterCr = false;
	#started = false;
	#event = '';
	#data: string[] = [];
	#lastId = '';

	/** The last event id the stream gave (kept across messages, as the standard says). */
	get lastId(): string {
		return this.#lastId;
	}

	/** The messages and comments that `chunk` completed, in order. */
	feed(chunk: string): SseItem[] {
		let text = chunk;
		if (this.#afterCr && text.startsWith('\n')) text = text.slice(1);
		this.#afterCr = text.endsWith('\r');
		if (!this.#started && text.length > 0) {
			this.#started = true;
			if (text.startsWith('\uFEFF')) text = text.slice(1);
		}
		this.#buffer += text;
		const lines = this.#buffer.split(/\r\n|\r|\n/);
		// The last piece has no line break after it yet: it waits for the next chunk.
		this.#buffer = lines.pop() ?? '';
		const out: SseItem[] = [];
		for (const line of lines) {
			const item = this.#line(line);
			if (item) out.push(item);
		}
		return out;
	}

	#line(line: string): SseItem | null {
		if (line === '') return this.#dispatch();
		if (line.startsWith(':')) return { type: 'comment', text: line.slice(1).trimStart() };
		const colon = line.indexOf(':');
		const field = colon === -1 ? line : line.slice(0, colon);
		let value = colon === -1 ? '' : line.slice(colon + 1);
		if (value.startsWith(' ')) value = value.slice(1);
		if (field === 'event') this.#event = value;
		else if (field === 'data') this.#data.push(value);
		else if (field === 'id' && !value.includes('\0')) this.#lastId = value;
		// `retry` and unknown fields: the client keeps its own backoff.
		return null;
	}

	#dispatch(): SseMessage | null {
		const event = this.#event || 'message';
		const data = this.#data;
		this.#event = '';
		this.#data = [];
		if (data.length === 0) return null;
		return { type: 'message', event, data: data.join('\n'), id: this.#lastId };
	}
}
