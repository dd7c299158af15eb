/**
 * Standings shared with the group phones (issue 15). On the instructor's device: whether each
 * league shares them (`sharing`, `setSharing`). On a phone: the latest snapshot each league
 * sent (`held`, `keep`). Both live in `meta` with the device's other settings, out of backups:
 * a backup restored elsewhere must not start sharing, and a phone's copy is only a view.
 */
import { ClassLoopError } from '$lib/transfer/errors';
import {
	isFromTheFuture,
	isNewer,
	readSnapshot,
	type StandingsSnapshot
} from '$lib/transfer/standings-snapshot';
import { timestamp } from '$lib/db/clock';
import { db } from '$lib/db/db';
import { guard } from '$lib/db/errors';
import type { SharingRecord } from '$lib/card/device-records';

async function sharingList(): Promise<SharingRecord[]> {
	const row = await db.meta.get('standingsSharing');
	return row?.key === 'standingsSharing' ? row.value : [];
}

async function heldList(): Promise<StandingsSnapshot[]> {
	const row = await db.meta.get('sharedStandings');
	return row?.key === 'sharedStandings' ? row.value : [];
}

/** Whether league `leagueId` shares its standings; null when it never did. */
export async function sharing(leagueId: string): Promise<SharingRecord | null> {
	return guard(async () => (await sharingList()).find((s) => s.leagueId === leagueId) ?? null);
}

/**
 * Turns sharing league `leagueId`'s standings on or off, with first names only or not. Turning
 * it off is kept too (not forgotten): the next messages tell the phones to hide the standings.
 */
export async function setSharing(
	leagueId: string,
	choice: { on: boolean; firstNames: boolean },
	opts: { now?: string } = {}
): Promise<SharingRecord> {
	return guard(() =>
		db.transaction('rw', db.meta, async () => {
			const list = await sharingList();
			const before = list.find((s) => s.leagueId === leagueId);
			const record: SharingRecord = {
				leagueId,
				on: choice.on,
				firstNames: choice.firstNames,
				// Only switching on or off dates it: a hide must be newer than every snapshot sent.
				changedAt: before?.on === choice.on ? before.changedAt : timestamp(opts.now)
			};
			await db.meta.put({
				key: 'standingsSharing',
				value: [...list.filter((s) => s.leagueId !== leagueId), record]
			});
			return record;
		})
	);
}

/** The standings league `leagueId` shares on this phone; null when none, or when hidden. */
export async function held(leagueId: string): Promise<StandingsSnapshot | null> {
	return guard(async () => {
		const found = (await heldList()).find((s) => s.league === leagueId);
		return found && found.rows !== null ? found : null;
	});
}

/**
 * Refuses standings `snapshot` unless they are league `leagueId`'s and dated at most a day
 * after they arrive, by the device's clock (a message's checks run before any of its writes).
 * @throws ClassLoopError `standings-foreign`, `standings-future`
 */
export function checkLeague(leagueId: string, snapshot: StandingsSnapshot | undefined): void {
	if (!snapshot) return;
	if (snapshot.league !== leagueId) throw new ClassLoopError('standings-foreign');
	if (isFromTheFuture(snapshot, Date.now())) throw new ClassLoopError('standings-future');
}

/**
 * Keeps `snapshot`, sent by league `leagueId`, when it is newer than the one held; inside the
 * caller's `rw` transaction when it includes `meta` (Dexie nests it), or in its own.
 * Returns whether it replaced the one held.
 * @throws ClassLoopError `standings-bad` (a name against the name rule), `standings-foreign` when it is another league's, `standings-future`
 * when dated more than a day ahead: nothing is kept
 */
export async function keep(leagueId: string, snapshot: StandingsSnapshot): Promise<boolean> {
	// Through the schema again, whatever the caller read: every way in keeps the name rule.
	const checked = readSnapshot(snapshot);
	if (!checked) throw new ClassLoopError('standings-bad');
	checkLeague(leagueId, checked);
	const write = async () => {
		const list = await heldList();
		if (
			!isNewer(
				list.find((s) => s.league === leagueId),
				checked
			)
		)
			return false;
		await db.meta.put({
			key: 'sharedStandings',
			value: [...list.filter((s) => s.league !== leagueId), checked]
		});
		return true;
	};
	return guard(() => db.transaction('rw', db.meta, write));
}

/**
 * Keeps a snapshot from outside (the school server) for league `leagueId`, through its schema.
 * @throws ClassLoopError `standings-bad` (not a snapshot), `standings-foreign`,
 * `standings-future`
 */
export async function keepFrom(leagueId: string, value: unknown): Promise<boolean> {
	const snapshot = readSnapshot(value);
	if (!snapshot) throw new ClassLoopError('standings-bad');
	const league = await guard(() => db.leagues.get(leagueId));
	if (!league) throw new ClassLoopError('standings-foreign');
	return keep(leagueId, snapshot);
}
