import { untrack } from 'svelte';
import { followQuery, type FollowOptions, type LiveObserver } from './live-query';

/**
 * A Dexie live query as runes state: `current` follows the database, including writes made
 * by other tabs. Create it while a component initialises (it subscribes in an effect and
 * unsubscribes when the component goes away). `key` is read reactively: when it changes (a
 * new route parameter, say) the query restarts with the new key. `adopt` may give a
 * subscription to a query already running for that key (see `followFrom`), taken over
 * instead of starting one (passed in, so that pages without one do not load it). `opts`: see
 * `FollowOptions`.
 */
export class Live<T, K = void> {
	// Raw: a result is replaced whole, never edited, so deep proxies would only cost time.
	#current = $state.raw<T | undefined>(undefined);
	#error = $state.raw<unknown>(null);
	#loaded = $state(false);

	constructor(
		query: (key: K) => Promise<T> | T,
		key: () => K = () => undefined as K,
		adopt?: (key: K, observer: LiveObserver<T>) => { unsubscribe(): void } | undefined,
		opts: FollowOptions = {}
	) {
		// The key's value, not its identity: a route parameter read again by a navigation that
		// keeps it (the scorecard → "Sign the card"), or a key object made afresh, neither
		// restarts the query nor empties `current`. Emptying it is a write made while Svelte
		// applies that navigation, and such a write can leave the page never updated (Svelte
		// issue 18761: the signing page did not show, twice in CI).
		const keyed = $derived(JSON.stringify(key()));
		$effect(() => {
			void keyed;
			const k = untrack(key);
			this.#loaded = false;
			this.#current = undefined;
			const observer: LiveObserver<T> = {
				next: (value) => {
					this.#current = value;
					this.#error = null;
					this.#loaded = true;
				},
				error: (err: unknown) => {
					this.#error = err;
					this.#loaded = true;
				}
			};
			const subscription = adopt?.(k, observer) ?? followQuery(query, k, observer, opts);
			return () => subscription.unsubscribe();
		});
	}

	/** The latest result, or undefined until the first one arrives. */
	get current(): T | undefined {
		return this.#current;
	}

	/** The error of the latest run, or null. */
	get error(): unknown {
		return this.#error;
	}

	/** Whether a first result (or error) has arrived. */
	get loaded(): boolean {
		return this.#loaded;
	}
}
