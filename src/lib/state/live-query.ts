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

/** How a query is followed. */
export interface FollowOptions {
	/**
	 * The query must be told of changes to what it reads after its first wait, as the session
	 * page's (`sessionView`: the session first, then its groups' games and inbox entries). Its
	 * querier is then an async function, so Dexie keeps the live query's context across the
	 * query's own waits. Without it, a card received while the session page was open changed
	 * nothing the page watched, and the group still said "Waiting for its card" (issue 36).
	 * Opt-in: the other pages' queries read what they watch before their first wait.
	 */
	readsAfterWaits?: boolean;
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
	observer: LiveObserver<T>,
	opts: FollowOptions = {}
): { unsubscribe(): void } {
	let ended = false;
	let subscription: { unsubscribe(): void } | undefined;
	const own = 'ready' in query ? query.ready() : undefined;
	void Promise.all([(dexie ??= import('dexie')), own]).then(
		([{ liveQuery }]) => {
			// Dexie keeps a live query's context across the query's own waits only when its
			// querier is an async function; a plain one watches the reads made before the first.
			const querier = opts.readsAfterWaits ? async () => query(key) : () => query(key);
			if (!ended) subscription = liveQuery(querier).subscribe(observer);
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
