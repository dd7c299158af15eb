import * as signatures from '$lib/db/signatures';
import type { Mark } from '$lib/card/signing';
import type { PlayerId } from '$lib/rules/types';
import { loadCheckedGame, type CheckedGame } from './checked-game';
import { GameActions } from './game-actions.svelte';

/** Where an error is shown: next to the action that caused it. */
export type SignAction = 'sign' | 'reopen';

/**
 * The sign-off's state: the live game with its card check (it follows the database, other
 * tabs included), and the two things done here: a player signs, or the card is reopened.
 * A refusal becomes a sentence beside its action, and nothing changes.
 */
export class SignOff extends GameActions<SignAction, CheckedGame> {
	constructor(id: () => string) {
		super(loadCheckedGame, id);
	}

	/**
	 * `player` signs the card shown: refused (`card-changed`) if it changed since it was shown.
	 * Returns whether the signature was stored.
	 */
	sign(player: PlayerId, mark: Mark): Promise<boolean> {
		const shown = this.game?.card.fingerprint ?? undefined;
		return this.#ran('sign', (id) => signatures.sign(id, player, mark, { fingerprint: shown }));
	}

	/** Reopens the card with `reason`; returns whether it was reopened. */
	reopen(reason: string): Promise<boolean> {
		return this.#ran('reopen', (id) => signatures.reopen(id, reason));
	}

	/** Runs a write; returns whether it was done. */
	async #ran(action: SignAction, work: (id: string) => Promise<unknown>): Promise<boolean> {
		const done = await this.run(action, async (id) => {
			await work(id);
			return true;
		});
		return done === true;
	}
}
