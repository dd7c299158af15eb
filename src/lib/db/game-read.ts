/**
 * Reading one game for a screen: its record, log and replay. Apart from `games.ts` so that a
 * scorecard's first paint carries only this, not the writes (`game-writes.ts`, loaded with
 * the scorecard's `tap-writer.ts` after the board is drawn).
 */
import { db } from './db';
import { DbError, guard } from './errors';
import { view, type GameView } from './game-view';
import { eventsOf, expecting, lastEventOf, logOf } from './known-logs';
import { replayRecords } from '$lib/card/log';
import { toSetup, type GameRecord } from '$lib/card/records';

export { expectAppend } from './known-logs';

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
		db.transaction('r', db.games, db.events, async () => {
			const expected = expecting.get(id);
			if (expected !== undefined) {
				const [record, last] = await Promise.all([mustGet(id), lastEventOf(id)]);
				if (last?.event.id === expected) {
					expecting.delete(id);
					const { events, replayed } = await logOf(record, last);
					return view(record, events, replayed);
				}
			}
			// Both at once: a cold start of the scorecard waits on each round trip to the database.
			const [record, events] = await Promise.all([mustGet(id), eventsOf(id)]);
			return view(record, events, replayRecords(toSetup(record), events));
		})
	);
}
