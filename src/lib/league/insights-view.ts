/**
 * The league's insights page for the instructor (issue 41): the students who often miss
 * counts, and the most improved. Read from the kept totals: nothing is replayed. Never shown
 * on a group's phone (the page is an instructor's section) nor on the standings, which a class
 * sees on the projector.
 */
import * as figures from '$lib/db/figures';
import * as leagues from '$lib/db/leagues';
import * as roster from '$lib/db/roster';
import * as totals from '$lib/db/totals';
import type { LeagueRecord } from '$lib/card/records';
import { mostImprovedOf, RECENT_DAYS, type Improvement } from '$lib/rules/insights/progress';
import { oftenMissing, type NeedsHelp } from './class-insights';
import type { Names } from './views';

/** The insights page. */
export interface InsightsView {
	league: LeagueRecord;
	names: Names;
	/** Counted cards. */
	counted: number;
	/** Students who often miss counts, the largest share first. */
	help: NeedsHelp[];
	/** The most improved, most first (at most five). */
	improved: Improvement[];
}

/**
 * League `leagueId`'s insights page, from the totals the store keeps per student and per day
 * (`card/totals.ts`): a student's counting and points over the term, and the latest days of
 * play. No card is read (the figures of every counted card were: 841 ms at 10 classes).
 * @throws DbError `not-found`
 */
export async function insightsView(leagueId: string): Promise<InsightsView> {
	const [league, everyone, counted, term, latest] = await Promise.all([
		leagues.get(leagueId),
		roster.everyone(leagueId),
		figures.countOf(leagueId),
		totals.ofLeague(leagueId),
		totals.latestDays(leagueId, RECENT_DAYS + 1)
	]);
	return {
		league,
		names: new Map(everyone.map((p) => [p.id, p.name])),
		counted,
		help: oftenMissing(
			term
				.filter((t) => t.learnedGames > 0)
				.map((t) => ({ player: t.player, games: t.learnedGames, learning: t.learning }))
		),
		improved: mostImprovedOf(term, latest).slice(0, 5)
	};
}
