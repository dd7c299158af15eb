/**
 * The league's insights page for the instructor (issue 41): the students who often miss
 * counts, and the most improved. Read from the kept contributions and figures: nothing is
 * replayed. Never shown on a group's phone (the page is an instructor's section) nor on the
 * standings, which a class sees on the projector.
 */
import * as cards from '$lib/db/cards';
import * as figures from '$lib/db/figures';
import * as leagues from '$lib/db/leagues';
import * as roster from '$lib/db/roster';
import type { LeagueRecord } from '$lib/card/records';
import { mostImproved, type Improvement } from '$lib/rules/insights/progress';
import { oftenMissing, termLearning, type NeedsHelp } from './class-insights';
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
 * League `leagueId`'s insights page.
 * @throws DbError `not-found`
 */
export async function insightsView(leagueId: string): Promise<InsightsView> {
	const [league, everyone, { counted }, kept] = await Promise.all([
		leagues.get(leagueId),
		roster.everyone(leagueId),
		cards.countedAndChanged(leagueId),
		figures.ofLeague(leagueId)
	]);
	return {
		league,
		names: new Map(everyone.map((p) => [p.id, p.name])),
		counted: counted.length,
		help: oftenMissing(termLearning(kept).values()),
		improved: mostImproved(counted).slice(0, 5)
	};
}
