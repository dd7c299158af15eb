/**
 * The time to record: `now` when a caller (a test, an import) gives one, else the clock's.
 * Unlike the rules engine, the store may read the clock: it stamps what it stores.
 */
export function timestamp(now?: string): string {
	return now ?? new Date().toISOString();
}
