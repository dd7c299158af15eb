import type { Seat } from './draft';

/**
 * The players seated on New game, kept for this tab (sessionStorage) so that a look at the
 * rules or the standings before Start does not lose them. One list per league (or none);
 * a started game clears it. Storage can be blocked or full: then the seats simply are not kept.
 */
const KEY = 'muggins-new-game-seats';

function keyFor(leagueId: string | null): string {
	return leagueId ? `${KEY}:${leagueId}` : KEY;
}

function isSeat(v: unknown): v is Seat {
	if (typeof v !== 'object' || v === null) return false;
	const s = v as Record<string, unknown>;
	return (
		typeof s.key === 'string' &&
		typeof s.name === 'string' &&
		(s.id === null || typeof s.id === 'string')
	);
}

/** The seats kept for `leagueId`'s New game, or none. */
export function keptSeats(leagueId: string | null): Seat[] {
	try {
		const parsed: unknown = JSON.parse(sessionStorage.getItem(keyFor(leagueId)) ?? '[]');
		return Array.isArray(parsed) ? parsed.filter(isSeat) : [];
	} catch {
		return [];
	}
}

/** Keeps `seats` for `leagueId`'s New game; an empty list forgets them. */
export function keepSeats(leagueId: string | null, seats: readonly Seat[]): void {
	try {
		if (seats.length === 0) sessionStorage.removeItem(keyFor(leagueId));
		else sessionStorage.setItem(keyFor(leagueId), JSON.stringify(seats));
	} catch {
		// Blocked or full storage: the seats are only lost on leaving the page, as before.
	}
}
