/**
 * Where a new session's attendance starts: the class that came last time, so the instructor
 * marks only who is missing or new instead of every student from 0 present.
 */
import type { PlayerId } from '$lib/rules/types';
import { db } from './db';
import { guard } from './errors';

/**
 * The students present at league `leagueId`'s latest session on or before `date` other than
 * `exceptId` (the session being started), or at its latest session when none is that early;
 * only those still on the roster and not retired. Empty for a league's first session.
 */
export async function lastPresent(
	leagueId: string,
	date: string,
	exceptId: string
): Promise<PlayerId[]> {
	return guard(() =>
		db.transaction('r', db.sessions, db.players, async () => {
			const sessions = (
				await db.sessions
					.where('[leagueId+date]')
					.between([leagueId, ''], [leagueId, '\uffff'])
					.reverse()
					.toArray()
			).filter((s) => s.id !== exceptId);
			const last = sessions.find((s) => s.date <= date) ?? sessions[0];
			if (!last) return [];
			const current = new Set(
				(await db.players.where('leagueId').equals(leagueId).toArray())
					.filter((p) => p.retiredAt === null)
					.map((p) => p.id)
			);
			return last.present.filter((p) => current.has(p));
		})
	);
}
