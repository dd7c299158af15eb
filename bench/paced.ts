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
 * Bounded: a fixed list of requests, and `boundSeconds` after the first is due everything still
 * open is cut and counted as unfinished.
 */
import { Agent, request } from 'node:http';

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
	/** Answers by HTTP status. */
	statuses: Map<number, number>;
	/** Requests that failed on the wire (reset, refused). */
	errors: number;
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

/** Sends `requests` at `rate` per second over at most `sockets` keep-alive sockets. */
export function paced(opts: PacedOptions): Promise<PacedResult> {
	const { requests, rate } = opts;
	const url = new URL(opts.base);
	const agent = new Agent({ keepAlive: true, maxSockets: opts.sockets });
	const count = requests.length;
	const dueMs = requests.map((_, i) => (i * 1000) / rate);
	const latencyMs: number[] = new Array<number>(count).fill(NaN);
	const statuses = new Map<number, number>();
	let errors = 0;
	let settled = 0;
	let sent = 0;
	let lastEnd = 0;
	const open = new Set<ReturnType<typeof request>>();
	const startedAt = performance.now();

	return new Promise((resolve) => {
		let timer: ReturnType<typeof setTimeout> | null = null;
		let done = false;
		const finish = () => {
			if (done) return;
			done = true;
			if (timer) clearTimeout(timer);
			clearTimeout(bound);
			const unfinished = open.size;
			const cut = [...open];
			open.clear();
			for (const req of cut) req.destroy();
			agent.destroy();
			resolve({
				startedAt,
				dueMs,
				latencyMs,
				statuses,
				errors,
				unfinished,
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
		const send = (i: number) => {
			const r = requests[i] as PacedRequest;
			const headers: Record<string, string | number> = { ...r.headers };
			if (r.body !== undefined) headers['content-length'] = Buffer.byteLength(r.body);
			const req = request(
				{
					agent,
					host: url.hostname,
					port: url.port,
					method: r.method,
					path: r.path,
					headers
				},
				(res) => {
					res.resume();
					res.on('end', () => {
						if (open.delete(req)) settle(i, res.statusCode ?? 0);
					});
					res.on('error', () => {
						if (open.delete(req)) settle(i, null);
					});
				}
			);
			open.add(req);
			req.on('error', () => {
				if (!open.delete(req)) return; // cut by the bound, or already answered
				settle(i, null);
			});
			req.end(r.body);
		};
		// One timer walks the schedule: everything due by now goes at once (a late timer makes
		// a burst, whose wait the latency counts), then it sleeps until the next due time.
		const tick = () => {
			timer = null;
			if (done) return;
			const now = performance.now() - startedAt;
			while (sent < count && (dueMs[sent] ?? 0) <= now) send(sent++);
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
