/**
 * Shared by the store's tests. Import `fake-indexeddb/auto` before this file (and before
 * anything that loads Dexie), since Dexie picks up `indexedDB` when it loads.
 */
import { forgetCachedKey } from '$lib/db/device-key';
import { db, durableDb } from '$lib/db/db';
import * as storeDump from '$lib/db/store-dump';
import type { DbErrorCode } from '$lib/db/errors';
import type { EventRecord, SignatureRecord } from '$lib/card/records';
import { expect } from 'vitest';
import { restoreStaged } from '$lib/backup/restore';
import type { StoreDump } from '$lib/card/backup-records';
import type { RestoreMode } from '$lib/card/merge-plan';

/**
 * Empties the database: each test starts on a fresh one. The durable connection closes
 * first (to reopen on its next use): left open, the deletion would tell it another tab
 * upgraded, and it would refuse all work from then on.
 */
export async function resetDb(): Promise<void> {
	durableDb().close({ disableAutoOpen: false });
	await db.delete({ disableAutoOpen: false });
	// A new database is a new device: its key is made afresh (`device-key.ts`).
	forgetCachedKey();
}

/** Rows per table, to show that a refused write stored nothing. */
export async function rowCounts(): Promise<Record<'players' | 'games' | 'events', number>> {
	return {
		players: await db.players.count(),
		games: await db.games.count(),
		events: await eventCount()
	};
}

/** Every stored event, game by game (by id), each game's in order. */
export async function allEvents(): Promise<EventRecord[]> {
	return (await db.logs.toArray()).flatMap((log) => log.events);
}

/** How many events the logs hold. */
export async function eventCount(): Promise<number> {
	return (await allEvents()).length;
}

/** Game `gameId`'s stored events, in order. */
export async function logOf(gameId: string): Promise<EventRecord[]> {
	return (await db.logs.get(gameId))?.events ?? [];
}

/** Event `seq` of game `gameId` as stored, if any. */
export async function eventAt(gameId: string, seq: number): Promise<EventRecord | undefined> {
	return (await logOf(gameId)).find((e) => e.seq === seq);
}

/**
 * Stores `row` in its game's log in place of the event at its `seq`, or as a new one in its
 * place (a test's tampering with a log, below the app's verbs).
 */
export async function putEvent(row: EventRecord): Promise<void> {
	const kept = (await logOf(row.gameId)).filter((e) => e.seq !== row.seq);
	const events = [...kept, row].sort((a, b) => a.seq - b.seq);
	await db.logs.put({ gameId: row.gameId, events });
}

/** Takes event `seq` out of game `gameId`'s log (a test's tampering). */
export async function deleteEvent(gameId: string, seq: number): Promise<void> {
	const events = (await logOf(gameId)).filter((e) => e.seq !== seq);
	await db.logs.put({ gameId, events });
}

/** Expects `work` to fail with an error carrying `code` (a RuleError or a DbError). */
export async function expectCode(
	work: Promise<unknown>,
	code: DbErrorCode | string
): Promise<void> {
	await expect(work).rejects.toMatchObject({ code });
}

/** Minute `m` of a fixed day, as the ISO time the store records. */
export function at(m: number): string {
	return new Date(Date.UTC(2026, 0, 12, 9, m)).toISOString();
}

/** The schema of version 5 as it shipped, declared at once (Dexie creates it whole). */
export const SHIPPED_VERSION_5 = {
	players: 'id, nameKey, leagueId',
	games: 'id, [status+createdAt], *seats, leagueId, sessionId',
	events: '[gameId+seq]',
	meta: 'key',
	signatures: 'id, gameId',
	leagues: 'id',
	sessions: 'id, [leagueId+date]',
	matches: 'id, *gameIds',
	inbox: 'id, leagueId, gameId',
	turnIns: 'gameId'
};

/** Version 6 as it shipped: version 5 and the standings' contributions. */
export const SHIPPED_VERSION_6 = { ...SHIPPED_VERSION_5, contributions: '[leagueId+page]' };

/** Version 9 as it shipped: version 8's verdicts and game indexes, and version 9's tables. */
export const SHIPPED_VERSION_9 = {
	...SHIPPED_VERSION_6,
	verdicts: 'gameId, [leagueId+changed]',
	games:
		'id, [status+createdAt], *seats, leagueId, sessionId, [leagueId+createdAt+id], [status+finishedAt]',
	assignments: 'gameId, sessionId',
	receipts: 'gameId'
};

/** Version 10 as it shipped: version 9's tables and indexes (the verdicts gained hands). */
export const SHIPPED_VERSION_10 = SHIPPED_VERSION_9;

/** Version 11 as it shipped: version 10 and each signed card's whole log. */
export const SHIPPED_VERSION_11 = { ...SHIPPED_VERSION_10, signedLogs: 'gameId' };
export const SHIPPED_VERSION_13 = {
	...SHIPPED_VERSION_11,
	figures: 'gameId, leagueId, *players',
	inbox: 'id, leagueId, gameId, [leagueId+content]'
};

/** Version 14 as it shipped: version 13 and the inbox's indexes for its pages. */
export const SHIPPED_VERSION_14 = {
	...SHIPPED_VERSION_13,
	inbox:
		'id, leagueId, gameId, [leagueId+content], [leagueId+receivedAt], [leagueId+state+receivedAt]'
};

/** Version 15 as it shipped: version 14 and the totals per student and per day. */
export const SHIPPED_VERSION_15 = {
	...SHIPPED_VERSION_14,
	studentTotals: '[leagueId+player]',
	dayTotals: '[leagueId+date]'
};

/** Version 16 as it shipped: version 15 with each game's log one record, the events gone. */
export const SHIPPED_VERSION_16 = (() => {
	const v16: Record<string, string> = { ...SHIPPED_VERSION_15, logs: 'gameId' };
	delete v16.events;
	delete v16.signedLogs;
	return v16;
})();

/** Version 17 as it shipped: version 16 with each game's signatures one record. */
export const SHIPPED_VERSION_17 = (() => {
	const v17: Record<string, string> = { ...SHIPPED_VERSION_16, gameSignatures: 'gameId' };
	delete v17.signatures;
	return v17;
})();

/** Restores `file` (this device's, whole) as the Settings page restores a backup, in one part. */
export async function restoreDump(file: StoreDump, mode: RestoreMode): Promise<void> {
	async function* one(): AsyncGenerator<StoreDump> {
		yield structuredClone(file);
	}
	await restoreStaged(one(), mode);
}

/**
 * Every signature held, in the order of their ids (as the store kept them, one a record, before
 * schema version 17 kept a game's together).
 */
export async function allSignatures(): Promise<SignatureRecord[]> {
	const games = await db.gameSignatures.toArray();
	return games
		.flatMap((g) => g.signatures)
		.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Everything a backup holds, read in one transaction (a consistent copy while another tab
 * writes): what the tests compare stores with. The app never reads a store whole.
 */
export async function wholeStore(): Promise<StoreDump> {
	return db.transaction('r', storeDump.tables(), async () => ({
		leagues: await db.leagues.toArray(),
		players: await db.players.toArray(),
		sessions: await db.sessions.toArray(),
		games: await db.games.toArray(),
		events: (await db.logs.toArray()).flatMap((log) => log.events),
		matches: await db.matches.toArray(),
		signatures: await allSignatures(),
		inbox: await db.inbox.toArray(),
		turnIns: await db.turnIns.toArray()
	}));
}
