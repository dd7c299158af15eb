/**
 * The words of a student's rating (issue 41): one number, "new" while it is uncertain, and a
 * sentence for each game's change that a twelve-year-old understands ("Won against stronger
 * players: up 4"). The rating never orders the standings (`rules/insights/ratings.ts`).
 */
import { SETTLED_AFTER, type RatingStep, type StudentRating } from '$lib/rules/insights/ratings';

/** A student's rating as their page shows it. */
export interface RatingShown {
	/** The number, or null while it is new. */
	value: number | null;
	/** Why it is new ("It needs 5 games (3 played)…"), or what the number means once shown. */
	note: string;
	/** Game by game, the latest first, once the number shows; empty while it is new. */
	steps: { gameId: string; date: string; sentence: string; after: number }[];
}

const OPPONENTS = {
	stronger: 'stronger players',
	similar: 'players at your level',
	weaker: 'players rated lower'
} as const;

/** The sentence for one game's change, its numbers rounded as shown. */
export function stepSentence(step: RatingStep): string {
	const change = Math.round(step.after) - Math.round(step.before);
	const how =
		step.result === 'won'
			? `Won against ${OPPONENTS[step.opposition]}`
			: step.result === 'shared'
				? `Shared the win with ${OPPONENTS[step.opposition]}`
				: `Lost to ${OPPONENTS[step.opposition]}`;
	const moved = change > 0 ? `up ${change}` : change < 0 ? `down ${-change}` : 'no change';
	return `${how}: ${moved}`;
}

/** `rating` (undefined: no counted game yet) as the student's page shows it. */
export function ratingShown(rating: StudentRating | undefined): RatingShown {
	const games = rating?.games ?? 0;
	if (!rating || rating.shown === null) {
		const played = games === 1 ? '1 played' : `${games} played`;
		return {
			value: null,
			note: `It needs ${SETTLED_AFTER} games (${played}): until then one lucky or unlucky game would move it too much to mean anything.`,
			steps: []
		};
	}
	return {
		value: rating.shown,
		note: 'Everyone starts at 50. It goes up more for beating stronger players, and by more for winning by more.',
		steps: rating.steps
			.map((s) => ({
				gameId: s.gameId,
				date: s.date,
				sentence: stepSentence(s),
				after: Math.round(s.after)
			}))
			.reverse()
	};
}
