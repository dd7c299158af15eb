/**
 * Storage failures as the store's refusals (`DbError`, `$lib/card/db-error.ts`, with its codes):
 * a full disk, a database another tab upgraded, one that cannot open.
 */
import { DbError, isDbError } from '$lib/card/db-error';

export { DbError, isDbError, type DbErrorCode } from '$lib/card/db-error';

/** The error names in `e` and the errors it wraps (Dexie's `inner`, the standard `cause`). */
function names(e: unknown): string[] {
	const found: string[] = [];
	for (let x = e, depth = 0; x instanceof Object && depth < 5; depth++) {
		const { name, inner, cause } = x as { name?: unknown; inner?: unknown; cause?: unknown };
		if (typeof name === 'string') found.push(name);
		x = inner ?? cause;
	}
	return found;
}

/**
 * The DbError that a storage failure means to the user, or `e` unchanged when it is anything
 * else (a RuleError, a DbError, a bug). A quota error often arrives wrapped in the abort of its
 * transaction, hence the look through the wrapped errors.
 */
export function toDbError(e: unknown): unknown {
	if (isDbError(e)) return e;
	const seen = names(e);
	if (seen.includes('QuotaExceededError')) return new DbError('storage-full', {}, { cause: e });
	if (seen.includes('DatabaseClosedError') || seen.includes('VersionError')) {
		return new DbError('db-closed', {}, { cause: e });
	}
	if (seen.includes('MissingAPIError') || seen.includes('OpenFailedError')) {
		return new DbError('db-unavailable', {}, { cause: e });
	}
	return e;
}

/** Runs `work`, turning storage failures into DbErrors (see `toDbError`). */
export async function guard<T>(work: () => PromiseLike<T>): Promise<T> {
	try {
		return await work();
	} catch (e) {
		throw toDbError(e);
	}
}
