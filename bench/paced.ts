/**
 * An open-loop, paced load generator for the server bench: request i is due at
 * `start + i / rate` whatever happened to the ones before it, and its latency runs from that
 * due time to the end of its answer. So a request that waits (a late timer, a socket still busy,
 * a slow server) counts its wait against the server, never hidden by sending it later
 * (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: with 64 connections it gives each connection its own
 * timer, and on a loaded 2-core machine these fire in bursts; a burst queues in the generator,
 * where autocannon's latency does not see it start, and its rate tops out below the one asked
 * (397/s of 550/s offered). Here one timer walks the schedule, sends everything due at once, and
 * the latency includes every queue.
 *
 * A request written on a kept-alive socket that closes before a byte of its answer came is sent
 * once more on a new socket, as a browser does: the server may close an idle socket (Node's
 * `keepAliveTimeout`, 5 s) just as the request goes, and neither side is at fault. Its latency
 * still runs from its first due time; `resent` counts them. A fresh socket's failure, or a
 * second one, is an error.
 *
 * Bounded: a fixed list of requests, and `boundSeconds` after the first is due everything still
 * open is cut and counted as unfinished.
 *
 * Cheap, because it shares the server's 2 cores: every request is written out as HTTP/1.1 bytes
 * before the clock starts and sent with one socket write on a keep-alive connection, and the
 * answer is read only as far as its status and length. node:http's client cost 0.6-0.7 ms of
 * CPU a push here (a request object, header checks, its parser and streams), about half what
 * the server spends storing the card: CPU the server could not have.
 */
import { connect, type Socket } from 'node:net';

export interface PacedRequest {
	method: string;
	path: string;
	headers?: Record<string, string>;
	body?: string;
}

export interface PacedResult {
	/** `performance.now()` when request 0 was due. */
	startedAt: number;
	/** Per request, in order: ms after `startedAt` when it was due. */
	dueMs: number[];
	/** Per request answered: ms from its due time to the end of its answer (NaN when none). */
	latencyMs: number[];
	/**
	 * Per request: ms from its due time to when the generator got to it (sent or queued for a
	 * socket). Large values are the generator's own lateness (its timer or its process held
	 * up), not the server's, though the latency counts them all the same.
	 */
	lateMs: number[];
	/** Answers by HTTP status. */
	statuses: Map<number, number>;
	/** Requests that failed on the wire (reset, refused, an answer that is not HTTP). */
	errors: number;
	/** Requests sent again after a kept-alive socket closed under them, before any answer. */
	resent: number;
	/** Requests still open when the time bound cut them. */
	unfinished: number;
	/** From the first due time to the last answer, in seconds. */
	seconds: number;
}

export interface PacedOptions {
	/** `http://host:port` */
	base: string;
	requests: readonly PacedRequest[];
	/** Requests per second offered. */
	rate: number;
	/** Keep-alive sockets at most; requests due while all are busy wait for one (and that counts). */
	sockets: number;
	boundSeconds?: number;
}

/** `r` as the bytes of an HTTP/1.1 request to `host`, its body's length counted in bytes. */
export function wireRequest(r: PacedRequest, host: string): Buffer {
	const body = Buffer.from(r.body ?? '');
	const lines = [`${r.method} ${r.path} HTTP/1.1`, `host: ${host}`];
	for (const [name, value] of Object.entries(r.headers ?? {})) lines.push(`${name}: ${value}`);
	if (r.body !== undefined) lines.push(`content-length: ${body.length}`);
	return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

const HEAD_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

/**
 * Reads HTTP/1.1 answers off one connection, one at a time: the status, then as much body as
 * its length (or its chunks) says, so the next answer starts where this one ends. `done` gets
 * the status and whether the server will close the connection; `fail` anything not HTTP.
 */
class AnswerReader {
	private buffered: Buffer = Buffer.alloc(0);
	private status = 0;
	private close = false;
	/** Body bytes still to skip; -1 while reading the head; -2 while reading chunks. */
	private left = -1;
	/** Expect no body (an answer to HEAD). */
	headOnly = false;

	constructor(
		private readonly done: (status: number, close: boolean) => void,
		private readonly fail: () => void
	) {}

	feed(chunk: Buffer): void {
		this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
		for (;;) {
			if (this.left === -1) {
				const end = this.buffered.indexOf(HEAD_END);
				if (end < 0) return;
				const head = this.buffered.toString('latin1', 0, end).toLowerCase();
				this.buffered = this.buffered.subarray(end + 4);
				const status = /^http\/1\.[01] (\d{3})/.exec(head);
				if (!status) return this.fail();
				this.status = Number(status[1]);
				this.close = /\r\nconnection: *close/.test(head);
				const length = /\r\ncontent-length: *(\d+)/.exec(head);
				const bodiless =
					this.headOnly || this.status === 204 || this.status === 304 || this.status < 200;
				if (bodiless) this.left = 0;
				else if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) this.left = -2;
				else if (length) this.left = Number(length[1]);
				else return this.fail(); // read-until-close: never sent by the servers measured
			}
			if (this.left === -2) {
				// A chunk: its size in hex, CRLF, its bytes, CRLF; size 0 ends the body (no trailers).
				const line = this.buffered.indexOf(LINE_END);
				if (line < 0) return;
				const size = Number.parseInt(this.buffered.toString('latin1', 0, line), 16);
				if (Number.isNaN(size)) return this.fail();
				const whole = line + 2 + size + 2;
				if (this.buffered.length < whole) return;
				this.buffered = this.buffered.subarray(whole);
				if (size > 0) continue;
				this.left = 0;
			}
			if (this.buffered.length < this.left) {
				this.left -= this.buffered.length;
				this.buffered = Buffer.alloc(0);
				return;
			}
			this.buffered = this.buffered.subarray(this.left);
			this.left = -1;
			this.done(this.status, this.close);
		}
	}
}

interface Connection {
	socket: Socket;
	reader: AnswerReader;
	/** The request it is answering, or null when idle. */
	busy: number | null;
	/** It has answered a request: the next one goes on a kept-alive socket. */
	reused: boolean;
	/** A byte of the answer to `busy` has come. */
	heard: boolean;
}

/** Sends `requests` at `rate` per second over at most `sockets` keep-alive sockets. */
export function paced(opts: PacedOptions): Promise<PacedResult> {
	const { requests, rate } = opts;
	const url = new URL(opts.base);
	const port = Number(url.port || 80);
	const count = requests.length;
	// Built before the clock starts: sending a request is then one write.
	const wire = requests.map((r) => wireRequest(r, url.host));
	const dueMs = requests.map((_, i) => (i * 1000) / rate);
	const latencyMs: number[] = new Array<number>(count).fill(NaN);
	const lateMs: number[] = new Array<number>(count).fill(NaN);
	const statuses = new Map<number, number>();
	let errors = 0;
	const resent = new Set<number>();
	let settled = 0;
	let sent = 0;
	let lastEnd = 0;
	const connections = new Set<Connection>();
	const idle: Connection[] = [];
	/** Requests due while every socket was busy, oldest first. */
	const queued: number[] = [];
	let queueHead = 0;
	const startedAt = performance.now();

	return new Promise((resolve) => {
		let timer: ReturnType<typeof setTimeout> | null = null;
		let done = false;
		const finish = () => {
			if (done) return;
			done = true;
			if (timer) clearTimeout(timer);
			clearTimeout(bound);
			for (const c of connections) c.socket.destroy();
			connections.clear();
			resolve({
				startedAt,
				dueMs,
				latencyMs,
				lateMs,
				statuses,
				errors,
				resent: resent.size,
				unfinished: sent - settled,
				seconds: (Math.max(lastEnd, startedAt) - startedAt) / 1000
			});
		};
		const bound = setTimeout(finish, (opts.boundSeconds ?? 120) * 1000);
		const settle = (i: number, status: number | null) => {
			const end = performance.now();
			lastEnd = Math.max(lastEnd, end);
			if (status === null) errors++;
			else {
				latencyMs[i] = end - (startedAt + (dueMs[i] ?? 0));
				statuses.set(status, (statuses.get(status) ?? 0) + 1);
			}
			if (++settled === count) finish();
		};
		/** A free connection takes the oldest waiting request, or waits idle for one. */
		const free = (c: Connection) => {
			c.busy = null;
			if (queueHead < queued.length) write(c, queued[queueHead++] as number);
			else idle.push(c);
		};
		const drop = (c: Connection) => {
			if (!connections.delete(c)) return;
			const at = idle.indexOf(c);
			if (at >= 0) idle.splice(at, 1);
			c.socket.destroy();
			const i = c.busy;
			c.busy = null;
			if (done) return;
			// A socket lost makes room for a new one: the request it lost, sent again on a new
			// socket (see above), or else the next waiting request opens it.
			if (i !== null && c.reused && !c.heard && !resent.has(i)) {
				resent.add(i);
				return open(i);
			}
			if (i !== null) settle(i, null);
			if (!done && queueHead < queued.length) open(queued[queueHead++] as number);
		};
		const open = (i: number) => {
			const socket = connect({ host: url.hostname, port, noDelay: true });
			const c: Connection = {
				socket,
				busy: null,
				reused: false,
				heard: false,
				reader: new AnswerReader(
					(status, close) => {
						const answered = c.busy;
						if (answered === null) return drop(c);
						c.reused = true;
						if (close) {
							c.busy = null;
							drop(c);
						} else free(c);
						if (!done) settle(answered, status);
					},
					() => drop(c)
				)
			};
			connections.add(c);
			socket.on('data', (chunk: Buffer) => {
				c.heard = true;
				c.reader.feed(chunk);
			});
			socket.on('error', () => drop(c));
			socket.on('close', () => drop(c));
			write(c, i);
		};
		const write = (c: Connection, i: number) => {
			c.busy = i;
			c.heard = false;
			c.reader.headOnly = requests[i]?.method === 'HEAD';
			c.socket.write(wire[i] as Buffer);
		};
		const send = (i: number) => {
			const c = idle.pop();
			if (c) write(c, i);
			else if (connections.size < opts.sockets) open(i);
			else queued.push(i);
		};
		// One timer walks the schedule: everything due by now goes at once (a late timer makes
		// a burst, whose wait the latency counts), then it sleeps until the next due time.
		const tick = () => {
			timer = null;
			if (done) return;
			const now = performance.now() - startedAt;
			while (sent < count && (dueMs[sent] ?? 0) <= now) {
				lateMs[sent] = now - (dueMs[sent] ?? 0);
				send(sent++);
			}
			if (sent < count) {
				timer = setTimeout(tick, Math.max(0, (dueMs[sent] ?? 0) - (performance.now() - startedAt)));
			}
		};
		if (count === 0) finish();
		else tick();
	});
}

/** The `p`th percentile of the numbers in `values` (NaN left out). */
export function percentile(values: readonly number[], p: number): number {
	const sorted = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
