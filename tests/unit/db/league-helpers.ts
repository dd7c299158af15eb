/**
 * Builds leagues for the store's tests. Import `fake-indexeddb/auto` first (see helpers.ts).
 * Cards are signed the real way (every player signs, typing their name), so they pass the
 * sign-off's check; `setSignOff` writes odd states by hand.
 */
import { handedOutGroup } from '../transfer/fixtures';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as leagues from '$lib/db/leagues';
import * as players from '$lib/db/players';
import * as roster from '$lib/db/roster';
import * as signatures from '$lib/db/signatures';
import type { CardRecord } from '$lib/db/cards';
import type { CardResult } from '$lib/rules/card';
import type { PlayerRecord } from '$lib/card/records';
import { at } from './helpers';

/** A classroom league with `names` on its roster. */
export async function leagueWith(
	names: string[],
	name = 'Period 3'
): Promise<{ leagueId: string; students: Map<string, PlayerRecord> }> {
	const league = await leagues.create(
		{ name, termName: 'Trimester 2', start: '2026-01-05', end: '2026-03-27' },
		{ now: at(0) }
	);
	const added = await roster.add(league.id, names, { now: at(0) });
	return { leagueId: league.id, students: new Map(added.map((p) => [p.name, p])) };
}

/** Writes sign-off fields on game `gameId` as they are, for cards in odd states. */
export async function setSignOff(
	gameId: string,
	fields: Partial<Pick<CardRecord, 'signedAt' | 'fingerprint' | 'result'>>
): Promise<void> {
	const game = await db.games.get(gameId);
	if (!game) throw new Error(`no game ${gameId}`);
	const signed: CardRecord = { ...game, ...fields };
	await db.games.put(signed);
}

/** Every player of game `gameId` signs it (typing their name); returns the signed result. */
export async function signForTest(gameId: string, signedAt = at(50)): Promise<CardResult> {
	const { record } = await games.get(gameId);
	let last: CardRecord = record;
	for (const playerId of record.seats) {
		const { name } = await players.get(playerId);
		last = (await signatures.sign(gameId, playerId, { typed: name }, { now: signedAt })).record;
	}
	if (!last.result) throw new Error(`game ${gameId} did not lock`);
	return last.result;
}

/**
 * Plays a classroom game in league `leagueId` where each player scores `points[i]` (multiples
 * of 5, counts up to 35 at a time), then ends it; signs it unless `sign` is false. With
 * `steals`, the second player then takes that many counts of 10 the first one missed.
 */
export async function playGame(
	leagueId: string,
	players: PlayerRecord[],
	points: number[],
	opts: {
		sessionId?: string;
		sign?: boolean;
		minute?: number;
		steals?: number;
		/** Played as its group's game in a class session handed out (`handedOutGroup`). */
		placed?: boolean;
	} = {}
): Promise<string> {
	const place = opts.placed ? await handedOutGroup(leagueId, players, opts.minute) : undefined;
	const game = await games.create({
		...(place ? { id: place.gameId } : {}),
		players: players.map((p) => ({ id: p.id })),
		leagueId,
		sessionId: place?.sessionId ?? opts.sessionId ?? null,
		now: at(opts.minute ?? 1)
	});
	for (const [i, p] of players.entries()) {
		let left = points[i] ?? 0;
		while (left > 0) {
			const count = Math.min(left, 35);
			await games.append(game.id, { type: 'score', player: p.id, count });
			left -= count;
		}
	}
	const [missed, thief] = players;
	for (let i = 0; i < (opts.steals ?? 0) && missed && thief; i++) {
		await games.append(game.id, { type: 'muggins', by: thief.id, from: missed.id, count: 10 });
	}
	await games.append(game.id, { type: 'end' }, { now: at((opts.minute ?? 1) + 40) });
	if (opts.sign !== false) await signForTest(game.id);
	return game.id;
}
