import type { PlayerId } from '$lib/rules/types';
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import { checkedName, nameKey } from '$lib/card/names';
import type { PlayerRecord } from '$lib/card/records';

/** Current players first, then the one who played last, then the oldest. */
function preferred(a: PlayerRecord, b: PlayerRecord): number {
	if ((a.retiredAt === null) !== (b.retiredAt === null)) return a.retiredAt === null ? -1 : 1;
	return (
		(b.lastPlayedAt ?? '').localeCompare(a.lastPlayedAt ?? '') ||
		a.createdAt.localeCompare(b.createdAt)
	);
}

/** Most recently seated in a game first; never seated after, by name. */
function byRecency(a: PlayerRecord, b: PlayerRecord): number {
	return (
		(b.lastPlayedAt ?? '').localeCompare(a.lastPlayedAt ?? '') ||
		a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
		a.id.localeCompare(b.id)
	);
}

/**
 * The player called `name`, made if there is none. Names are compared without case or extra
 * spaces, so typing "ana " again gives back Ana rather than a second Ana; a new player is
 * stored with the cleaned name. Runs in one `rw` transaction, so two tabs typing the same new
 * name make one player.
 * @throws DbError `name-required` or `name-too-long`
 */
export async function create(name: string, opts: { now?: string } = {}): Promise<PlayerRecord> {
	const clean = checkedName(name);
	return guard(() =>
		db.transaction('rw', db.players, async () => {
			const key = nameKey(clean);
			const [existing] = (await db.players.where('nameKey').equals(key).toArray()).sort(preferred);
			if (existing) return existing;
			const at = timestamp(opts.now);
			const player: PlayerRecord = {
				id: crypto.randomUUID(),
				name: clean,
				nameKey: key,
				createdAt: at,
				updatedAt: at,
				lastPlayedAt: null,
				retiredAt: null,
				leagueId: null
			};
			await db.players.add(player);
			return player;
		})
	);
}

/**
 * Player `id`.
 * @throws DbError `not-found`
 */
export async function get(id: PlayerId): Promise<PlayerRecord> {
	const player = await guard(() => db.players.get(id));
	if (!player) throw new DbError('not-found', { what: 'player' });
	return player;
}

/** The players among `ids` that this device knows, by id (a received card may name others). */
export async function getMany(ids: readonly PlayerId[]): Promise<Map<PlayerId, PlayerRecord>> {
	const found = await guard(() => db.players.bulkGet([...ids]));
	return new Map(found.filter((p) => p !== undefined).map((p) => [p.id, p]));
}

/**
 * Every player not retired, the ones most recently seated in a game on this device first,
 * then by name: what the "New game" form offers.
 */
export async function list(): Promise<PlayerRecord[]> {
	const all = await guard(() => db.players.toArray());
	return all.filter((p) => p.retiredAt === null).sort(byRecency);
}

/**
 * Records that `ids` were seated in a game at `at` (never moving a later time back). Used by
 * `games.create` inside its transaction, so a game and its players' recency commit together.
 */
export async function markPlayed(ids: readonly PlayerId[], at: string): Promise<void> {
	await guard(() =>
		db.players
			.where('id')
			.anyOf([...ids])
			.modify((p) => {
				if (p.lastPlayedAt === null || p.lastPlayedAt < at) p.lastPlayedAt = at;
			})
	);
}
