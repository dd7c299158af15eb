/**
 * The instructor's correction of a signed card in words (RULES.md §7), the same on the card,
 * the standings, the inbox, prints and the CSV files: who, by how much, the score before and
 * after, and the reason.
 */
import type { ResultCorrection } from '$lib/rules/card';

/** What every place that shows a correction calls it. */
export const CORRECTED_BY_INSTRUCTOR = 'Corrected by the instructor';

/** Points with their sign, a true minus for fewer: "+10", "−5". */
export function signedPoints(points: number): string {
	return `${points > 0 ? '+' : '−'}${Math.abs(points)}`;
}

/** "Ben +10 (was 15, now 25). Reason: A 10 was missed", `name` naming the player. */
export function correctionWords(c: ResultCorrection, name: string): string {
	return `${name} ${signedPoints(c.points)} (was ${c.before}, now ${c.after}). Reason: ${c.note}`;
}
