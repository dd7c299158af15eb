import type { GameView } from '$lib/card/game-view';
import type { PlayerRecord } from '$lib/card/records';
import { getRuleset } from '$lib/rules/rulesets';
import type { PlayerId, Ruleset, SideLabel } from '$lib/rules/types';

/**
 * A stored game with what the scorecard shows beside it. Dexie-free (a cold start draws the
 * board from a plain read, `first-game.ts`); the reads through the store are in `load-game.ts`.
 */
export interface LoadedGame extends GameView {
	ruleset: Ruleset;
	/** Player names by id. */
	names: Map<PlayerId, string>;
}

/** `view` with its ruleset and the names of its seated players, found in `roster`. */
export function named(view: GameView, roster: ReadonlyMap<PlayerId, PlayerRecord>): LoadedGame {
	const names = new Map(view.record.seats.map((p) => [p, roster.get(p)?.name ?? 'Unknown player']));
	return { ...view, ruleset: getRuleset(view.record.rulesetId), names };
}

/** `a` and `b` hold the same stored game: the same record, log and names. */
export function sameGame(a: LoadedGame, b: LoadedGame): boolean {
	return (
		a.events.length === b.events.length &&
		a.events.at(-1)?.event.id === b.events.at(-1)?.event.id &&
		JSON.stringify(a.record) === JSON.stringify(b.record) &&
		[...a.names].every(([id, name]) => b.names.get(id) === name)
	);
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
