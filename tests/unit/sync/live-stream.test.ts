/**
 * The instructor's stream of a league (issue 40), against a fake server whose streams the test
 * writes to: what it hears goes to memory, cards arriving wake a round, a dropped stream
 * resumes with `Last-Event-ID`, and a stream that cannot be held leaves the device asking.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord, GameRecord } from '$lib/card/records';
import { useFetch } from '$lib/sync/api';
import { heard } from '$lib/sync/game-states';
import { forgetHeard, liveGames, liveLinks } from '$lib/sync/live-heard';
import { askLive, forgetAsked } from '$lib/sync/live-ask';
import { LiveStream, type StreamTimes } from '$lib/sync/live-stream';
import type { ServerLink } from '$lib/sync/links';

const LEAGUE = '5b0c6a51-3f7e-4c1e-9a70-0d6f7d1e2a11';
const GAME = '8e2f1c0a-64b5-4f3e-a1d2-9c8b7a6f5e41';
const ANA = 'a1a1a1a1-0000-4000-8000-000000000001';
const BEN = 'b2b2b2b2-0000-4000-8000-000000000002';

const link: ServerLink = {
	leagueId: LEAGUE,
	address: 'https://scores.example.school',
	role: 'instructor',
	token: 'instructor-token',
	joinCode: null,
	joinCodeExpiresAt: null,
	pulled: 0,
	pushedDigest: null,
	revoked: false
};

const TIMES: StreamTimes = { backoff: () => 5, retryStream: 60_000, silence: 5_000 };

const game: GameRecord = {
	id: GAME,
	rulesetId: 'classroom',
	options: {},
	seats: [ANA, BEN],
	sides: null,
	status: 'in-progress',
	createdAt: '2026-02-03T09:00:00.000Z',
	updatedAt: '2026-02-03T09:00:00.000Z',
	finishedAt: null,
	leagueId: LEAGUE,
	sessionId: '0c0c0c0c-0000-4000-8000-00000000000c',
	deviceId: 'phone',
	voidedAt: null,
	voidReason: null,
	signedAt: null,
	fingerprint: null,
	result: null
};

function entry(seq: number): EventRecord {
	return {
		gameId: GAME,
		seq,
		event: { id: `e${seq}`, type: 'score', player: seq % 2 ? ANA : BEN, count: 5 },
		at: '2026-02-03T09:01:00.000Z',
		deviceId: 'phone',
		redoOf: null
	};
}

/** One stream the fake server opened: the test writes to it, or ends it. */
interface Opened {
	headers: Headers;
	write: (text: string) => void;
	end: () => void;
}

let opened: Opened[];
/** What the next requests for the stream are answered: a status, or a stream (200). */
let answers: number[];
let asks: string[];
/** The fake server's answer to an ask from `after`. */
let askAnswer: (after: number) => unknown;

async function until(check: () => boolean, ms = 2000): Promise<void> {
	const start = Date.now();
	while (!check()) {
		if (Date.now() - start > ms) throw new Error('waited too long');
		await new Promise((r) => setTimeout(r, 5));
	}
}

let streams: LiveStream[] = [];
function startStream(wake: () => void = () => {}, times: StreamTimes = TIMES): LiveStream {
	const stream = new LiveStream(link, { wake }, times);
	streams.push(stream);
	stream.start();
	return stream;
}

beforeEach(() => {
	forgetHeard();
	forgetAsked();
	heard.clear();
	opened = [];
	answers = [];
	asks = [];
	askAnswer = () => ({ games: [], last: 0 });
	useFetch(async (input, init) => {
		const url = new URL(String(input));
		if (url.pathname.endsWith('/live')) {
			asks.push(url.search);
			return new Response(JSON.stringify(askAnswer(Number(url.searchParams.get('after')))), {
				status: 200
			});
		}
		const status = answers.shift() ?? 200;
		if (status !== 200) {
			return new Response(JSON.stringify({ error: 'server-not-found' }), { status });
		}
		const encoder = new TextEncoder();
		let controller!: ReadableStreamDefaultController<Uint8Array>;
		const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
		init?.signal?.addEventListener('abort', () => {
			try {
				controller.error(new DOMException('aborted', 'AbortError'));
			} catch {
				// already closed
			}
		});
		opened.push({
			headers: new Headers(init?.headers),
			write: (text) => controller.enqueue(encoder.encode(text)),
			end: () => controller.close()
		});
		return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
	});
});

afterEach(() => {
	for (const s of streams) s.stop();
	streams = [];
});

describe('LiveStream', () => {
	it('hears live entries once each, in order, and the phones’ states; sends the token', async () => {
		startStream();
		await until(() => opened.length === 1);
		const [first] = opened as [Opened];
		expect(first.headers.get('authorization')).toBe('Bearer instructor-token');
		expect(first.headers.get('last-event-id')).toBeNull();
		first.write(
			`id: 1\nevent: live\ndata: ${JSON.stringify({ game, events: [entry(1), entry(2)] })}\n\n`
		);
		first.write(
			`id: 2\nevent: live\ndata: ${JSON.stringify({ game, events: [entry(2), entry(3)] })}\n\n`
		);
		first.write(
			`id: 3\nevent: state\ndata: ${JSON.stringify({ gameId: GAME, state: 'playing', heardAt: '2026-02-03T09:01:00.000Z' })}\n\n`
		);
		await until(() => heard.has(GAME));
		expect(liveGames.get(GAME)?.events.map((e) => e.seq)).toEqual([1, 2, 3]);
		expect(heard.get(GAME)?.state).toBe('playing');
		expect(liveLinks.get(LEAGUE)?.mode).toBe('live');
	});

	it('leaves out what is not a game as the app writes them', async () => {
		startStream();
		await until(() => opened.length === 1);
		const bad = { game: { ...game, seats: 'nobody' }, events: [entry(1)] };
		opened[0]!.write(
			`event: live\ndata: ${JSON.stringify(bad)}\n\nevent: live\ndata: {oops\n\n: ping\n\n`
		);
		await until(() => liveLinks.get(LEAGUE)?.lastHeardAt !== null);
		await new Promise((r) => setTimeout(r, 20));
		expect(liveGames.size).toBe(0);
	});

	it('wakes a sync round when cards arrive or the league changes', async () => {
		let woken = 0;
		startStream(() => woken++);
		await until(() => opened.length === 1);
		opened[0]!.write('event: cards\ndata: {"last":4}\n\nevent: league\ndata: {"seq":2}\n\n');
		await until(() => woken === 2);
	});

	it('opens the stream again from the last id it heard when it drops', async () => {
		startStream();
		await until(() => opened.length === 1);
		opened[0]!.write(
			`id: c-41\nevent: live\ndata: ${JSON.stringify({ game, events: [entry(1)] })}\n\n`
		);
		await until(() => liveGames.has(GAME));
		opened[0]!.end();
		await until(() => opened.length === 2);
		expect(opened[1]!.headers.get('last-event-id')).toBe('c-41');
		opened[1]!.write(
			`id: c-42\nevent: live\ndata: ${JSON.stringify({ game, events: [entry(2)] })}\n\n`
		);
		await until(() => liveGames.get(GAME)?.events.length === 2);
		expect(liveLinks.get(LEAGUE)?.mode).toBe('live');
	});

	it('asks instead once the stream fails twice in a row', async () => {
		answers = [502, 502];
		startStream();
		await until(() => liveLinks.get(LEAGUE)?.mode === 'asking');
		expect(opened).toHaveLength(0);
	});

	it('asks instead when a stream answers but passes nothing on, not even a ping, twice', async () => {
		startStream(() => {}, { ...TIMES, silence: 30 });
		await until(() => liveLinks.get(LEAGUE)?.mode === 'asking');
		expect(opened).toHaveLength(2);
	});

	it('asks instead at once when the server has no streams (404)', async () => {
		answers = [404];
		startStream();
		await until(() => liveLinks.get(LEAGUE)?.mode === 'asking');
	});

	it('tries again after one failure, and is live when the stream holds', async () => {
		answers = [502];
		startStream();
		await until(() => opened.length === 1);
		opened[0]!.write(': ping\n\n');
		await until(() => liveLinks.get(LEAGUE)?.mode === 'live');
	});
});

describe('askLive', () => {
	it('asks from where it stopped and hears each game', async () => {
		askAnswer = (after) =>
			after < 7
				? { games: [{ game, events: [entry(1), entry(2)] }], last: 7 }
				: { games: [], last: 7 };
		expect(await askLive(link)).toBe(1);
		expect(await askLive(link)).toBe(0);
		expect(asks[0]).toContain('after=0');
		expect(asks.at(-1)).toContain('after=7');
		expect(liveGames.get(GAME)?.events.map((e) => e.seq)).toEqual([1, 2]);
	});
});
