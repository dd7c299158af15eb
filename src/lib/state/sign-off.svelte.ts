import { messageFor } from '$lib/messages';
import * as signatures from '$lib/db/signatures';
import type { PlayerId, SideLabel } from '$lib/rules/types';
import { loadGame, type LoadedGame } from './loaded-game';
import { Live } from './live.svelte';

/** Where an error is shown: next to the action that caused it. */
export type SignAction = 'sign' | 'reopen';

/**
 * The sign-off's state: the live game with its card check (it follows the database, other
 * tabs included), and the two things done here: a player signs, or the card is reopened.
 * A refusal becomes a sentence beside its action, and nothing changes.
 */
export class SignOff {
	#live: Live<LoadedGame, string>;
	#busy = $state(false);
	#error = $state<{ action: SignAction; text: string } | null>(null);

	/** Create while the page initialises; `id` is read reactively (the route parameter). */
	constructor(id: () => string) {
		this.#live = new Live(loadGame, id);
	}

	/** The game, or undefined while it loads. */
	get game(): LoadedGame | undefined {
		return this.#live.current;
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
	errorFor(action: SignAction): string | null {
		return this.#error?.action === action ? this.#error.text : null;
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

	async #run(action: SignAction, work: (id: string) => Promise<unknown>): Promise<boolean> {
		const id = this.game?.record.id;
		if (!id || this.#busy) return false;
		this.#busy = true;
		try {
			await work(id);
			this.#error = null;
			return true;
		} catch (err) {
			this.#error = { action, text: messageFor(err) };
			return false;
		} finally {
			this.#busy = false;
		}
	}

	/**
	 * `player` signs the card shown: refused (`card-changed`) if it changed since it was shown.
	 * Returns whether the signature was stored.
	 */
	sign(player: PlayerId, mark: signatures.Mark): Promise<boolean> {
		const shown = this.game?.card.fingerprint ?? undefined;
		return this.#run('sign', (id) => signatures.sign(id, player, mark, { fingerprint: shown }));
	}

	/** Reopens the card with `reason`; returns whether it was reopened. */
	reopen(reason: string): Promise<boolean> {
		return this.#run('reopen', (id) => signatures.reopen(id, reason));
	}
}
