/**
 * Signed cards for the transfer tests, played and signed through the store as a phone does.
 * Import `fake-indexeddb/auto` first (see ../db/helpers.ts).
 */
import * as games from '$lib/db/games';
import * as outbox from '$lib/db/outbox';
import type { PlayerRecord, ReceivedCard } from '$lib/card/records';
import * as signatures from '$lib/db/signatures';
import { db } from '$lib/db/db';
import { at } from '../db/helpers';
import { encode as encodeStrokes, toDrawing } from '$lib/signatures/strokes';

/** A drawn signature, long enough to weigh like a real one. */
export function scribble(seed: number): { strokes: string } {
	const moves = Array.from(
		{ length: 40 },
		(_, i) => `${((i * 7 + seed) % 9) + 1} ${(i % 2 ? -1 : 1) * ((i * 3 + seed) % 5)}`
	);
	return { strokes: `320x120:M20 60l${moves.join(' ')}` };
}

/**
 * A class session of league `leagueId` whose one group is `players`, with its game's id fixed,
 * as handing it out does: the place where that game's card counts by itself (issue 37).
 */
export async function handedOutGroup(
	leagueId: string,
	players: readonly PlayerRecord[],
	minute = 0
): Promise<{ sessionId: string; gameId: string }> {
	const ids = players.map((p) => p.id);
	const place = { sessionId: crypto.randomUUID(), gameId: crypto.randomUUID() };
	await db.sessions.add({
		id: place.sessionId,
		leagueId,
		date: at(minute).slice(0, 10),
		present: ids,
		groups: [{ players: ids, gameId: place.gameId }],
		createdAt: at(minute),
		updatedAt: at(minute)
	});
	return place;
}

/**
 * Plays `hands` blocked hands and a few counts among `players`, ends the game, and has every
 * player sign it. Returns the card as it is turned in. A league's card is its group's game in
 * a class session handed out (`handedOutGroup`), unless `placed` is false.
 */
export async function signedCard(
	players: readonly PlayerRecord[],
	hands: number,
	opts: { leagueId?: string | null; minute?: number; placed?: boolean } = {}
): Promise<ReceivedCard> {
	const m = opts.minute ?? 0;
	const place =
		opts.leagueId && opts.placed !== false
			? await handedOutGroup(opts.leagueId, players, m)
			: undefined;
	const game = await games.create({
		...(place ? { id: place.gameId, sessionId: place.sessionId } : {}),
		players: players.map((p) => ({ id: p.id })),
		leagueId: opts.leagueId ?? null,
		now: at(m)
	});
	for (let h = 0; h < hands; h++) {
		const scorer = players[h % players.length];
		if (scorer) await games.append(game.id, { type: 'score', player: scorer.id, count: 10 });
		const held = Object.fromEntries(
			players.map((p, i) => [p.id, { pips: 2 + ((i + h) % 5), tiles: 1 + (i % 2) }])
		);
		await games.append(game.id, { type: 'hand-end', outcome: 'blocked', hands: held });
	}
	await games.append(game.id, { type: 'end' }, { now: at(m + 40) });
	for (const [i, p] of players.entries()) {
		await signatures.sign(game.id, p.id, scribble(i), { now: at(m + 41 + i) });
	}
	return outbox.cardOf(game.id);
}

/**
 * A normal class game: `events` entries among `players` (counts, a steal now and then, a hand
 * ended every sixth), about 20 seconds apart with the milliseconds a real tap has, then every
 * player types their name. Placed as `signedCard` places it.
 */
export async function playedCard(
	players: readonly PlayerRecord[],
	events: number,
	opts: { leagueId?: string | null } = {}
): Promise<ReceivedCard> {
	const place = opts.leagueId ? await handedOutGroup(opts.leagueId, players) : undefined;
	const game = await games.create({
		...(place ? { id: place.gameId, sessionId: place.sessionId } : {}),
		players: players.map((p) => ({ id: p.id })),
		leagueId: opts.leagueId ?? null,
		now: at(0)
	});
	const ms = (n: number) => new Date(Date.parse(at(0)) + n * 19_937 + ((n * 7_919) % 1000));
	const seat = (n: number) => players[n % players.length]!.id;
	for (let n = 1; n < events; n++) {
		const now = ms(n).toISOString();
		if (n % 6 === 0) {
			const hands = Object.fromEntries(
				players.map((p, i) => [p.id, { pips: (n + i * 3) % 13, tiles: 1 + ((n + i) % 3) }])
			);
			await games.append(game.id, { type: 'hand-end', outcome: 'blocked', hands }, { now });
		} else if (n % 5 === 0) {
			const steal = { type: 'muggins' as const, by: seat(n + 1), from: seat(n), count: 10 };
			await games.append(game.id, steal, { now });
		} else {
			const count = 5 * (1 + (n % 3));
			await games.append(game.id, { type: 'score', player: seat(n), count }, { now });
		}
	}
	await games.append(game.id, { type: 'end' }, { now: ms(events).toISOString() });
	for (const [i, p] of players.entries()) {
		await signatures.sign(
			game.id,
			p.id,
			{ typed: p.name },
			{ now: ms(events + 3 + i).toISOString() }
		);
	}
	return outbox.cardOf(game.id);
}

/**
 * A drawn name as a finger writes it on a phone's 320 × 120 box: two strokes of loops along
 * the line, 90 points each before simplification (about 290 characters encoded).
 */
export function cursive(seed: number): { strokes: string } {
	const strokes = [0, 1].map((s) =>
		Array.from({ length: 90 }, (_, i) => {
			const t = i / 6;
			return {
				x: 20 + s * 150 + i * 1.4 + 8 * Math.cos(t + seed),
				y: 60 + 25 * Math.sin(t * 1.3 + seed) + 6 * Math.sin(t * 3.1)
			};
		})
	);
	return { strokes: encodeStrokes(toDrawing(strokes, { width: 320, height: 120 })) };
}
