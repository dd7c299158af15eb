/**
 * Where a league's stream stands (issue 40): the last live entry (its stream number), game
 * state, league state and card number it covers. Sent as every message's `id:` and taken back
 * in `Last-Event-ID` (or `?last=`), so a stream that resumes sends everything after it, nothing
 * twice. Opaque to the app: four whole numbers joined by '-'.
 */
import { malformed } from './errors';

export interface Cursor {
	/** The highest live entry's stream number (live_entries.stream_seq). */
	live: number;
	/** The highest game state's number (game_states.seq). */
	states: number;
	/** The league's state number (leagues.state_seq). */
	league: number;
	/** The league's card number (leagues.card_seq). */
	cards: number;
}

/** A cursor as the `id:` of a message. */
export function cursorText(c: Cursor): string {
	return `${c.live}-${c.states}-${c.league}-${c.cards}`;
}

/**
 * The cursor a client sent, or null when it sent none (a fresh stream).
 * @throws ApiError 400 when it is not one this server writes
 */
export function readCursor(text: string | undefined | null): Cursor | null {
	if (text === undefined || text === null || text.trim() === '') return null;
	const parts = /^(\d{1,15})-(\d{1,15})-(\d{1,15})-(\d{1,15})$/.exec(text.trim());
	if (!parts) throw malformed('Last-Event-ID: not a cursor of this server');
	const [live, states, league, cards] = parts.slice(1).map(Number) as [
		number,
		number,
		number,
		number
	];
	return { live, states, league, cards };
}

/** Whether `a` covers something `b` does not, in any of its parts. */
export function isAhead(a: Cursor, b: Cursor): boolean {
	return a.live > b.live || a.states > b.states || a.league > b.league || a.cards > b.cards;
}
