/**
 * The order the insights replay a term in, and each counted card's day: pure, so the store's
 * reads (`db/figures.ts`) and the insights' folds (`league/`) order cards the same way.
 */
import type { FiguresRecord } from './records';
import { dayOf } from './totals';

/** A counted card's figures with the day it counts for. */
export interface DatedFigures extends FiguresRecord {
	date: string;
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** The order the insights replay a term in: by day, then by when each ended, then by game id. */
export function byPlay(
	a: { date: string; endedAt: string; gameId: string },
	b: { date: string; endedAt: string; gameId: string }
): number {
	return compare(a.date, b.date) || compare(a.endedAt, b.endedAt) || compare(a.gameId, b.gameId);
}

/** `f` dated by its session (`dates`, session id → day) or the day it ended (`dayOf`). */
export function withDate(f: FiguresRecord, dates: ReadonlyMap<string, string>): DatedFigures {
	return { ...f, date: dayOf(f, dates) };
}

/**
 * The order of `figures` (in play order, `byPlay`) as an order of standings cards, for the
 * streaks: a card with no figures (none kept yet) goes by day, then game id.
 */
export function inPlayOrder(
	figures: readonly { gameId: string }[]
): (a: { gameId: string; date: string }, b: { gameId: string; date: string }) => number {
	const place = new Map(figures.map((f, i) => [f.gameId, i]));
	return (a, b) => {
		const pa = place.get(a.gameId);
		const pb = place.get(b.gameId);
		if (pa !== undefined && pb !== undefined) return pa - pb;
		return compare(a.date, b.date) || compare(a.gameId, b.gameId);
	};
}
