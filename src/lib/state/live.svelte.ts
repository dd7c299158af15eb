import { liveQuery } from 'dexie';
import { early, type LiveObserver } from './early-live';

/**
 * A Dexie live query as runes state: `current` follows the database, including writes made
 * by other tabs. Create it while a component initialises (it subscribes in an effect and
 * unsubscribes when the component goes away). `key` is read reactively: when it changes (a
 * new route parameter, say) the query restarts with the new key. With `earlyKey`, a query
 * already started under that name (see `early`) is taken over instead of started again.
 */
export class Live<T, K = void> {
	// Raw: a result is replaced whole, never edited, so deep proxies would only cost time.
	#current = $state.raw<T | undefined>(undefined);
	#error = $state.raw<unknown>(null);
	#loaded = $state(false);

	constructor(
		query: (key: K) => Promise<T> | T,
		key: () => K = () => undefined as K,
		earlyKey?: (key: K) => string
	) {
		$effect(() => {
			const k = key();
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
			const name = earlyKey?.(k);
			const started = name === undefined ? undefined : early.get(name);
			if (name !== undefined) early.delete(name);
			const subscription = started
				? started.attach(observer as LiveObserver<unknown>)
				: liveQuery(() => query(k)).subscribe(observer);
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
