/**
 * Reading one game for a screen: its record, log and replay. Apart from `games.ts` so that a
 * scorecard's first paint carries only this, not the writes (`game-writes.ts`, loaded with
 * the scorecard's `tap-writer.ts` after the board is drawn).
 */
import { db, type MugginsDB } from './db';
import { DbError, guard } from './errors';
import { view, type GameView } from '$lib/card/game-view';
import { replayRecords } from '$lib/card/log';
import { toSetup, type EventRecord, type GameRecord } from '$lib/card/records';

/**
 * Game `gameId`'s events in order, read through `source` (`signatures.ts` reads them through
 * its durable connection, inside its own transactions).
 */
export async function eventsOf(gameId: string, source: MugginsDB = db): Promise<EventRecord[]> {
	return (await source.logs.get(gameId))?.events ?? [];
}

async function mustGet(gameId: string): Promise<GameRecord> {
	const record = await db.games.get(gameId);
	if (!record) throw new DbError('not-found', { what: 'game' });
	return record;
}

/**
 * Game `id` with its events and their replay, read in one transaction (a consistent snapshot
 * even while another tab appends).
 * @throws DbError `not-found`
 */
export async function get(id: string): Promise<GameView> {
	return guard(() =>
		db.transaction('r', db.games, db.logs, async () => {
			// Both at once: a cold start of the scorecard waits on each round trip to the database.
			const [record, events] = await Promise.all([mustGet(id), eventsOf(id)]);
			return view(record, events, replayRecords(toSetup(record), events));
		})
	);
}
