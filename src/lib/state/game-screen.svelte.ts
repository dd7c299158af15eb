import * as games from '$lib/db/games';
import { narrate } from '$lib/rules/narrate';
import type { GameEvent, NewGameEvent } from '$lib/rules/types';
import { GameActions } from './game-actions.svelte';
import { loadGame, type LoadedGame } from './loaded-game';

export type { LoadedGame };

/** `a` and `b` hold the same stored game: the same record, log and names. */
function sameGame(a: LoadedGame, b: LoadedGame): boolean {
	return (
		a.events.length === b.events.length &&
		a.events.at(-1)?.event.id === b.events.at(-1)?.event.id &&
		JSON.stringify(a.record) === JSON.stringify(b.record) &&
		[...a.names].every(([id, name]) => b.names.get(id) === name)
	);
}

/** Where an error is shown: next to the action that caused it. */
export type Action = 'score' | 'muggins' | 'undo' | 'hand' | 'end' | 'penalty';

/**
 * The scorecard's state: the live game, plus what the last action said. Every write goes
 * through the `games` module; a refusal becomes a sentence beside its action, and nothing
 * changes.
 */
export class GameScreen extends GameActions<Action> {
	/** The game as the last write of this tab left it, shown until the live query catches up. */
	#written = $state.raw<LoadedGame | null>(null);
	#notice = $state<{ text: string; canRedo: boolean; gameId: string } | null>(null);

	/** Create while the page initialises; `id` is read reactively (the route parameter). */
	constructor(id: () => string) {
		super(loadGame, id);
	}

	/**
	 * The game, or undefined while it loads. A write's own result is painted at once; the live
	 * query, which also sees other tabs' writes, takes over as soon as it has as many events.
	 * When it has read back exactly what was written, the written game stays: the same game
	 * is then not drawn a second time, a frame after the first.
	 */
	override get game(): LoadedGame | undefined {
		const live = this.live.current;
		const written = this.#written;
		if (!written || !live || written.record.id !== live.record.id) return live;
		if (written.events.length > live.events.length) return written;
		return sameGame(written, live) ? written : live;
	}

	/**
	 * The last thing recorded or undone, for the status line ("Undone: Ana 15"): only on the
	 * game it was recorded in, not on the next game of a match, which opens on the same page.
	 */
	get notice(): { text: string; canRedo: boolean } | null {
		const notice = this.#notice;
		return notice && notice.gameId === this.game?.record.id ? notice : null;
	}

	#say(event: GameEvent, prefix = ''): string {
		const game = this.game;
		return game ? `${prefix}${narrate(event, game.ruleset, this.name)}` : prefix;
	}

	async #write(
		action: Action,
		work: (id: string) => Promise<games.Appended>,
		describe: (a: games.Appended) => string
	): Promise<boolean> {
		const base = this.game;
		const result = await this.run(action, work);
		if (!result) return false;
		if (base) this.#written = { ...result, ruleset: base.ruleset, names: base.names };
		this.#notice = {
			text: describe(result),
			canRedo: result.redoable !== null,
			gameId: result.record.id
		};
		return true;
	}
	/** Records an event; returns whether it was accepted. */
	record(action: Action, event: NewGameEvent): Promise<boolean> {
		return this.#write(
			action,
			(id) => games.append(id, event),
			(r) => this.#say(r.appended.event, 'Recorded: ')
		);
	}

	/** Undoes the last event still in effect. */
	undo(): Promise<boolean> {
		return this.#write(
			'undo',
			(id) => games.undo(id),
			(r) => {
				const undone = r.redoable;
				return undone ? this.#say(undone, 'Undone: ') : 'Undone';
			}
		);
	}

	/** Records again what the last undo undid. */
	redo(): Promise<boolean> {
		return this.#write(
			'undo',
			(id) => games.redo(id),
			(r) => this.#say(r.appended.event, 'Redone: ')
		);
	}
}
