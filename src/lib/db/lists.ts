/**
 * Bounded reads for the pages that list games (issue 14): Home's last finished games, a
 * league's cards a page at a time, a student's games, an export's batches. Each reads one
 * index range of at most what the page shows, never a whole league or device. Apart from
 * `cards.ts` and `games.ts` so the scorecard's first-load JavaScript does not carry them.
 */
import Dexie from 'dexie';
import type { CardRecord } from './cards';
import { db } from './db';
import { guard } from './errors';
import type { GameRecord, GameStatus } from './records';

/**
 * The games of league `leagueId` player `playerId` sat in, oldest first, read through the
 * `*seats` index: a student's page reads their games only, not the league's.
 */
export async function ofPlayer(leagueId: string, playerId: string): Promise<CardRecord[]> {
	const seated = await guard(() => db.games.where('seats').equals(playerId).toArray());
	return seated
		.filter((g) => g.leagueId === leagueId)
		.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The latest `limit` games of league `leagueId`, the latest started first, with how many the
 * league holds: one bounded range of the `[leagueId+createdAt+id]` index, and a count.
 */
export async function latestOfLeague(
	leagueId: string,
	limit: number
): Promise<{ games: CardRecord[]; total: number }> {
	return guard(() =>
		db.transaction('r', db.games, async () => {
			const [games, total] = await Promise.all([
				leagueRange(leagueId).reverse().limit(limit).toArray(),
				countOfLeague(leagueId)
			]);
			return { games, total };
		})
	);
}

function leagueRange(leagueId: string) {
	return db.games
		.where('[leagueId+createdAt+id]')
		.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey]);
}

/** How many games league `leagueId` holds, counted on its index without reading a record. */
export async function countOfLeague(leagueId: string): Promise<number> {
	return guard(() => leagueRange(leagueId).count());
}

/**
 * League `leagueId`'s games in the order they were started, `size` at a time: each batch is
 * read in its own short transaction from the `[leagueId+createdAt+id]` index, so an export of a
 * whole school never holds a read transaction (nor every record) at once.
 */
export async function* batchesOfLeague(
	leagueId: string,
	size: number
): AsyncGenerator<CardRecord[]> {
	// The id in the key tells apart games started in the same millisecond.
	let after: [string, string, string] | null = null;
	for (;;) {
		const lower: unknown[] = after ?? [leagueId, Dexie.minKey];
		const batch: CardRecord[] = await guard(() =>
			db.games
				.where('[leagueId+createdAt+id]')
				.between(lower, [leagueId, Dexie.maxKey], after === null, true)
				.limit(size)
				.toArray()
		);
		if (batch.length === 0) return;
		yield batch;
		if (batch.length < size) return;
		const last = batch.at(-1)!;
		after = [leagueId, last.createdAt, last.id];
	}
}

/**
 * The `limit` games that finished last, the latest first, read from the `[status+finishedAt]`
 * index: Home lists a few without reading every finished game of the device.
 */
export async function lastFinished(limit: number): Promise<GameRecord[]> {
	return guard(() =>
		db.games
			.where('[status+finishedAt]')
			.between(['finished', Dexie.minKey], ['finished', Dexie.maxKey])
			.reverse()
			.limit(limit)
			.toArray()
	);
}

/** How many games have `status`, counted on the index without reading a record. */
export async function countWith(status: GameStatus): Promise<number> {
	return guard(() =>
		db.games
			.where('[status+createdAt]')
			.between([status, Dexie.minKey], [status, Dexie.maxKey])
			.count()
	);
}
