/** Hand-made league cards for the insights' tests. */
import type { StandingsCard } from '$lib/rules/standings';

/**
 * A card of single-player sides with these totals (`"Ana+Cleo"` makes partners); the highest
 * total wins, and equal highest totals share the win.
 */
export function card(gameId: string, date: string, totals: Record<string, number>): StandingsCard {
	const sides = Object.entries(totals).map(([label, total]) => ({
		label,
		players: label.split('+'),
		total
	}));
	const best = Math.max(...sides.map((s) => s.total));
	return {
		gameId,
		date,
		sides,
		winners: sides.filter((s) => s.total === best).map((s) => s.label)
	};
}
