/**
 * The checks of records from outside that read the store, inside the writer's transaction:
 * card files and QR codes (`inbox.ts`) and backups restored or merged (`store-dump.ts`). The
 * checks that need no store are the card core's (`$lib/card/incoming-check.ts`); with these,
 * an id from outside never takes over a record of the device it does not belong to, and a
 * student brought in never takes the student id of another. Everything is checked before the
 * first write: a refused record changes nothing.
 */
import { assertStudentIdsUnique } from '$lib/card/incoming-check';
import type { PlayerRecord, SignatureRecord } from '$lib/card/records';
import { db } from './db';
import { DbError } from './errors';

/**
 * Checks that the signatures brought in have one id each. A signature is kept with its own
 * game (schema version 17), so one brought in with another card's signature id takes over
 * nothing: the card it came with is judged with it, and the other card keeps its own.
 * @throws DbError `incoming-id-taken`
 */
export function assertOwnIds(signatures: readonly SignatureRecord[]): void {
	const ids = new Set<string>();
	for (const s of signatures) {
		if (ids.has(s.id)) throw new DbError('incoming-id-taken');
		ids.add(s.id);
	}
}

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
