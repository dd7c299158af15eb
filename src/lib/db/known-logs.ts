/**
 * The logs this tab knows: the last one each write left, so that the next write, and the read
 * a screen announced with `expectAppend`, skip reading and replaying the whole log.
 */
import Dexie from 'dexie';
import { db, type MugginsDB } from './db';
import { replayRecords, type Replayed } from '$lib/card/log';
import { toSetup, type EventRecord, type GameRecord } from '$lib/card/records';

/** A game's stored log and its replay, as this tab last wrote it. */
export interface KnownLog {
	events: EventRecord[];
	replayed: Replayed;
}

/**
 * The logs this tab wrote last, the most recent last. A write checks the stored log's last
 * event against the one known here, and when they are the same event it reads one record
 * instead of the whole log and replays nothing: a tap then costs the same on the first hand
 * and the tenth. Another tab's write, an import or a restore changes the last event, and the
 * log is read and replayed afresh. `get` uses it only after `expectAppend`, for the write a
 * screen already shows; otherwise reads always read the store.
 */
const known = new Map<string, KnownLog>();
const KNOWN_GAMES = 8;

export function remember(gameId: string, log: KnownLog): void {
	known.delete(gameId);
	known.set(gameId, log);
	for (const old of known.keys()) {
		if (known.size <= KNOWN_GAMES) break;
		known.delete(old);
	}
}

/** Per game, the id of the event whose write a screen already shows (`expectAppend`). */
export const expecting = new Map<string, string>();

/**
 * Tells `get` that the next read of game `gameId` will find the event `eventId` this tab is
 * writing as its last one: the screen that painted it already holds that game, so when the
 * stored log ends with it and is the log this tab wrote, `get` reads two records and replays
 * nothing, instead of reading and replaying the whole log (the scorecard's live query, after
 * every tap). Any other last event, from another tab or a restore, is read afresh.
 */
export function expectAppend(gameId: string, eventId: string): void {
	expecting.set(gameId, eventId);
}

/** The last stored event of game `gameId`, or undefined for an empty log. */
export function lastEventOf(gameId: string): Promise<EventRecord | undefined> {
	return db.events
		.where('[gameId+seq]')
		.between([gameId, Dexie.minKey], [gameId, Dexie.maxKey])
		.last();
}

/** Game `record`'s log and replay: the one known here if still current, else read afresh. */
export async function logOf(record: GameRecord, last: EventRecord | undefined): Promise<KnownLog> {
	const mine = known.get(record.id);
	const myLast = mine?.events.at(-1);
	if (mine && myLast?.seq === last?.seq && myLast?.event.id === last?.event.id) return mine;
	const events = await eventsOf(record.id);
	return { events, replayed: replayRecords(toSetup(record), events) };
}

/**
 * Game `gameId`'s events in order, read through `source` (`signatures.ts` reads them through
 * its durable connection, inside its own transactions).
 */
export function eventsOf(gameId: string, source: MugginsDB = db): Promise<EventRecord[]> {
	return source.events
		.where('[gameId+seq]')
		.between([gameId, Dexie.minKey], [gameId, Dexie.maxKey])
		.toArray();
}
