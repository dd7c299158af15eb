/**
 * Head-to-head (issue 41): for two students, the counted games they played at the same table
 * and who finished ahead, the side with the higher total (equal totals are level). Games they
 * played as partners are counted apart: neither finished ahead of the other.
 */
import type { StandingsCard } from '../standings';
import type { PlayerId } from '../types';
import { playOrder } from './ratings';

/** One game two students played at the same table. */
export interface Meeting {
	gameId: string;
	date: string;
	/** Each one's side's total. */
	totals: [number, number];
	/** Who finished ahead: the first student, the second, or neither. */
	ahead: 'first' | 'second' | 'level';
}

/** Two students' games against each other, oldest first. */
export interface HeadToHead {
	meetings: Meeting[];
	/** Games the first finished ahead in, the second, and level. */
	first: number;
	second: number;
	level: number;
	/** Games they played on the same side, not counted above. */
	asPartners: number;
}

/** How `first` and `second` did against each other in league cards `cards`. */
export function headToHead(
	cards: readonly StandingsCard[],
	first: PlayerId,
	second: PlayerId
): HeadToHead {
	const out: HeadToHead = { meetings: [], first: 0, second: 0, level: 0, asPartners: 0 };
	if (first === second) return out;
	for (const card of [...cards].sort(playOrder)) {
		const a = card.sides.find((s) => s.players.includes(first));
		const b = card.sides.find((s) => s.players.includes(second));
		if (!a || !b) continue;
		if (a === b) {
			out.asPartners += 1;
			continue;
		}
		const ahead = a.total > b.total ? 'first' : a.total < b.total ? 'second' : 'level';
		out[ahead] += 1;
		out.meetings.push({ gameId: card.gameId, date: card.date, totals: [a.total, b.total], ahead });
	}
	return out;
}
