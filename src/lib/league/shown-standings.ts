import type { Names } from '$lib/league/views';
import type { StandingsRow } from '$lib/rules/standings';
import type { PlayerId } from '$lib/rules/types';

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
	const parts = new Map<PlayerId, string[]>(
		rows.map((r) => [r.player, (names.get(r.player) ?? '').trim().split(/\s+/)])
	);
	const firstCount = new Map<string, number>();
	for (const [first] of parts.values())
		firstCount.set(first ?? '', (firstCount.get(first ?? '') ?? 0) + 1);
	const short = new Map<PlayerId, string>();
	for (const [player, [first = '', ...rest]] of parts) {
		const last = rest.at(-1);
		short.set(player, (firstCount.get(first) ?? 0) > 1 && last ? `${first} ${last[0]}.` : first);
	}
	return { rows: kept, names: short };
}
