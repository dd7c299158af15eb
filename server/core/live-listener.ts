/**
 * One open stream (`GET /api/leagues/:id/stream`): the caller's role and phone, and where the
 * hub writes the messages' bytes (its sink). It ends once, from either side: the client went,
 * the server stops, or the client reads too slowly to keep up.
 */
import type { ServerResponse } from 'node:http';
import type { Role } from './caller';

/** Where a stream's bytes go: Node's answer itself, or a web stream (in-process requests). */
export interface Sink {
	write(bytes: Uint8Array): void;
	/** Whether the client has left so much unread that the stream should end. */
	behind(): boolean;
	/** Sends what was written, then the end. */
	close(): void;
}

/**
 * Messages a web stream may hold unread before it is ended: a client that reads nothing for
 * that long resumes from its cursor instead of making the server keep its backlog.
 */
const MAX_QUEUED = 256;

/** Bytes Node's answer may hold unsent before the stream is ended, for the same reason. */
const MAX_UNSENT_BYTES = 1_000_000;

/** A web stream's controller as a sink (an answer made in process, as the tests make them). */
export function webSink(controller: ReadableStreamDefaultController<Uint8Array>): Sink {
	return {
		write: (bytes) => controller.enqueue(bytes),
		behind: () => (controller.desiredSize ?? 0) < -MAX_QUEUED,
		close: () => controller.close()
	};
}

/**
 * Node's answer as a sink, written to directly: a web stream in between costs about 5 KB more
 * memory a stream (15.1 KB against 10.0 KB measured with 10,000 open), 50 MB at 10,000 streams,
 * and the server's budget for them is 300 MB (bench/live.ts). The answer's head, with
 * `headers`, goes before its first bytes, whichever comes first: `head()` or a message the hub
 * sends as the stream joins.
 */
export function nodeSink(
	res: ServerResponse,
	headers: Record<string, string>
): Sink & { head(): void } {
	const head = () => {
		if (!res.headersSent) res.writeHead(200, headers);
	};
	return {
		head,
		write: (bytes) => {
			head();
			res.write(bytes);
		},
		behind: () => res.writableLength > MAX_UNSENT_BYTES,
		close: () => {
			head();
			res.end();
		}
	};
}

export class Listener {
	#open = true;
	#sink: Sink | null = null;

	constructor(
		readonly role: Role,
		readonly deviceId: string | null,
		/** Called once when the stream ends, whichever side ends it. */
		private readonly ended: (listener: Listener) => void
	) {}

	/** Binds where the stream's bytes go. */
	attach(sink: Sink): void {
		this.#sink = sink;
	}

	get open(): boolean {
		return this.#open;
	}

	/** Sends `bytes` to the client; ends a stream too far behind. */
	send(bytes: Uint8Array): void {
		const sink = this.#sink;
		if (!this.#open || !sink) return;
		if (sink.behind()) {
			this.end();
			return;
		}
		sink.write(bytes);
	}

	/** Ends the stream from the server's side: what was written is still sent, then the end. */
	end(): void {
		if (!this.#open) return;
		this.#open = false;
		try {
			this.#sink?.close();
		} catch {
			// Already closed or errored by the client's side.
		}
		this.ended(this);
	}

	/** The client went: nothing more is sent. */
	gone(): void {
		if (!this.#open) return;
		this.#open = false;
		this.ended(this);
	}
}
