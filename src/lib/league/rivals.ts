/**
 * Two students side by side (issue 41): the counted games they played at one table and who
 * finished ahead (`rules/insights/head-to-head.ts`), for the page both students' pages and the
 * standings link to. Reads the first student's games (the `*seats` index), never the league's.
 */
import type { LeagueRecord, PlayerRecord } from '$lib/card/records';
import * as cards from '$lib/db/cards';
import { DbError } from '$lib/db/errors';
import * as leagues from '$lib/db/leagues';
import * as lists from '$lib/db/lists';
import * as players from '$lib/db/players';
import { headToHead, type HeadToHead } from '$lib/rules/insights/head-to-head';
import type { PlayerId } from '$lib/rules/types';

/** The page of two students of one league. */
export interface RivalsView {
	league: LeagueRecord;
	first: PlayerRecord;
	second: PlayerRecord;
	met: HeadToHead;
}

/**
 * Students `first` and `second` of league `leagueId`, and their games against each other.
 * @throws DbError `not-found`, `not-on-roster` (either student is not on the league's roster)
 */
export async function rivalsView(
	leagueId: string,
	first: PlayerId,
	second: PlayerId
): Promise<RivalsView> {
	const [league, a, b, own, changed] = await Promise.all([
		leagues.get(leagueId),
		players.get(first),
		players.get(second),
		lists.ofPlayer(leagueId, first),
		cards.changedAfterSigning(leagueId)
	]);
	if (a.leagueId !== leagueId || b.leagueId !== leagueId) throw new DbError('not-on-roster');
	const together = await cards.countedAmong(
		own.filter((g) => g.seats.includes(second)),
		changed
	);
	return { league, first: a, second: b, met: headToHead(together, first, second) };
}
