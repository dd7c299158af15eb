import { get } from '$lib/db/game-read';
import type { GameView } from '$lib/card/game-view';
import * as players from '$lib/db/players';
import { named, type LoadedGame } from './loaded-game';

/** `view` with its ruleset and its players' names. */
export async function withNames(view: GameView): Promise<LoadedGame> {
	return named(view, await players.getMany(view.record.seats));
}

/**
 * Game `id` with its players' names. Meant for a live query (`Live`). The card check, which
 * hashes the card, is not part of it (see `checked-game.ts`): the scorecard's first paint and
 * every tap would pay for it.
 * @throws DbError `not-found`
 */
export async function loadGame(id: string): Promise<LoadedGame> {
	return withNames(await get(id));
}
