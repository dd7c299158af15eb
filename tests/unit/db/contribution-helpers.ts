/**
 * Checks for the contributions table (schema version 6). Import `fake-indexeddb/auto` first
 * (see helpers.ts).
 */
import { expect } from 'vitest';
import * as cards from '$lib/db/cards';
import { pagesOf, readPage } from '$lib/card/contributions';
import { standingsCards } from '$lib/card/standings-cards';
import { db } from '$lib/db/db';
import type { ContributionPageRecord, ContributionRecord } from '$lib/card/records';
import type { StandingsCard } from '$lib/rules/standings';

/**
 * League `leagueId`'s standings cards as `cards.counted` computed them before version 6: from
 * every game record of the league, in the order its index hands them over (by id).
 */
export async function fromGameRecords(leagueId: string): Promise<StandingsCard[]> {
	const games = await db.games.where('leagueId').equals(leagueId).toArray();
	const sessions = await db.sessions
		.where('[leagueId+date]')
		.between([leagueId, ''], [leagueId, '\uffff'])
		.toArray();
	return standingsCards(games, new Map(sessions.map((s) => [s.id, s.date])));
}

/** A stored page with its cards read. */
export interface ReadPage {
	leagueId: string;
	page: number;
	cards: ContributionRecord[];
}

/** Pages read, in key order, each page's cards by game id: they compare whatever their order. */
export function sorted(pages: readonly ContributionPageRecord[]): ReadPage[] {
	return pages
		.map((p) => ({
			leagueId: p.leagueId,
			page: p.page,
			cards: readPage(p).sort((a, b) => a.gameId.localeCompare(b.gameId))
		}))
		.sort((a, b) => a.leagueId.localeCompare(b.leagueId) || a.page - b.page);
}

/**
 * Expects the stored contributions to be exactly what the stored games imply, and every
 * league's `counted` to equal the computation from its game records.
 */
export async function expectKept(): Promise<void> {
	const games = await db.games.toArray();
	expect(sorted(await db.contributions.toArray())).toEqual(sorted(pagesOf(games)));
	const leagueIds = new Set([
		...(await db.leagues.toCollection().primaryKeys()),
		...games.flatMap((g) => (g.leagueId ? [g.leagueId] : []))
	]);
	for (const leagueId of leagueIds) {
		expect(await cards.counted(leagueId)).toEqual(await fromGameRecords(leagueId));
	}
}

/** How many cards of league `leagueId` the contributions hold. */
export async function keptCount(leagueId: string): Promise<number> {
	const pages = await db.contributions
		.where('[leagueId+page]')
		.between([leagueId, -Infinity], [leagueId, Infinity])
		.toArray();
	return pages.reduce((n, p) => n + readPage(p).length, 0);
}
