/**
 * A rating for every student (issue 41): how strongly they play now, learnt from the league's
 * counted cards in the order they were played, with OpenSkill's Plackett-Luce model (the
 * `openskill` package), which is built for free-for-all games of 3 and 4 players. Each side of a
 * card is a team, and the sides' final totals are what it learns from: finishing 5 points
 * behind the winner says more than finishing 100 behind. The rating never orders the
 * standings: games won do (RULES.md §7).
 *
 * Shown as one number, twice the model's estimate of the student's skill, so that everyone
 * starts at 50 and a term's class spreads over roughly 20 to 80. Until a student has played
 * `SETTLED_AFTER` counted games the number is kept back ("new"): the model is then unsure by
 * more than ten points either way, and a number that jumps from 50 to 62 to 47 in three games
 * would tell a student more about chance than about their play.
 */
import { rate, rating as firstRating } from 'openskill';
import type { StandingsCard } from '../standings';
import type { PlayerId } from '../types';

/** Counted games before a student's rating is shown. */
export const SETTLED_AFTER = 5;

/**
 * Points a side's total is divided by before the model weighs the margin of a game, and the
 * margin (in those units) below which a lead counts as no lead. Tuned on simulated leagues
 * (tests/unit/rules/insights/ratings.test.ts). Against true skill, Spearman's rho over five
 * classes averaged 0.927 a third of the way through a term at 50 points a unit, against 0.913
 * with places alone (0.959 for both by the term's end); at 10 points a unit the margins
 * weighed so much that the ratings chased luck (0.934 at the end).
 */
const SCORE_UNIT = 50;
const MARGIN = 1;

/** How the opponents of one game compared with the student before it, on the shown scale. */
export type Opposition = 'stronger' | 'similar' | 'weaker';

/** One counted game's effect on a student's rating. */
export interface RatingStep {
	gameId: string;
	date: string;
	result: 'won' | 'shared' | 'lost';
	/** The shown rating before and after the game (unrounded). */
	before: number;
	after: number;
	/** The opponents' mean shown rating before the game, against the student's. */
	opposition: Opposition;
}

/** A student's rating after every counted game of the league. */
export interface StudentRating {
	player: PlayerId;
	/** The shown rating, rounded; null while fewer than `SETTLED_AFTER` games are counted. */
	shown: number | null;
	/** The model's estimate of skill and its uncertainty (standard deviation), unscaled. */
	mu: number;
	sigma: number;
	games: number;
	/** Game by game, oldest first. */
	steps: RatingStep[];
}

/** The model's estimate on the shown scale. */
const onScale = (mu: number) => 2 * mu;

/** Opponents within this many points of the student count as similar. */
const SIMILAR = 3;

/** The order games are rated in: by day, then by id, so every device reaches the same ratings. */
export function playOrder(a: StandingsCard, b: StandingsCard): number {
	if (a.date !== b.date) return a.date < b.date ? -1 : 1;
	return a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0;
}

/**
 * Every student's rating from league cards `cards` (any order: they are rated in `playOrder`).
 * A card with fewer than two sides teaches nothing and is passed over.
 */
export function ratings(cards: readonly StandingsCard[]): Map<PlayerId, StudentRating> {
	const held = new Map<PlayerId, StudentRating>();
	const of = (player: PlayerId): StudentRating => {
		let found = held.get(player);
		if (!found) {
			const { mu, sigma } = firstRating();
			found = { player, shown: null, mu, sigma, games: 0, steps: [] };
			held.set(player, found);
		}
		return found;
	};
	for (const card of [...cards].sort(playOrder)) {
		if (card.sides.length < 2) continue;
		const teams = card.sides.map((side) => side.players.map(of));
		const rated = rate(
			teams.map((team) => team.map(({ mu, sigma }) => ({ mu, sigma }))),
			{ score: card.sides.map((s) => s.total / SCORE_UNIT), margin: MARGIN }
		);
		const meanOf = (students: StudentRating[]) =>
			students.reduce((sum, s) => sum + onScale(s.mu), 0) / Math.max(1, students.length);
		teams.forEach((team, i) => {
			const side = card.sides[i]!;
			const won = card.winners.includes(side.label);
			const result = won ? (card.winners.length > 1 ? 'shared' : 'won') : 'lost';
			const opponents = teams.filter((_, j) => j !== i).flat();
			const theirs = meanOf(opponents);
			team.forEach((student, k) => {
				const before = onScale(student.mu);
				const next = rated[i]![k]!;
				const opposition: Opposition =
					theirs > before + SIMILAR ? 'stronger' : theirs < before - SIMILAR ? 'weaker' : 'similar';
				student.steps.push({
					gameId: card.gameId,
					date: card.date,
					result,
					before,
					after: onScale(next.mu),
					opposition
				});
			});
		});
		// Written back only once every side's step is taken from the ratings before this game.
		teams.forEach((team, i) =>
			team.forEach((student, k) => {
				const next = rated[i]![k]!;
				student.mu = next.mu;
				student.sigma = next.sigma;
				student.games += 1;
				student.shown = student.games >= SETTLED_AFTER ? Math.round(onScale(next.mu)) : null;
			})
		);
	}
	return held;
}
