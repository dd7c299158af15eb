import { deviceKey } from './device-key';
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import { fields, type LeagueInput } from '$lib/card/league-fields';
import type { LeagueRecord } from '$lib/card/records';

/**
 * Stores a new league; it becomes the current one when the device has none.
 * @throws DbError for a bad name or dates (see `fields`)
 */
export async function create(
	input: LeagueInput,
	opts: { now?: string; id?: string } = {}
): Promise<LeagueRecord> {
	const checked = fields(input);
	const { publicKey } = await deviceKey();
	return guard(() =>
		db.transaction('rw', db.leagues, db.meta, async () => {
			const at = timestamp(opts.now);
			const league: LeagueRecord = {
				id: opts.id ?? crypto.randomUUID(),
				...checked,
				ownerKey: publicKey,
				createdAt: at,
				updatedAt: at
			};
			await db.leagues.add(league);
			if (!(await db.meta.get('currentLeague'))) {
				await db.meta.put({ key: 'currentLeague', value: league.id });
			}
			return league;
		})
	);
}

/**
 * Changes a league's name, term or rules. Games already started keep the rules they were
 * started with; the next games use the new ones.
 * @throws DbError `not-found`, or a bad field (see `create`)
 */
export async function update(
	id: string,
	input: LeagueInput,
	opts: { now?: string } = {}
): Promise<LeagueRecord> {
	const checked = fields(input);
	return guard(() =>
		db.transaction('rw', db.leagues, async () => {
			const league = await mustGet(id);
			const updated = { ...league, ...checked, updatedAt: timestamp(opts.now) };
			await db.leagues.put(updated);
			return updated;
		})
	);
}

async function mustGet(id: string): Promise<LeagueRecord> {
	const league = await db.leagues.get(id);
	if (!league) throw new DbError('not-found', { what: 'league' });
	return league;
}

/**
 * League `id`.
 * @throws DbError `not-found`
 */
export async function get(id: string): Promise<LeagueRecord> {
	return guard(() => mustGet(id));
}

/** Every league on the device, the newest first. */
export async function list(): Promise<LeagueRecord[]> {
	const all = await guard(() => db.leagues.toArray());
	return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The id of the league the instructor works on, or null when there is none (or it is gone). */
export async function currentId(): Promise<string | null> {
	return guard(() =>
		db.transaction('r', db.meta, db.leagues, async () => {
			const row = await db.meta.get('currentLeague');
			if (row?.key !== 'currentLeague') return null;
			return (await db.leagues.get(row.value)) ? row.value : null;
		})
	);
}

/**
 * Makes league `id` the current one.
 * @throws DbError `not-found`
 */
export async function setCurrent(id: string): Promise<void> {
	await guard(() =>
		db.transaction('rw', db.meta, db.leagues, async () => {
			await mustGet(id);
			await db.meta.put({ key: 'currentLeague', value: id });
		})
	);
}

/** What deleting a league removes, to show before asking. */
export interface LeagueContents {
	students: number;
	sessions: number;
	games: number;
}

/** How many students, sessions and games league `id` holds. */
export async function contents(id: string): Promise<LeagueContents> {
	return guard(() =>
		db.transaction('r', db.players, db.sessions, db.games, async () => ({
			students: await db.players.where('leagueId').equals(id).count(),
			sessions: await db.sessions
				.where('[leagueId+date]')
				.between([id, ''], [id, '\uffff'])
				.count(),
			games: await db.games.where('leagueId').equals(id).count()
		}))
	);
}

/**
 * Deletes league `id` with its sessions, its games with their events and signatures (and
 * their place in any UDL match), in one `rw` transaction
 * (all or nothing). Its roster students go too, except a student seated in a game outside the
 * league (a quick game on this device), who stays as a player of that game.
 * @throws DbError `not-found`
 */
export async function remove(id: string): Promise<void> {
	await guard(() =>
		db.transaction(
			'rw',
			[
				db.leagues,
				db.sessions,
				db.games,
				db.logs,
				db.gameSignatures,
				db.players,
				db.meta,
				db.matches
			],
			async () => {
				await mustGet(id);
				const gameIds = await db.games.where('leagueId').equals(id).primaryKeys();
				await db.logs.bulkDelete(gameIds);
				await db.gameSignatures.bulkDelete(gameIds);
				await db.games.bulkDelete(gameIds);
				// A UDL match loses the deleted games; one left with none goes too.
				const gone = new Set(gameIds);
				for (const match of await db.matches.where('gameIds').anyOf(gameIds).toArray()) {
					const kept = match.gameIds.filter((g) => !gone.has(g));
					if (kept.length === 0) await db.matches.delete(match.id);
					else await db.matches.put({ ...match, gameIds: kept });
				}
				await db.sessions.where('[leagueId+date]').between([id, ''], [id, '\uffff']).delete();
				const roster = await db.players.where('leagueId').equals(id).toArray();
				for (const player of roster) {
					const seated = await db.games.where('seats').equals(player.id).count();
					if (seated > 0) await db.players.update(player.id, { leagueId: null });
					else await db.players.delete(player.id);
				}
				await db.leagues.delete(id);
				const current = await db.meta.get('currentLeague');
				if (current?.key === 'currentLeague' && current.value === id) {
					const next = (await db.leagues.toArray()).sort((a, b) =>
						b.createdAt.localeCompare(a.createdAt)
					)[0];
					if (next) await db.meta.put({ key: 'currentLeague', value: next.id });
					else await db.meta.delete('currentLeague');
				}
			}
		)
	);
}
