/**
 * Whether this tab can still use the database, told by the app's connection (`db.ts`).
 * Dexie-free: the banner that says so is on every screen, and a first screen may be drawn
 * before Dexie's code has loaded (`plain-read.ts`); until then, nothing can be stale.
 */
export type Listener = () => void;

let stale = false;
const staleListeners = new Set<Listener>();
const blockedListeners = new Set<Listener>();

/** Adds `callback` to `listeners`; returns what takes it out again. */
export function subscribe(listeners: Set<Listener>, callback: Listener): () => void {
	listeners.add(callback);
	return () => listeners.delete(callback);
}

/** Called by the app's connection once another tab upgraded or deleted the database. */
export function reportStale(): void {
	stale = true;
	for (const listener of staleListeners) listener();
}

/** Called by the app's connection when its upgrade waits for an older tab to close. */
export function reportBlocked(): void {
	for (const listener of blockedListeners) listener();
}

/**
 * Calls `callback` once another tab has upgraded (or deleted) the database and this tab can no
 * longer read or write: show `message('db-closed')` with a reload button. Returns an unsubscribe.
 */
export function onVersionChange(callback: Listener): () => void {
	return subscribe(staleListeners, callback);
}

/**
 * Calls `callback` when this tab's upgrade of the database waits for an older tab to close:
 * show `message('db-blocked')`. Returns an unsubscribe.
 */
export function onBlocked(callback: Listener): () => void {
	return subscribe(blockedListeners, callback);
}

/** Whether this tab lost its database to another tab's upgrade (see `onVersionChange`). */
export function isStale(): boolean {
	return stale;
}
