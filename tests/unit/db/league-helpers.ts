/**
 * Builds leagues for the store's tests. Import `fake-indexeddb/auto` first (see helpers.ts).
 *
 * Sign-off (issue 4) stores a signed result on a game when every player has signed; until it
 * is merged, `signForTest` writes those fields the way it will, from the engine's replay.
 */
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as leagues from '$lib/db/leagues';
import * as roster from '$lib/db/roster';
import type { CardRecord, SignOff, SignedResult } from '$lib/db/cards';
import type { PlayerRecord } from '$lib/db/records';
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
export async function setSignOff(gameId: string, fields: SignOff): Promise<void> {
	const game = await db.games.get(gameId);
	if (!game) throw new Error(`no game ${gameId}`);
	const signed: CardRecord = { ...game, ...fields };
	await db.games.put(signed);
}

/** Stores the sign-off fields on game `gameId` from its replay, as issue 4 will. */
export async function signForTest(gameId: string, signedAt = at(50)): Promise<SignedResult> {
	const view = await games.get(gameId);
	const result: SignedResult = {
		ruleset: view.state.rulesetId,
		players: [...view.state.setup.players],
		endCause: view.state.endCause,
		sides: view.state.sides.map((s) => ({
			label: s.label,
			players: s.players,
			total: view.state.totals[s.label] ?? 0
		})),
		winners: view.state.winners,
		hands: view.state.hands.length,
		finishedAt: view.record.finishedAt ?? signedAt
	};
	await setSignOff(gameId, { signedAt, fingerprint: '0123456789abcdef'.repeat(4), result });
	return result;
}

/**
 * Plays a classroom game in league `leagueId` where each player scores `points[i]` (multiples
 * of 5, counts up to 35 at a time), then ends it; signs it unless `sign` is false.
 */
export async function playGame(
	leagueId: string,
	players: PlayerRecord[],
	points: number[],
	opts: { sessionId?: string; sign?: boolean; minute?: number } = {}
): Promise<string> {
	const game = await games.create({
		players: players.map((p) => ({ id: p.id })),
		leagueId,
		sessionId: opts.sessionId ?? null,
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
	await games.append(game.id, { type: 'end' }, { now: at((opts.minute ?? 1) + 40) });
	if (opts.sign !== false) await signForTest(game.id);
	return game.id;
}
