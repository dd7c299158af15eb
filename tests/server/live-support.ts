/**
 * A league with a game handed out and phones that seal what they send, for the live tests
 * (issue 40); live messages as the app makes them; and a reader of a league's event stream.
 */
import { randomUUID } from 'node:crypto';
import { livePayload } from '$lib/transfer/envelope';
import { sealed, type Signer } from '$lib/transfer/sealed';
import type { LivePayload } from '$lib/transfer/schema';
import { newSigner } from '../unit/class-loop/owner-keys';
import { TEMPLATE, handedOut, rosterBody } from './fixtures';
import type { Call } from './support';

/** A phone that joined with its key. */
export interface Phone {
	token: string;
	id: string;
	signer: Signer;
}

/**
 * League `leagueId` registered with its roster, session S1 handed out (one group, `gameId`), and
 * `phones` phones that joined with their keys; the first reported the game joined, so it is that
 * phone's.
 */
export async function liveClass(call: Call, leagueId: string, phones = 2) {
	const made = await call('POST', '/api/leagues', { json: { id: leagueId, name: 'Period 3' } });
	const instructor = made.body.instructorToken as string;
	await call('PUT', `/api/leagues/${leagueId}/roster`, { token: instructor, json: rosterBody() });
	const session = await handedOut(leagueId, 'S1');
	await call('PUT', `/api/leagues/${leagueId}/groups/S1`, { token: instructor, json: session });
	const joined: Phone[] = [];
	for (let i = 0; i < phones; i++) {
		const signer = await newSigner();
		const r = await call('POST', '/api/join', {
			json: {
				joinCode: made.body.joinCode as string,
				deviceName: `Group ${i + 1}`,
				deviceKey: signer.publicKey
			}
		});
		joined.push({ token: r.body.deviceToken as string, id: r.body.deviceId as string, signer });
	}
	// A UUID, as handedOut makes it (signedCard takes its game id so typed).
	const gameId = session.groups[0]!.gameId as ReturnType<typeof randomUUID>;
	await reportState(call, leagueId, joined[0]!.token, gameId, 'joined');
	return { instructor, phones: joined, gameId, joinCode: made.body.joinCode as string };
}

/** Phone `token` says where game `gameId` stands. */
export function reportState(
	call: Call,
	leagueId: string,
	token: string,
	gameId: string,
	state: 'joined' | 'playing' | 'finished'
) {
	return call('PUT', `/api/leagues/${leagueId}/games/${gameId}/state`, {
		token,
		json: { state }
	});
}

/** Game `gameId` of league `leagueId` as its phone holds it while it is played. */
export function liveGame(leagueId: string, gameId: string): LivePayload['game'] {
	return {
		...TEMPLATE.game,
		id: gameId,
		leagueId,
		sessionId: 'S1',
		status: 'in-progress',
		finishedAt: null,
		signedAt: null,
		fingerprint: null,
		result: null
	};
}

/** Entries `from` to `to` of game `gameId`: a score each, in the log's shape. */
export function entries(gameId: string, from: number, to: number): LivePayload['events'] {
	const seat = TEMPLATE.game.seats[0]!;
	return Array.from({ length: to - from + 1 }, (_, i) => ({
		gameId,
		seq: from + i,
		event: { id: `${gameId}-e${from + i}`, type: 'score' as const, player: seat, count: 5 },
		at: new Date(Date.UTC(2026, 1, 3, 9, 0, from + i)).toISOString(),
		deviceId: 'phone-1',
		redoOf: null
	}));
}

/** A live message of entries `from` to `to`, sealed by `signer` (unsealed when null). */
export async function liveMessage(
	leagueId: string,
	gameId: string,
	from: number,
	to: number,
	signer: Signer | null
): Promise<LivePayload> {
	const payload = livePayload(liveGame(leagueId, gameId), entries(gameId, from, to));
	return signer ? sealed(payload, signer) : payload;
}

/** One message of a stream. */
export interface StreamMessage {
	event: string;
	data: Record<string, unknown>;
	id: string;
}

/** Reads a `text/event-stream` body message by message; comment lines are counted apart. */
export function streamReader(body: ReadableStream<Uint8Array>) {
	const reader = body.getReader();
	const decoder = new TextDecoder();
	let buffer = '';
	let pings = 0;
	let ended = false;
	const queue: StreamMessage[] = [];

	function parse() {
		let cut;
		while ((cut = buffer.indexOf('\n\n')) >= 0) {
			const block = buffer.slice(0, cut);
			buffer = buffer.slice(cut + 2);
			if (block.startsWith(':')) {
				pings++;
				continue;
			}
			const field = (name: string) =>
				block
					.split('\n')
					.find((l) => l.startsWith(`${name}: `))
					?.slice(name.length + 2) ?? '';
			queue.push({
				event: field('event'),
				data: JSON.parse(field('data')) as Record<string, unknown>,
				id: field('id')
			});
		}
	}

	/**
	 * The read on its way: one a wait gave up on is taken up by the next, so the chunk it brings
	 * is not lost (a message after `drain` or `endsWithin` went missing before).
	 */
	let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
	const next = () => (pending ??= reader.read());

	/** The next `n` messages; fails after `ms` without them. */
	async function take(n: number, ms = 5000): Promise<StreamMessage[]> {
		const deadline = Date.now() + ms;
		while (queue.length < n) {
			if (ended) throw new Error(`the stream ended after ${queue.length} of ${n} messages`);
			const left = deadline - Date.now();
			if (left <= 0) throw new Error(`only ${queue.length} of ${n} messages came`);
			const read = await Promise.race([
				next(),
				new Promise<null>((r) => setTimeout(() => r(null), left))
			]);
			if (read === null) continue;
			pending = null;
			if (read.done) ended = true;
			else buffer += decoder.decode(read.value, { stream: true });
			parse();
		}
		return queue.splice(0, n);
	}

	/** Whatever arrives within `ms` (to show that nothing more came). */
	async function drain(ms = 300): Promise<StreamMessage[]> {
		const deadline = Date.now() + ms;
		while (!ended && Date.now() < deadline) {
			const read = await Promise.race([
				next(),
				new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))
			]);
			if (read === null) break;
			pending = null;
			if (read.done) ended = true;
			else buffer += decoder.decode(read.value, { stream: true });
			parse();
		}
		return queue.splice(0, queue.length);
	}

	return {
		take,
		drain,
		get pings() {
			return pings;
		},
		get ended() {
			return ended;
		},
		/** Whether the server ended the stream (read to its end within `ms`). */
		async endsWithin(ms = 2000): Promise<boolean> {
			await drain(ms);
			return ended;
		},
		close: () => reader.cancel().catch(() => {})
	};
}

export const randomGameId = () => randomUUID();
