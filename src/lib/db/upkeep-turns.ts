/**
 * What the store's upkeep middlewares (`contributions-upkeep.ts`, `verdicts-upkeep.ts`) share:
 * writes that take turns within a transaction, and a failed write turned into its error.
 */
import type { DBCoreMutateResponse, DBCoreTransaction } from 'dexie';

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
