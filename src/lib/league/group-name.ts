/**
 * A handed-out game named as the instructor knows it: by its group in its session and the
 * session's day, "Group 3, Tue 24 Nov 2026", as the inbox and a card's page say it.
 */
import { formatDay } from '$lib/days';
import type { SessionRecord } from '$lib/card/records';

/**
 * Game `gameId`'s name in `session`, when the session is of league `leagueId` and one of its
 * groups plays that game; null otherwise (a friendly game, or a card naming a session it is
 * not in).
 */
export function groupName(
	session: SessionRecord | null | undefined,
	leagueId: string,
	gameId: string
): string | null {
	if (session?.leagueId !== leagueId) return null;
	const index = session.groups.findIndex((g) => g.gameId === gameId);
	return index === -1 ? null : `Group ${index + 1}, ${formatDay(session.date)}`;
}
