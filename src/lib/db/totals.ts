/**
 * A league's counted cards added up per student and per day (`card/totals.ts`, schema version
 * 15), as the insights page reads them: kept by the upkeep (`totals-upkeep.ts`) in the
 * transaction that changes a card's figures, so nothing here reads a card.
 */
import Dexie from 'dexie';
import type { DayTotalsRecord, StudentTotalsRecord } from '$lib/card/totals';
import { db } from './db';
import { guard } from './errors';

/** Every student's totals in league `leagueId` (those with a counted card), by student id. */
export async function ofLeague(leagueId: string): Promise<StudentTotalsRecord[]> {
	return guard(() =>
		db.studentTotals
			.where('[leagueId+player]')
			.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey])
			.toArray()
	);
}

/** League `leagueId`'s latest `count` days of play, newest first. */
export async function latestDays(leagueId: string, count: number): Promise<DayTotalsRecord[]> {
	return guard(() =>
		db.dayTotals
			.where('[leagueId+date]')
			.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey])
			.reverse()
			.limit(count)
			.toArray()
	);
}

/**
 * The days league `leagueId`'s counted cards count for, in order: the keys of its day totals
 * alone (a day with no counted card has none), no record read.
 */
export async function daysOf(leagueId: string): Promise<string[]> {
	const keys = await guard(() =>
		db.dayTotals
			.where('[leagueId+date]')
			.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey])
			.primaryKeys()
	);
	return keys.map((key) => (key as unknown as [string, string])[1]);
}
