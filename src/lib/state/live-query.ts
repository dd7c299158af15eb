/** What a live query tells its subscriber. */
export interface LiveObserver<T> {
	next(value: T): void;
	error(err: unknown): void;
}

let dexie: Promise<typeof import('dexie')> | undefined;

/**
 * A query whose code loads on first use: `ready` loads it, and once it has, a call runs it at
 * once. Why: a live query learns what to watch from the context its reads start in, and Dexie
 * asks that a query await nothing but its own reads (not an `import()`), which that context
 * may not survive. `followQuery` waits for `ready` first.
 */
export interface LazyQuery<K, T> {
	(key: K): Promise<T>;
	ready(): Promise<void>;
}

/** The query `pick` gives from the module `load` loads, as a `LazyQuery`. */
export function lazyQuery<M, K, T>(
	load: () => Promise<M>,
	pick: (module: M) => (key: K) => Promise<T>
): LazyQuery<K, T> {
	let query: ((key: K) => Promise<T>) | undefined;
	let loading: Promise<void> | undefined;
	const ready = () =>
		(loading ??= load().then((module) => {
			query = pick(module);
		}));
	const run = (key: K) => (query ? query(key) : ready().then(() => query!(key)));
	return Object.assign(run, { ready });
}

/**
 * A Dexie live query of `query(key)` for `observer`, started once Dexie's code (and the query's
 * own, when it is a `LazyQuery`) has loaded: a page's first screen is drawn without them where
 * it can be (`$lib/db/plain-read.ts`), so the shell does not carry them. Returns the
 * subscription, which may be ended before the query has started.
 */
export function followQuery<K, T>(
	query: ((key: K) => Promise<T> | T) | LazyQuery<K, T>,
	key: K,
	observer: LiveObserver<T>
): { unsubscribe(): void } {
	let ended = false;
	let subscription: { unsubscribe(): void } | undefined;
	const own = 'ready' in query ? query.ready() : undefined;
	void Promise.all([(dexie ??= import('dexie')), own]).then(
		([{ liveQuery }]) => {
			// An async function, not a plain one returning a promise: Dexie keeps a live query's
			// context across the query's own `await`s only when its querier is async. Given
			// `() => query(key)`, every read after the query's first `await` went unwatched: the
			// session page read its session, then its groups' games and inbox, and never heard of
			// a card received while it was open (issue 36).
			if (!ended) subscription = liveQuery(async () => query(key)).subscribe(observer);
		},
		(err: unknown) => !ended && observer.error(err)
	);
	return {
		unsubscribe() {
			ended = true;
			subscription?.unsubscribe();
		}
	};
}
