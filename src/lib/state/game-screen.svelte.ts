import * as games from '$lib/db/games';
import { messageFor } from '$lib/messages';
import { narrate } from '$lib/rules/narrate';
import type { GameEvent, NewGameEvent, PlayerId, SideLabel } from '$lib/rules/types';
import { Live } from './live.svelte';
import { loadGame, type LoadedGame } from './loaded-game';

export type { LoadedGame };

/** Where an error is shown: next to the action that caused it. */
export type Action = 'score' | 'muggins' | 'undo' | 'hand' | 'end' | 'penalty';

/**
 * The scorecard's state: the live game (follows the database, other tabs included), plus what
 * the last action said. Every write goes through the `games` module; a refusal becomes a
 * sentence beside its action, and nothing changes.
 */
export class GameScreen {
	#live: Live<LoadedGame, string>;
	/** The game as the last write of this tab left it, shown until the live query catches up. */
	#written = $state.raw<LoadedGame | null>(null);
	#busy = $state(false);
	#error = $state<{ action: Action; text: string } | null>(null);
	#notice = $state<{ text: string; canRedo: boolean } | null>(null);

	/** Create while the page initialises; `id` is read reactively (the route parameter). */
	constructor(id: () => string) {
		this.#live = new Live(loadGame, id);
	}

	/**
	 * The game, or undefined while it loads. A write's own result is painted at once; the live
	 * query, which also sees other tabs' writes, takes over as soon as it has as many events.
	 */
	get game(): LoadedGame | undefined {
		const live = this.#live.current;
		const written = this.#written;
		if (!written || !live || written.record.id !== live.record.id) return live;
		return written.events.length > live.events.length ? written : live;
	}

	/** Why the game could not be loaded, in plain words, or null. */
	get loadError(): string | null {
		return this.#live.error ? messageFor(this.#live.error) : null;
	}

	get loaded(): boolean {
		return this.#live.loaded;
	}

	/** A write is under way: actions wait for it. */
	get busy(): boolean {
		return this.#busy;
	}

	/** The sentence for `action`'s last refusal, or null. */
	errorFor(action: Action): string | null {
		return this.#error?.action === action ? this.#error.text : null;
	}

	/** The last thing recorded or undone, for the status line ("Undone: Ana 15"). */
	get notice(): { text: string; canRedo: boolean } | null {
		return this.#notice;
	}

	clearError(): void {
		this.#error = null;
	}

	/** The name of a player of this game. */
	name = (player: PlayerId): string => this.game?.names.get(player) ?? player;

	/** The names of a side's players: "Ana" or "Ana & Cara". */
	sideName = (side: SideLabel): string => {
		const found = this.game?.state.sides.find((s) => s.label === side);
		return found ? found.players.map(this.name).join(' & ') : side;
	};

	#say(event: GameEvent, prefix = ''): string {
		const game = this.game;
		return game ? `${prefix}${narrate(event, game.ruleset, this.name)}` : prefix;
	}

	async #write(
		action: Action,
		work: (id: string) => Promise<games.Appended>,
		describe: (a: games.Appended) => string
	): Promise<boolean> {
		const id = this.game?.record.id;
		if (!id || this.#busy) return false;
		this.#busy = true;
		try {
			const result = await work(id);
			const base = this.game;
			if (base)
				this.#written = { ...result, ruleset: base.ruleset, names: base.names, card: base.card };
			this.#error = null;
			this.#notice = { text: describe(result), canRedo: result.redoable !== null };
			return true;
		} catch (err) {
			this.#error = { action, text: messageFor(err) };
			return false;
		} finally {
			this.#busy = false;
		}
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
