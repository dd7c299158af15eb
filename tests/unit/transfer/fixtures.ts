/**
 * Signed cards for the transfer tests, played and signed through the store as a phone does.
 * Import `fake-indexeddb/auto` first (see ../db/helpers.ts).
 */
import * as games from '$lib/db/games';
import * as outbox from '$lib/db/outbox';
import type { PlayerRecord, ReceivedCard } from '$lib/card/records';
import * as signatures from '$lib/db/signatures';
import { at } from '../db/helpers';

/** A drawn signature, long enough to weigh like a real one. */
export function scribble(seed: number): { strokes: string } {
	const moves = Array.from(
		{ length: 40 },
		(_, i) => `${((i * 7 + seed) % 9) + 1} ${(i % 2 ? -1 : 1) * ((i * 3 + seed) % 5)}`
	);
	return { strokes: `320x120:M20 60l${moves.join(' ')}` };
}

/**
 * Plays `hands` blocked hands and a few counts among `players`, ends the game, and has every
 * player sign it. Returns the card as it is turned in.
 */
export async function signedCard(
	players: readonly PlayerRecord[],
	hands: number,
	opts: { leagueId?: string | null; minute?: number } = {}
): Promise<ReceivedCard> {
	const m = opts.minute ?? 0;
	const game = await games.create({
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
