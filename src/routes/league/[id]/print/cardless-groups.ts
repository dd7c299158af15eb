import * as roster from '$lib/db/roster';
import * as sessions from '$lib/db/sessions';

/** A group of the session whose card is not among the printed ones, and why. */
export interface CardlessGroup {
	/** "Group 3". */
	title: string;
	names: string[];
	/** Whether its game was started (handed out) though its card is not on this device. */
	started: boolean;
}

/**
 * The groups of session `sessionId` that have no card among `printed` (game ids), in order:
 * the printed session then lists every group, not only those whose card came back.
 */
export async function cardlessGroups(
	leagueId: string,
	sessionId: string,
	printed: ReadonlySet<string>
): Promise<CardlessGroup[]> {
	const [session, students] = await Promise.all([
		sessions.get(sessionId),
		roster.everyone(leagueId)
	]);
	const names = new Map(students.map((s) => [s.id, s.name]));
	return session.groups.flatMap((group, i) =>
		group.gameId !== null && printed.has(group.gameId)
			? []
			: [
					{
						title: `Group ${i + 1}`,
						names: group.players.map((p) => names.get(p) ?? 'A student no longer listed'),
						started: group.gameId !== null
					}
				]
	);
}
