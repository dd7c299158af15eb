/**
 * What the store's upkeep middlewares (`contributions-upkeep.ts`, `verdicts-upkeep.ts`) share:
 * writes that take turns within a transaction, a failed write turned into its error, and what
 * a transaction has shown of its games (`KnownGames`).
 */
import Dexie, {
	type DBCoreMutateRequest,
	type DBCoreMutateResponse,
	type DBCoreTable,
	type DBCoreTransaction
} from 'dexie';
import { DbError } from './errors';
import { lockedWithResult } from '$lib/card/locked';
import type { GameRecord } from '$lib/card/records';

/**
 * Runs `work` once the earlier work queued on `turns` for `trans` is done, so two writes in
 * one transaction never rewrite the same derived record from the same stale copy. Each
 * middleware keeps its own `turns`.
 */
export function inTurn<T>(
	turns: WeakMap<DBCoreTransaction, Promise<unknown>>,
	trans: DBCoreTransaction,
	work: () => Promise<T>
): Promise<T> {
	const earlier = turns.get(trans);
	const next = earlier ? earlier.then(work) : work();
	turns.set(
		trans,
		next.then(
			() => undefined,
			() => undefined
		)
	);
	return next;
}

/** Throws the first failure of a DBCore write, if any. */
export function failed(res: DBCoreMutateResponse): void {
	if (res.numFailures > 0) throw Object.values(res.failures)[0];
}

/** IndexedDB's mode of a DBCore transaction, when it is the native one (it is, below Dexie). */
function readOnly(trans: DBCoreTransaction): boolean {
	return (trans as unknown as { mode?: string }).mode === 'readonly';
}

/**
 * What an upkeep middleware knows, within one read-write transaction, of the stored game
 * records: for each game id it saw, whether the record as stored is locked with its result
 * (`lockedWithResult`; an absent record is not). Only a game locked with its result has a
 * verdict or a contribution, so a write that leaves a known unlocked game unlocked (a score
 * tap) needs no read and no rewrite of them.
 *
 * It learns from the records read in the transaction (the writer's own `get` of the game goes
 * through the middleware) and from the writes the middleware itself passes on, every write to
 * `games` in the transaction. The fact is taken when the read returns, before the caller can
 * change the object it got. A write it cannot follow (a range deleted) makes it forget.
 */
export class KnownGames {
	#known = new WeakMap<DBCoreTransaction, Map<string, boolean>>();

	#of(trans: DBCoreTransaction): Map<string, boolean> | null {
		if (readOnly(trans)) return null;
		let known = this.#known.get(trans);
		if (!known) this.#known.set(trans, (known = new Map()));
		return known;
	}

	/** Notes game records `found` (undefined: absent) under `keys`, read in `trans`. */
	read(trans: DBCoreTransaction, keys: readonly unknown[], found: readonly unknown[]): void {
		const known = this.#of(trans);
		if (!known) return;
		keys.forEach((key, i) => {
			if (typeof key !== 'string') return;
			const record = found[i] as GameRecord | undefined;
			known.set(key, record !== undefined && lockedWithResult(record));
		});
	}

	/**
	 * Whether each of games `ids` is, as stored in `trans` before the write now under way,
	 * known to be absent or not locked with its result.
	 */
	unlocked(trans: DBCoreTransaction, ids: readonly string[]): boolean {
		const known = this.#known.get(trans);
		return known !== undefined && ids.every((id) => known.get(id) === false);
	}

	/**
	 * The facts a write to `games` will leave, taken before it goes down (its values may
	 * change once it is passed on); `after` notes them once it has succeeded.
	 */
	writing(req: DBCoreMutateRequest): { after: (res: DBCoreMutateResponse) => void } {
		const { trans } = req;
		if (req.type === 'add' || req.type === 'put') {
			const facts = req.values.map((v: GameRecord) => [v.id, lockedWithResult(v)] as const);
			return {
				after: (res) =>
					facts.forEach(([id, locked], i) => {
						if (res.failures[i] === undefined) this.#of(trans)?.set(id, locked);
					})
			};
		}
		if (req.type === 'delete') {
			const keys = [...req.keys];
			return { after: () => keys.forEach((k) => this.#of(trans)?.set(k as string, false)) };
		}
		return { after: () => this.#known.delete(trans) };
	}

	/** `games` with its reads noted (`get`, `getMany`). */
	watchReads(games: DBCoreTable): Pick<DBCoreTable, 'get' | 'getMany'> {
		return {
			get: (req) =>
				games.get(req).then((found: unknown) => {
					this.read(req.trans, [req.key], [found]);
					return found;
				}),
			getMany: (req) =>
				games.getMany(req).then((found: unknown[]) => {
					this.read(req.trans, req.keys, found);
					return found;
				})
		};
	}
}

/**
 * The part of an upkeep that only writes which change derived records need (judging a card,
 * rewriting standings pages): loaded apart, so the first screen's code does not carry it.
 * `start` loads it once (the upkeeps ask for it as the database opens, `prepare`); offline, the
 * service worker has it cached.
 */
export class LazyPart<M> {
	#module: M | null = null;
	#loading: Promise<M> | null = null;
	readonly #load: () => Promise<M>;
	readonly #waitMs: number;

	/**
	 * `waitMs`: how long a write waits for it (`in`) before failing. From the service worker's
	 * cache it loads in well under a second on a slow phone, and in a few on a first visit over a
	 * slow network; a load still under way after 20 s is stuck, and the person is better told.
	 */
	constructor(load: () => Promise<M>, waitMs = 20_000) {
		this.#load = load;
		this.#waitMs = waitMs;
	}

	/**
	 * Starts loading it soon, not in the task that asks: called as the database opens, so that a
	 * write seldom has to keep its transaction alive while it loads (`in`).
	 */
	prepare(): void {
		setTimeout(() => void this.start().catch(() => undefined));
	}

	/** Starts loading it, once (again after a failed load). */
	start(): Promise<M> {
		this.#loading ??= this.#load().then(
			(m) => (this.#module = m),
			(error: unknown) => {
				this.#loading = null;
				throw error;
			}
		);
		return this.#loading;
	}

	/**
	 * `work` with it, in `trans`. While it still loads, `trans` is kept active by reading one
	 * (missing) key of `table` again and again: IndexedDB commits a transaction as soon as no
	 * request of it is pending, and the derived records must be written in the same transaction
	 * as the write that changes them. Each read starts in the callback of the one before, where
	 * Dexie still knows `trans` (the import's own promise would lose it, as would an `await`).
	 * Once loaded it costs nothing. Still loading after `waitMs`, the write fails with
	 * `app-part-missing` (its transaction aborts, nothing is saved).
	 *
	 * Why the reads are not chained (`get().then(step)` returning the next read): a load of a
	 * second or two takes thousands of reads, and a chain of Dexie's promises some 6,000 deep
	 * never settles (neither resolved nor rejected). What CI showed three times, the first game
	 * of a fresh browser waiting on "Starting…" for minutes, fits this.
	 */
	in<T>(table: DBCoreTable, trans: DBCoreTransaction, work: (m: M) => Promise<T>): Promise<T> {
		if (this.#module) return work(this.#module);
		let failure: { error: unknown } | null = null;
		this.start().catch((error: unknown) => (failure = { error }));
		const until = performance.now() + this.#waitMs;
		return new Dexie.Promise<T>((resolve, reject) => {
			const step = () => {
				try {
					if (this.#module) work(this.#module).then(resolve, reject);
					else if (failure) reject(failure.error);
					else if (performance.now() > until) reject(new DbError('app-part-missing'));
					else table.get({ trans, key: '' }).then(step, reject);
				} catch (error) {
					reject(error);
				}
			};
			step();
		});
	}
}
