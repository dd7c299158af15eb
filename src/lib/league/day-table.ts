/**
 * The standings of one class session, as its cards arrive: for the projector board (issue 40).
 * Only a group whose card counts here is in it (signed, with a result; a card still on its
 * phone, unsigned, changed after signing or voided is not), so the board never shows a win the
 * league's standings would not. Ordered as the league's: games won, then points; students level
 * on both share a place.
 */
import type { PlayerId } from '$lib/rules/types';
import type { GroupView } from './views';

/** A student's day. */
export interface DayRow {
	place: number;
	player: PlayerId;
	played: number;
	won: number;
	points: number;
}

/** The day's table of the session whose groups are `groups`. */
export function dayTable(groups: readonly GroupView[]): DayRow[] {
	const rows = new Map<PlayerId, Omit<DayRow, 'place'>>();
	for (const group of groups) {
		if (group.status !== 'signed') continue;
		const winners = new Set(group.winners);
		for (const side of group.sides) {
			for (const player of side.players) {
				const row = rows.get(player) ?? { player, played: 0, won: 0, points: 0 };
				row.played++;
				if (winners.has(side.label)) row.won++;
				row.points += side.total;
				rows.set(player, row);
			}
		}
	}
	const sorted = [...rows.values()].sort((a, b) => b.won - a.won || b.points - a.points);
	const out: DayRow[] = [];
	for (const [i, row] of sorted.entries()) {
		const above = out[i - 1];
		const level = above !== undefined && above.won === row.won && above.points === row.points;
		out.push({ ...row, place: level ? above.place : i + 1 });
	}
	return out;
}
