/**
 * The league's insights page for the instructor (issue 41): the students who often miss
 * counts, and the most improved. Read from the kept figures: nothing is replayed. Never shown
 * on a group's phone (the page is an instructor's section) nor on the standings, which a class
 * sees on the projector.
 */
import * as figures from '$lib/db/figures';
import type { DatedFigures } from '$lib/db/figures';
import * as leagues from '$lib/db/leagues';
import * as roster from '$lib/db/roster';
import type { LeagueRecord } from '$lib/card/records';
import { mostImproved, type Improvement, type PlayedCard } from '$lib/rules/insights/progress';
import type { PlayerId } from '$lib/rules/types';
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
 * A counted card's kept figures as `mostImproved` reads a card: its day, and each side's
 * players and final total (every row of a side has the side's total).
 */
function played(card: DatedFigures): PlayedCard {
	const sides = new Map<string, { players: PlayerId[]; total: number }>();
	for (const row of card.rows) {
		const side = sides.get(row.side);
		if (side) side.players.push(row.player);
		else sides.set(row.side, { players: [row.player], total: row.points });
	}
	return { date: card.date, sides: [...sides.values()] };
}

/**
 * League `leagueId`'s insights page, from the kept figures alone: a card has figures exactly
 * while it counts (`card/figures.ts`), so the counted cards are not read again beside them.
 * @throws DbError `not-found`
 */
export async function insightsView(leagueId: string): Promise<InsightsView> {
	const [league, everyone, kept] = await Promise.all([
		leagues.get(leagueId),
		roster.everyone(leagueId),
		figures.ofLeague(leagueId)
	]);
	return {
		league,
		names: new Map(everyone.map((p) => [p.id, p.name])),
		counted: kept.length,
		help: oftenMissing(termLearning(kept).values()),
		improved: mostImproved(kept.map(played)).slice(0, 5)
	};
}
