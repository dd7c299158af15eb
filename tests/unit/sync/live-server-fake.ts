/**
 * A school server's live endpoint as the contract of issue 40 says it answers, in memory, for
 * the phone sender's tests: `POST /api/leagues/:id/live` takes a sealed live message, stores the
 * entries from the next one it expects (skipping those it holds), answers `{ next }`; a batch
 * that starts after `next` is refused 409 `server-live-gap` with `{ next }`; a game not this
 * phone's is 404 `server-live-not-yours`. `offline` makes every call fail as no network does.
 */
import type { EventRecord } from '$lib/card/records';
import { parsePayload } from '$lib/transfer/payload';
import { signerOf } from '$lib/transfer/sealed';

export interface FakeLive {
	fetch: typeof fetch;
	/** Entries held, by game id, in the order stored. */
	held: Map<string, EventRecord[]>;
	/** Every batch posted, as its first and last seq. */
	posts: { gameId: string; first: number; last: number }[];
	/** Games the server does not hold as this phone's. */
	notYours: Set<string>;
	/** Who signed each message. */
	signers: Set<string | null>;
	offline: boolean;
}

function json(status: number, body: unknown): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json' }
	});
}

export function fakeLiveServer(): FakeLive {
	const fake: FakeLive = {
		held: new Map(),
		posts: [],
		notYours: new Set(),
		signers: new Set(),
		offline: false,
		fetch: async (input, init) => {
			if (fake.offline) throw new TypeError('Failed to fetch');
			const url = new URL(String(input));
			if (init?.method !== 'POST' || !/^\/api\/leagues\/[^/]+\/live$/.test(url.pathname)) {
				return json(404, { error: 'server-not-found' });
			}
			const payload = parsePayload(JSON.parse(String(init.body)));
			if (payload.kind !== 'live') return json(400, { error: 'server-malformed' });
			fake.signers.add(await signerOf(payload));
			const gameId = payload.game.id;
			if (fake.notYours.has(gameId)) return json(404, { error: 'server-live-not-yours' });
			const held = fake.held.get(gameId) ?? [];
			const next = held.length + 1;
			const first = payload.events[0]?.seq ?? 0;
			fake.posts.push({ gameId, first, last: payload.events.at(-1)?.seq ?? 0 });
			if (first > next) return json(409, { error: 'server-live-gap', next });
			for (const e of payload.events) if (e.seq === held.length + 1) held.push(e);
			fake.held.set(gameId, held);
			return json(200, { next: held.length + 1 });
		}
	};
	return fake;
}
