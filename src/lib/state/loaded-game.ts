import { get } from '$lib/db/game-read';
import type * as games from '$lib/db/games';
import * as players from '$lib/db/players';
import { getRuleset } from '$lib/rules/rulesets';
import type { PlayerId, Ruleset, SideLabel } from '$lib/rules/types';

/** A stored game with what the scorecard shows beside it. */
export interface LoadedGame extends games.GameView {
	ruleset: Ruleset;
	/** Player names by id. */
	names: Map<PlayerId, string>;
}

/** The name of `player` in `game`. */
export function playerName(game: LoadedGame, player: PlayerId): string {
	return game.names.get(player) ?? player;
}

/** The names of a side's players in `game`: "Ana" or "Ana & Cara". */
export function sideName(game: LoadedGame, side: SideLabel): string {
	const found = game.state.sides.find((s) => s.label === side);
	return found ? found.players.map((p) => playerName(game, p)).join(' & ') : side;
}

/** `view` with its ruleset and its players' names. */
export async function withNames(view: games.GameView): Promise<LoadedGame> {
	const roster = await players.getMany(view.record.seats);
	const names = new Map(view.record.seats.map((p) => [p, roster.get(p)?.name ?? 'Unknown player']));
	return { ...view, ruleset: getRuleset(view.record.rulesetId), names };
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
