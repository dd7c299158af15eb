/**
 * The staging database of a restore (`backup/restore.ts`): the checked parts of a file, kept
 * apart from the real store until the whole file is known good. A database of its own, so that
 * staging never touches the store and dropping it is one call.
 */
import Dexie, { type Table } from 'dexie';
import { DbError, guard } from './errors';
import type { StoreDump } from '$lib/card/backup-records';

/** The staging database's name. */
export const STAGING_DB = 'muggins-league-restore';

/** One checked part of the file, as staged. */
export interface StagedPart {
	n: number;
	part: StoreDump;
	/**
	 * The fingerprint of each of its games' cards as checked, by game id, written in the same
	 * record as the part they were taken over: the writing hands them to the store's upkeep
	 * (`vouchPrints`), which then does not hash each card again. Absent in a part staged before
	 * issue 39's change (the upkeep hashes those).
	 */
	prints?: Record<string, string>;
}

class StagingDB extends Dexie {
	parts!: Table<StagedPart, number>;
	constructor() {
		super(STAGING_DB);
		this.version(1).stores({ parts: 'n' });
	}
}

/** The staging database, opened by its first request. */
export type Staging = StagingDB;

export function openStaging(): Staging {
	return new StagingDB();
}

/** Closes `staging` (when given) and deletes the staging database. */
export async function dropStaging(staging?: Staging): Promise<void> {
	staging?.close();
	await Dexie.delete(STAGING_DB);
}

/** Stages `rows`, in one request. */
export function stage(staging: Staging, rows: readonly StagedPart[]): Promise<unknown> {
	return guard(() => staging.parts.bulkAdd(rows as StagedPart[]));
}

/** The staged part of key `n`. @throws DbError `incoming-damaged` when it is missing */
export async function stagedOf(staging: Staging, n: number): Promise<StagedPart> {
	const row = await guard(() => staging.parts.get(n));
	if (!row) throw new DbError('incoming-damaged', { detail: 'a part of the restore is missing' });
	return row;
}

/** Up to `limit` staged parts from key `from` on, in key order, in one request. */
export function stagedFrom(staging: Staging, from: number, limit: number): Promise<StagedPart[]> {
	return guard(() => staging.parts.where('n').aboveOrEqual(from).limit(limit).toArray());
}

/** Drops the staged parts of keys `ns` (written into the store). */
export function unstage(staging: Staging, ns: readonly number[]): Promise<void> {
	return guard(() => staging.parts.bulkDelete(ns as number[]));
}
