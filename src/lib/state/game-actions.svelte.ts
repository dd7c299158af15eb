import { wordsFor } from '$lib/words';
import type { PlayerId, SideLabel } from '$lib/rules/types';
import { Live } from './live.svelte';
import { playerName, sideName, type LoadedGame } from './loaded-game';

/** How long a write runs before the buttons show that it is under way. */
const BUSY_SHOWN_AFTER_MS = 150;

/**
 * What every screen that acts on one stored game shares: the live game (it follows the
 * database, other tabs included), one write at a time, and each refusal as a sentence beside
 * the action `A` that caused it. Subclasses name their actions, their writes, and how much of
 * the game they load (`G`).
 */
export class GameActions<A extends string, G extends LoadedGame = LoadedGame> {
	protected readonly live: Live<G, string>;
	/** A write is under way: the next one waits (not shown: see `busy`). */
	#running = false;
	#busy = $state(false);
	#error = $state<{ action: A; text: string } | null>(null);
	#loadError = $state<string | null>(null);

	/**
	 * Create while the page initialises; `id` is read reactively (the route parameter).
	 * @param load reads the game for a live query
	 * @param adopt gives the live game a query already begun for its id (see `Live`)
	 */
	constructor(
		load: (id: string) => Promise<G>,
		id: () => string,
		adopt?: ConstructorParameters<typeof Live<G, string>>[2]
	) {
		this.live = new Live(load, id, adopt);
		$effect(() => {
			const err = this.live.error;
			if (!err) {
				this.#loadError = null;
				return;
			}
			let gone = false;
			void wordsFor(err).then((text) => !gone && (this.#loadError = text));
			return () => (gone = true);
		});
	}

	/** The game, or undefined while it loads. */
	get game(): G | undefined {
		return this.live.current;
	}

	/** Why the game could not be loaded, in plain words, or null. */
	get loadError(): string | null {
		return this.#loadError;
	}

	get loaded(): boolean {
		return this.live.loaded;
	}

	/**
	 * A write has been under way for a noticeable while (`BUSY_SHOWN_AFTER_MS`): the buttons
	 * show it. A tap's write usually takes a few milliseconds, and disabling and re-enabling
	 * every button around it would only cost the frame that shows the new total.
	 */
	get busy(): boolean {
		return this.#busy;
	}

	/** The sentence for `action`'s last refusal, or null. */
	errorFor(action: A): string | null {
		return this.#error?.action === action ? this.#error.text : null;
	}

	clearError(): void {
		this.#error = null;
	}

	/** Shows why `action` failed, in plain words, beside it. */
	protected async fail(action: A, err: unknown): Promise<void> {
		this.#error = { action, text: await wordsFor(err) };
	}

	/** The name of a player of this game. */
	name = (player: PlayerId): string => (this.game ? playerName(this.game, player) : player);

	/** The names of a side's players: "Ana" or "Ana & Cara". */
	sideName = (side: SideLabel): string => (this.game ? sideName(this.game, side) : side);

	/**
	 * Runs one write for `action` on the game shown, unless one is already under way. Returns
	 * its result, or null when it was refused (the refusal is then `errorFor(action)`).
	 */
	protected async run<T>(action: A, work: (id: string) => Promise<T>): Promise<T | null> {
		const id = this.game?.record.id;
		if (!id || this.#running) return null;
		this.#running = true;
		const shown = setTimeout(() => (this.#busy = true), BUSY_SHOWN_AFTER_MS);
		try {
			const result = await work(id);
			this.#error = null;
			return result;
		} catch (err) {
			await this.fail(action, err);
			return null;
		} finally {
			clearTimeout(shown);
			this.#running = false;
			this.#busy = false;
		}
	}
}
