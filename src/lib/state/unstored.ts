/**
 * Score entries painted on the scorecard but perhaps not stored yet. The scorecard paints a
 * tap at once and stores it after the frame (`after-paint.ts`); a reload or a closed tab in
 * between would lose it, because a closing page runs no more JavaScript and IndexedDB needs a
 * few round trips. So each entry is noted here first (localStorage: synchronous, it survives
 * the page), cleared once stored, and `recover` stores what a page left behind. Stores use
 * `once`, so an entry that did reach the database is never stored twice.
 */
import type { NewGameEvent } from '$lib/rules/types';
import { append } from '$lib/db/game-writes';
import type { Appended } from '$lib/db/games';

const KEY = 'muggins:unstored-entries';

/**
 * One entry to store: `append(gameId, event, { now: at, once: true })`. Its `id` names the
 * note; the store gives the event its own (`rules/event-id.ts`).
 */
export interface Unstored {
	gameId: string;
	id: string;
	event: NewGameEvent;
	at: string;
}

function storage(): Storage | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch {
		// Storage refused (a privacy setting): the entries are then kept by the page only.
		return null;
	}
}

function read(): Unstored[] {
	try {
		const raw = storage()?.getItem(KEY);
		return raw ? (JSON.parse(raw) as Unstored[]) : [];
	} catch {
		return [];
	}
}

function save(entries: readonly Unstored[]): void {
	try {
		if (entries.length === 0) storage()?.removeItem(KEY);
		else storage()?.setItem(KEY, JSON.stringify(entries));
	} catch {
		// Full or refused: the write itself still runs; only a reload before it could lose it.
	}
}

/** Notes `entry` before it is painted. */
export function note(entry: Unstored): void {
	save([...read(), entry]);
}

/** Forgets entry `id` once it is stored (or refused for good). */
export function forget(id: string): void {
	const entries = read();
	const left = entries.filter((e) => e.id !== id);
	if (left.length !== entries.length) save(left);
}

/** The entries not stored yet (for tests and `recover`). */
export function unstored(): Unstored[] {
	return read();
}

/**
 * Stores `entry`, once, and forgets it, stored or refused: a page that saw the refusal has
 * said so and put its board back, and a refused entry must not come back after a reload.
 * Only entries whose page went away before knowing stay noted.
 */
export async function store(entry: Unstored): Promise<Appended> {
	try {
		return await append(entry.gameId, entry.event, { now: entry.at, once: true });
	} finally {
		forget(entry.id);
	}
}

/**
 * Stores, in the order noted, the entries a page painted and did not store (it was reloaded
 * or closed within a frame of a tap). Each is stored once even if it did reach the database.
 * Runs when a scorecard opens.
 */
export async function recover(): Promise<void> {
	for (const entry of read()) {
		try {
			await store(entry);
		} catch {
			// Refused (the card was signed meanwhile, the disk is full): the scorecard shows
			// what the store holds; there is no one to tell about an entry of a closed page.
		}
	}
}
