/**
 * The server bench's paced generator (bench/paced.ts): it never sends a request before its due
 * time, measures latency from that due time (so waiting in the generator counts), keeps to its
 * socket count, counts errors and statuses, and stops at its time bound. Every assertion is a
 * bound that holds however loaded the machine is; no speed is asserted.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { paced, percentile, type PacedRequest } from '../../bench/paced';

const PORT = Number(process.env.SERVER_TEST_PORT ?? 8805) + 4;
const BASE = `http://127.0.0.1:${PORT}`;

let server: Server | null = null;

afterEach(async () => {
	const s = server;
	server = null;
	if (s) {
		s.closeAllConnections();
		await new Promise<void>((r) => s.close(() => r()));
	}
});

function serve(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<void> {
	server = createServer(handle);
	return new Promise((resolve) => server?.listen(PORT, '127.0.0.1', resolve));
}

function gets(n: number): PacedRequest[] {
	return Array.from({ length: n }, (_, i) => ({ method: 'GET', path: `/${i}` }));
}

describe('paced generator', () => {
	it('schedules request i at i / rate and never sends one early', async () => {
		const arrived = new Map<number, number>();
		await serve((req, res) => {
			arrived.set(Number(req.url?.slice(1)), performance.now());
			res.end('ok');
		});
		const out = await paced({ base: BASE, requests: gets(10), rate: 200, sockets: 4 });
		expect(out.dueMs).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45]);
		expect(out.statuses.get(200)).toBe(10);
		expect(out.errors).toBe(0);
		expect(out.unfinished).toBe(0);
		for (let i = 0; i < 10; i++) {
			expect(arrived.get(i)).toBeGreaterThanOrEqual(out.startedAt + (out.dueMs[i] ?? 0));
		}
	});

	it('measures latency from the due time, so waiting on the server counts', async () => {
		// A server that holds every answer until all five requests arrived: request 0 cannot be
		// answered before request 4 was due (40 ms after request 0), and that wait is its latency.
		const held: ServerResponse[] = [];
		await serve((_req, res) => {
			held.push(res);
			if (held.length === 5) for (const r of held.splice(0)) r.end('ok');
		});
		const out = await paced({ base: BASE, requests: gets(5), rate: 100, sockets: 5 });
		expect(out.statuses.get(200)).toBe(5);
		expect(out.latencyMs[0]).toBeGreaterThanOrEqual(40);
		expect(percentile(out.latencyMs, 100)).toBe(Math.max(...out.latencyMs));
	});

	it('counts a wait for a busy socket in the latency (no coordinated omission)', async () => {
		// One socket: request 4 (due 4 ms after request 0) goes only once request 3 is answered.
		const answered: number[] = [];
		await serve((req, res) => {
			setTimeout(() => {
				answered[Number(req.url?.slice(1))] = performance.now();
				res.end('ok');
			}, 10);
		});
		const out = await paced({ base: BASE, requests: gets(5), rate: 1000, sockets: 1 });
		expect(out.statuses.get(200)).toBe(5);
		const waited = (answered[3] ?? NaN) - (out.startedAt + (out.dueMs[4] ?? 0));
		expect(waited).toBeGreaterThan(0);
		expect(out.latencyMs[4]).toBeGreaterThanOrEqual(waited);
	});

	it("records the generator's own lateness: a request due while its process was busy", async () => {
		await serve((_req, res) => res.end('ok'));
		const running = paced({ base: BASE, requests: gets(5), rate: 100, sockets: 5 });
		// The generator's process is held for 60 ms right after request 0: requests 1 to 4 (due
		// at 10 to 40 ms) are sent late, request 4 at least 20 ms after its due time.
		const until = performance.now() + 60;
		while (performance.now() < until);
		const out = await running;
		expect(out.statuses.get(200)).toBe(5);
		expect(out.lateMs[0]).toBeGreaterThanOrEqual(0);
		expect(out.lateMs[4]).toBeGreaterThanOrEqual(20);
		for (let i = 0; i < 5; i++)
			expect(out.latencyMs[i]).toBeGreaterThanOrEqual(out.lateMs[i] ?? NaN);
	});

	it('keeps to its socket count', async () => {
		let inFlight = 0;
		let most = 0;
		await serve((_req, res) => {
			inFlight++;
			most = Math.max(most, inFlight);
			setTimeout(() => {
				inFlight--;
				res.end('ok');
			}, 5);
		});
		const out = await paced({ base: BASE, requests: gets(30), rate: 2000, sockets: 3 });
		expect(out.statuses.get(200)).toBe(30);
		expect(most).toBeLessThanOrEqual(3);
	});

	it('counts statuses and errors, and sends bodies with their length', async () => {
		const bodies: string[] = [];
		await serve((req, res) => {
			const i = Number(req.url?.slice(1));
			if (i === 2) {
				req.socket.destroy(); // a reset: no answer at all
				return;
			}
			let text = '';
			req.on('data', (chunk: Buffer) => (text += chunk.toString()));
			req.on('end', () => {
				bodies.push(`${req.headers['content-length']}:${text}`);
				res.statusCode = i === 1 ? 422 : 201;
				res.end();
			});
		});
		const requests = gets(4).map((r) => ({ ...r, method: 'POST', body: 'héllo' }));
		const out = await paced({ base: BASE, requests, rate: 500, sockets: 2 });
		expect(out.statuses.get(201)).toBe(2);
		expect(out.statuses.get(422)).toBe(1);
		expect(out.errors).toBe(1);
		expect(Number.isNaN(out.latencyMs[2])).toBe(true);
		expect(bodies).toContain('6:héllo');
	});

	it('sends a request again, once, when a kept-alive socket closes under it before any answer', async () => {
		// The server closes each socket as the second request on it arrives, unanswered (as an
		// idle keep-alive socket is closed just as a request goes); request 3 is refused on every
		// socket, so its second try, on a new socket, is an error, and request 4 then opens a new
		// socket of its own. One socket at a time.
		const tries = new Map<number, number>();
		await serve((req, res) => {
			const i = Number(req.url?.slice(1));
			tries.set(i, (tries.get(i) ?? 0) + 1);
			const socket = req.socket as typeof req.socket & { answered?: number };
			if (i === 3 || (socket.answered ?? 0) > 0) {
				req.socket.destroy();
				return;
			}
			socket.answered = 1;
			res.end('ok');
		});
		const out = await paced({ base: BASE, requests: gets(5), rate: 1000, sockets: 1 });
		expect(out.statuses.get(200)).toBe(4);
		expect(out.errors).toBe(1);
		expect(Number.isNaN(out.latencyMs[3])).toBe(true);
		expect([...tries]).toEqual([
			[0, 1],
			[1, 2],
			[2, 2],
			[3, 2],
			[4, 1]
		]);
		expect(out.resent).toBe(3);
		// The latency of a request sent again still runs from its first due time: request 2 was
		// answered only after request 1's two tries.
		expect(out.latencyMs[2]).toBeGreaterThanOrEqual(0);
		expect(out.unfinished).toBe(0);
	});

	it('stops at its time bound and counts what was still open', async () => {
		await serve((req, res) => {
			if (req.url !== '/1') res.end('ok'); // request 1 is never answered
		});
		const out = await paced({
			base: BASE,
			requests: gets(3),
			rate: 1000,
			sockets: 3,
			boundSeconds: 0.3
		});
		expect(out.statuses.get(200)).toBe(2);
		expect(out.unfinished).toBe(1);
		expect(out.errors).toBe(0);
	});
	it('reads chunked answers and answers that close their connection, on the same sockets', async () => {
		// Its own HTTP reader must find where each answer ends, or the next one on the socket is lost.
		await serve((req, res) => {
			const i = Number(req.url?.slice(1));
			if (i % 3 === 0) {
				res.write('part one, ');
				res.end('part two'); // no length: chunked
			} else if (i % 3 === 1) {
				res.setHeader('connection', 'close');
				res.end('bye');
			} else {
				res.statusCode = 304;
				res.end();
			}
		});
		const out = await paced({ base: BASE, requests: gets(12), rate: 2000, sockets: 2 });
		expect(out.statuses.get(200)).toBe(8);
		expect(out.statuses.get(304)).toBe(4);
		expect(out.errors).toBe(0);
		expect(out.unfinished).toBe(0);
	});
});
