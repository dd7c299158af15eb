import type { Names } from '$lib/league/views';
import type { StandingsRow } from '$lib/rules/standings';
import { firstNames } from './first-names';

/** What the standings show, for a projected screen the whole class reads. */
export interface ShowOptions {
	/** First names only ("Ana B." where two share a first name). */
	firstNames: boolean;
	/** The first `top` places only; null for everyone. */
	top: number | null;
	/** Leave out students who have not played a game yet. */
	playedOnly: boolean;
}

export const SHOW_ALL: ShowOptions = { firstNames: false, top: null, playedOnly: false };

/** The rows and the names to show under `options`; the places stay those of the full table. */
export function shownStandings(
	rows: readonly StandingsRow[],
	names: Names,
	options: ShowOptions
): { rows: StandingsRow[]; names: Names } {
	const kept = rows.filter(
		(r) => (!options.playedOnly || r.played > 0) && (options.top === null || r.place <= options.top)
	);
	if (!options.firstNames) return { rows: kept, names };
	// Every student of the table, shown or not: "Ana" alone would still be ambiguous.
	return {
		rows: kept,
		names: firstNames(
			rows.map((r) => r.player),
			names
		)
	};
}
