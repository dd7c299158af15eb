import { deviceKey } from './device-key';
import { cleanName, MAX_LEAGUE_NAME } from '$lib/card/names';
import { isDay } from '$lib/days';
import { DEFAULT_RULESET, getRuleset } from '$lib/rules/rulesets';
import type { GameOptions, RulesetId } from '$lib/rules/types';
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import { plain, type LeagueRecord } from '$lib/card/records';

export { MAX_LEAGUE_NAME };

/** The longest term name. */
export const MAX_TERM_NAME = 60;

/** What creating or editing a league takes. */
export interface LeagueInput {
	name: string;
	termName?: string;
	/** First and last day of the term, `YYYY-MM-DD`; empty or null for none. */
	start?: string | null;
	end?: string | null;
	/** Defaults to the classroom rules. */
	ruleset?: RulesetId;
	options?: GameOptions;
}

function day(value: string | null | undefined): string | null {
	if (value === undefined || value === null || value === '') return null;
	if (!isDay(value)) throw new DbError('bad-date', { value });
	return value;
}

/**
 * The fields of a league from a form, cleaned and checked.
 * @throws DbError `league-name-required`, `league-name-too-long`, `term-name-too-long`,
 * `bad-date`, `term-backwards`
 * @throws RuleError `unknown-ruleset`
 */
function fields(input: LeagueInput): Pick<LeagueRecord, 'name' | 'term' | 'rulesetId' | 'options'> {
	const name = cleanName(input.name ?? '');
	if (name === '') throw new DbError('league-name-required');
	if (name.length > MAX_LEAGUE_NAME)
		throw new DbError('league-name-too-long', { max: MAX_LEAGUE_NAME });
	const termName = (input.termName ?? '').trim().replace(/\s+/g, ' ');
	if (termName.length > MAX_TERM_NAME)
		throw new DbError('term-name-too-long', { max: MAX_TERM_NAME });
	const start = day(input.start);
	const end = day(input.end);
	if (start && end && end < start) throw new DbError('term-backwards');
	const rulesetId = getRuleset(input.ruleset ?? DEFAULT_RULESET).id;
	return {
		name,
		term: { name: termName, start, end },
		rulesetId,
		options: plain(input.options ?? {})
	};
}

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
				db.events,
				db.signatures,
				db.players,
				db.meta,
				db.matches
			],
			async () => {
				await mustGet(id);
				const gameIds = await db.games.where('leagueId').equals(id).primaryKeys();
				for (const gameId of gameIds) {
					await db.events
						.where('[gameId+seq]')
						.between([gameId, -Infinity], [gameId, Infinity])
						.delete();
					await db.signatures.where('gameId').equals(gameId).delete();
				}
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
