/**
 * Live queries begun before their page's code had run (`$lib/league/early-data.ts`), which the
 * page's `Live` takes over by key. Not runes state: nothing renders from it.
 */

/** What a live query tells its subscriber. */
export interface LiveObserver<T> {
	next(value: T): void;
	error(err: unknown): void;
}

/**
 * A live query begun before its page's code had run (`$lib/league/early-data.ts`), which the
 * page's `Live` takes over: it hands on its latest result at once, then the ones after.
 */
export interface EarlyLive {
	attach(observer: LiveObserver<unknown>): { unsubscribe(): void };
	/** Stops the query (none took it over). */
	unsubscribe(): void;
}

/** The early live queries not yet taken over, by the key their page names them with. */
export const early = new Map<string, EarlyLive>();

/**
 * Hands `observer` the early query named `key`, if one is running and not yet taken: its
 * subscription, or undefined (the caller starts its own query).
 */
export function takeEarly<T>(
	key: string,
	observer: LiveObserver<T>
): { unsubscribe(): void } | undefined {
	const query = early.get(key);
	early.delete(key);
	return query?.attach(observer as LiveObserver<unknown>);
}
