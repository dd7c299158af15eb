import { wordsFor } from '$lib/words';
import type { GameScreen } from './game-screen.svelte';
import type { Tournament } from './tournament.svelte';

/**
 * The scorecard's tournament extras (clocks, match, referee), loaded only for a game whose
 * ruleset has a tournament rule: a classroom game's first paint carries none of their code.
 * Create while the page initialises; `current` stays null for other rulesets and until the
 * code has arrived.
 */
export class LazyTournament {
	#current = $state.raw<Tournament | null>(null);
	#error = $state<string | null>(null);

	/** `id` is the game's id, read reactively (the route parameter). */
	constructor(screen: GameScreen, id: () => string) {
		// A boolean, so that each write (a new game object) does not restart the effect below.
		const wanted = $derived(screen.game !== undefined && screen.game.ruleset.tournament !== null);
		$effect(() => {
			if (!wanted) return;
			let stop: (() => void) | null = null;
			let gone = false;
			import('./tournament.svelte').then(
				({ Tournament }) => {
					if (gone) return;
					// The tournament runs effects of its own: they live and die with this one.
					stop = $effect.root(() => {
						this.#current = new Tournament(screen, id);
					});
				},
				async (err: unknown) => (this.#error = await wordsFor(err))
			);
			return () => {
				gone = true;
				stop?.();
				this.#current = null;
			};
		});
	}

	/** The tournament of the game on screen, or null (not a tournament game, or loading). */
	get current(): Tournament | null {
		return this.#current;
	}

	/** Why the tournament could not be loaded, in plain words, or null. */
	get error(): string | null {
		return this.#error;
	}
}
