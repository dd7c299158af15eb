import * as games from '$lib/db/games';
import * as signatures from '$lib/db/signatures';
import type { CardCheck } from '$lib/card/signing';
import { withNames } from './load-game';
import type { LoadedGame } from './loaded-game';

/** A stored game with its card checked against its signatures: signed, locked, changed… */
export interface CheckedGame extends LoadedGame {
	card: CardCheck;
}

/**
 * A live query re-runs when something it read changes, and Dexie learns what it read from
 * the context the reads start in; in browsers that context does not reliably survive an
 * `await` of a native promise. So the game and its signatures (what a signature on another
 * tab or connection changes) are read together before the first `await`, and the card check,
 * which hashes, comes last.
 */
async function readChecked(id: string) {
	const [view, signed] = await Promise.all([games.get(id), signatures.list(id)]);
	return { view, card: await signatures.inspect(view, signed) };
}

/**
 * Game `id`'s card check, for a live query (the scorecard's seal).
 * @throws DbError `not-found`
 */
export async function checkCard(id: string): Promise<CardCheck> {
	return (await readChecked(id)).card;
}

/**
 * Game `id` with its players' names and its card check, for a live query (sign-off, print).
 * @throws DbError `not-found`
 */
export async function loadCheckedGame(id: string): Promise<CheckedGame> {
	const { view, card } = await readChecked(id);
	return { ...(await withNames(view)), card };
}
