/**
 * One open stream (`GET /api/leagues/:id/stream`): the caller's role and phone, and the stream's
 * controller the hub writes the messages' bytes into. It ends once, from either side: the client
 * went (its body cancelled), the server stops, or the client reads too slowly to keep up.
 */
import type { Role } from './caller';

/**
 * Messages a stream may hold unread before it is ended: a client that reads nothing for that
 * long resumes from its cursor instead of making the server keep its backlog.
 */
const MAX_QUEUED = 256;

export class Listener {
	#open = true;
	#controller: ReadableStreamDefaultController<Uint8Array> | null = null;

	constructor(
		readonly role: Role,
		readonly deviceId: string | null,
		/** Called once when the stream ends, whichever side ends it. */
		private readonly ended: (listener: Listener) => void
	) {}

	/** Binds the stream's controller (its `start`). */
	attach(controller: ReadableStreamDefaultController<Uint8Array>): void {
		this.#controller = controller;
	}

	get open(): boolean {
		return this.#open;
	}

	/** Queues `bytes` for the client; ends a stream too far behind. */
	send(bytes: Uint8Array): void {
		const controller = this.#controller;
		if (!this.#open || !controller) return;
		if ((controller.desiredSize ?? 0) < -MAX_QUEUED) {
			this.end();
			return;
		}
		try {
			controller.enqueue(bytes);
		} catch {
			// The body was cancelled or errored before its cancel reached the hub.
			this.gone();
		}
	}

	/** Ends the stream from the server's side: what was queued is still sent, then the end. */
	end(): void {
		if (!this.#open) return;
		this.#open = false;
		try {
			this.#controller?.close();
		} catch {
			// Already closed or errored by the client's side.
		}
		this.ended(this);
	}

	/** The client went (the body was cancelled): nothing more is sent. */
	gone(): void {
		if (!this.#open) return;
		this.#open = false;
		this.ended(this);
	}
}
