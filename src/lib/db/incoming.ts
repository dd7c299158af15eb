/**
 * The one check of records from outside that reads the store, inside the writer's
 * transaction: the students a merged backup brings (`backup/merge-check.ts`) never take the
 * student id of another. The checks that need no store are the card core's
 * (`$lib/card/incoming-check.ts`). Everything is checked before the first write: a refused
 * record changes nothing.
 */
import { assertStudentIdsUnique } from '$lib/card/incoming-check';
import type { PlayerRecord } from '$lib/card/records';
import { db } from './db';

/**
 * Checks, read only, that merging `players` into the device's rosters leaves no two students
 * of one league with one student id: a student the file brings may not take the id of a
 * different student the device already has (the file's own roster is checked by `checkDump`).
 * @throws CardError `student-id-taken`
 */
export async function assertStudentIdsFree(players: readonly PlayerRecord[]): Promise<void> {
	const leagues = new Set<string>();
	for (const p of players) if (p.leagueId !== null && p.studentId != null) leagues.add(p.leagueId);
	if (leagues.size === 0) return;
	const incoming = new Map(players.map((p) => [p.id, p]));
	for (const leagueId of leagues) {
		// The device's roster with the file's newer versions in place of what they replace: the
		// students the file leaves as they are first, so the message names the one already there.
		const held = await db.players.where('leagueId').equals(leagueId).toArray();
		const kept = held.filter((p) => !incoming.has(p.id));
		assertStudentIdsUnique([...kept, ...players.filter((p) => p.leagueId === leagueId)]);
	}
}
