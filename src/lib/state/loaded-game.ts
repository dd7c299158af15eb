import * as games from '$lib/db/games';
import * as players from '$lib/db/players';
import * as signatures from '$lib/db/signatures';
import { getRuleset } from '$lib/rules/rulesets';
import type { PlayerId, Ruleset } from '$lib/rules/types';

/** A stored game with what the scorecard, the sign-off and the print view show beside it. */
export interface LoadedGame extends games.GameView {
	ruleset: Ruleset;
	/** Player names by id. */
	names: Map<PlayerId, string>;
	/** The card checked against its signatures: signed, locked, changed after signing… */
	card: signatures.CardCheck;
}

/**
 * Game `id` with its players' names and its card check. Meant for a live query (`Live`).
 *
 * A live query re-runs when something it read changes, and Dexie learns what it read from
 * the context the reads start in; in browsers that context does not reliably survive an
 * `await` of a native promise. So the game and its signatures (what a signature on another
 * tab or connection changes) are read together before the first `await`, and the card check,
 * which hashes, comes last.
 * @throws DbError `not-found`
 */
export async function loadGame(id: string): Promise<LoadedGame> {
	const [view, signed] = await Promise.all([games.get(id), signatures.list(id)]);
	const roster = await players.getMany(view.record.seats);
	const names = new Map(view.record.seats.map((p) => [p, roster.get(p)?.name ?? 'Unknown player']));
	const card = await signatures.inspect(view, signed);
	return { ...view, ruleset: getRuleset(view.record.rulesetId), names, card };
}
