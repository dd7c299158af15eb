/**
 * The class's insights for the instructor (issue 41), from the league's kept figures
 * (`db/figures.ts`) and counted cards: the students who often miss counts (shown to the
 * instructor only, never to other students), and every student's figures for the insights CSV.
 * Pure: the loaders read, these add up.
 */
import { byPlay, inPlayOrder, type DatedFigures } from '$lib/card/play-order';
import { addLearning, noLearning, type Learning } from '$lib/rules/insights/learning';
import { everyStreak, type Streaks } from '$lib/rules/insights/progress';
import type { StudentRating } from '$lib/rules/insights/ratings';
import type { StandingsCard } from '$lib/rules/standings';
import type { PlayerId } from '$lib/rules/types';

/** Counted games a student needs before the list of missed counts considers them. */
export const HELP_MIN_GAMES = 3;
/**
 * The share of a student's counts that someone else took ("Muggins!") at or above which they
 * are listed: one count in five.
 */
export const HELP_SHARE = 0.2;

/** A student's counting over the term, from the cards whose logs could be read. */
export interface TermLearning {
	player: PlayerId;
	games: number;
	learning: Learning;
}

/**
 * A league's kept figures taken a batch at a time (`figures.eachOfLeague`): each student's
 * counting over the term, and the cards' play order for the streaks; the figures themselves
 * are not kept.
 */
export class TermFold {
	/** Each student's counting so far, by player. */
	readonly learnt = new Map<PlayerId, TermLearning>();
	#keys: { gameId: string; date: string; endedAt: string }[] = [];

	/** Adds the cards of `figures`. */
	add(figures: readonly DatedFigures[]): this {
		for (const card of figures) {
			this.#keys.push({ gameId: card.gameId, date: card.date, endedAt: card.endedAt });
			for (const row of card.rows) {
				if (!row.learning) continue;
				const mine = this.learnt.get(row.player);
				if (mine) {
					mine.games++;
					mine.learning = addLearning(mine.learning, row.learning);
				} else
					this.learnt.set(row.player, {
						player: row.player,
						games: 1,
						learning: { ...row.learning }
					});
			}
		}
		return this;
	}

	/** The order of the cards added, as an order of standings cards (`inPlayOrder`). */
	playOrder(): ReturnType<typeof inPlayOrder> {
		return inPlayOrder(this.#keys.sort(byPlay));
	}
}

/** A student the instructor may help with counting. */
export interface NeedsHelp extends TermLearning {
	/** Counts missed over the counts they had (made, and missed): 0 to 1. */
	share: number;
}

/**
 * The students who often miss counts: at least `HELP_MIN_GAMES` counted games, and at least
 * `HELP_SHARE` of their counts taken by someone else; the largest share first.
 */
export function oftenMissing(learning: Iterable<TermLearning>): NeedsHelp[] {
	const out: NeedsHelp[] = [];
	for (const t of learning) {
		const had = t.learning.countsMade + t.learning.countsMissed;
		if (t.games < HELP_MIN_GAMES || had === 0) continue;
		const share = t.learning.countsMissed / had;
		if (share >= HELP_SHARE) out.push({ ...t, share });
	}
	return out.sort((a, b) => b.share - a.share || b.learning.countsMissed - a.learning.countsMissed);
}

/** One student's line of the insights CSV. */
export interface InsightLine {
	player: PlayerId;
	/** The shown rating; null while it is new. */
	rating: number | null;
	ratedGames: number;
	streaks: Streaks;
	games: number;
	learning: Learning;
}

/**
 * The insights of each student of `order` (the roster, in its order): rating, streaks and
 * counting, from the league's counted cards, their ratings and the kept figures (`term`).
 */
export function insightLines(
	order: readonly PlayerId[],
	counted: readonly StandingsCard[],
	rated: ReadonlyMap<PlayerId, StudentRating>,
	term: TermFold
): InsightLine[] {
	const learnt = term.learnt;
	const runs = everyStreak(counted, term.playOrder());
	return order.map((player) => {
		const r = rated.get(player);
		const l = learnt.get(player);
		return {
			player,
			rating: r?.shown ?? null,
			ratedGames: r?.games ?? 0,
			streaks: runs.get(player) ?? { current: 0, longest: 0 },
			games: l?.games ?? 0,
			learning: l?.learning ?? noLearning()
		};
	});
}
