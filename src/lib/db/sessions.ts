/**
 * Class sessions of a league: the day's attendance, the groups, and the game each group
 * starts. A group whose game has started is fixed (its players sit at that game); the others
 * can be re-rolled or changed by hand until they start.
 */
import { isDay } from '$lib/days';
import { countPairs, type Group, type PairCounts } from '$lib/rules/groups';
import type { PlayerId } from '$lib/rules/types';
import { timestamp } from './clock';
import { db } from './db';
import { deviceId } from './device';
import { DbError, guard } from './errors';
import { latestPage } from './latest-page';
import * as games from './games';
import type { GameRecord, SessionRecord } from '$lib/card/records';
import { arranged, withPresent } from '$lib/card/session-groups';

export { ungrouped } from '$lib/card/session-groups';

function range(leagueId: string) {
	return db.sessions.where('[leagueId+date]').between([leagueId, ''], [leagueId, '\uffff']);
}

async function mustGet(id: string): Promise<SessionRecord> {
	const session = await db.sessions.get(id);
	if (!session) throw new DbError('not-found', { what: 'session' });
	return session;
}

/** The league's current roster ids, in the order `present` lists are kept (by name). */
async function rosterIds(
	leagueId: string
): Promise<Map<PlayerId, { name: string; retired: boolean }>> {
	const roster = await db.players.where('leagueId').equals(leagueId).toArray();
	roster.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
	return new Map(roster.map((p) => [p.id, { name: p.name, retired: p.retiredAt !== null }]));
}

/**
 * Starts a session of league `leagueId` on `date` (`YYYY-MM-DD`), nobody marked present yet.
 * @throws DbError `not-found` (league), `bad-date`
 */
export async function create(
	leagueId: string,
	date: string,
	opts: { now?: string; id?: string } = {}
): Promise<SessionRecord> {
	if (!isDay(date)) throw new DbError('bad-date', { value: date });
	return guard(() =>
		db.transaction('rw', db.sessions, db.leagues, async () => {
			if (!(await db.leagues.get(leagueId))) throw new DbError('not-found', { what: 'league' });
			const at = timestamp(opts.now);
			const session: SessionRecord = {
				id: opts.id ?? crypto.randomUUID(),
				leagueId,
				date,
				present: [],
				groups: [],
				createdAt: at,
				updatedAt: at
			};
			await db.sessions.add(session);
			return session;
		})
	);
}

/**
 * Session `id`.
 * @throws DbError `not-found`
 */
export async function get(id: string): Promise<SessionRecord> {
	return guard(() => mustGet(id));
}

/** The sessions of league `leagueId`, the latest first. */
export async function list(leagueId: string): Promise<SessionRecord[]> {
	return guard(() => range(leagueId).reverse().toArray());
}

/** Where a page of sessions ends: the next page starts after this session. */
export interface SessionCursor {
	date: string;
	id: string;
}

/**
 * One page of league `leagueId`'s sessions, the latest first (by day, then id), starting after
 * `after`: `size` sessions at most, read in one bounded request, and the cursor of the next page
 * (null on the last). A school's league holds thousands of sessions; a page never reads them all.
 */
export async function page(
	leagueId: string,
	opts: { after?: SessionCursor | null; size: number }
): Promise<{ sessions: SessionRecord[]; next: SessionCursor | null }> {
	const { after, size } = opts;
	const upTo = after
		? db.sessions
				.where('[leagueId+date]')
				.between([leagueId, ''], [leagueId, after.date], true, true)
		: range(leagueId);
	// Sessions of the cursor's own day sort by id: those at or above it were on the page before.
	const { items, next } = await guard(() =>
		latestPage(upTo, after ? (s) => s.date < after.date || s.id < after.id : null, size, (s) => ({
			date: s.date,
			id: s.id
		}))
	);
	return { sessions: items, next };
}

/**
 * Marks who is present. Students marked absent leave the groups that have not started; a
 * student in a started group stays present (they are at a table).
 * @throws DbError `not-found`, `not-on-roster` for an id that is not on the league's roster
 */
export async function setPresent(
	id: string,
	present: readonly PlayerId[],
	opts: { now?: string } = {}
): Promise<SessionRecord> {
	return guard(() =>
		db.transaction('rw', db.sessions, db.players, async () => {
			const session = await mustGet(id);
			const roster = await rosterIds(session.leagueId);
			const changed = withPresent(session, [...roster.keys()], present);
			const updated = { ...session, ...changed, updatedAt: timestamp(opts.now) };
			await db.sessions.put(updated);
			return updated;
		})
	);
}

/**
 * Replaces the groups that have not started with `groups` (a re-roll, or a student moved by
 * hand). Started groups are kept as they are, where they are, and must not appear in `groups`;
 * the new groups fill the places of the old open ones in order (so "Group 3" stays group 3
 * while its game is under way), and any extra ones go at the end.
 * @throws DbError `not-found`, `not-present` for a student not marked present or placed
 * twice, `group-started` for a student already seated at a started game
 */
export async function arrange(
	id: string,
	groups: readonly Group[],
	opts: { now?: string } = {}
): Promise<SessionRecord> {
	return guard(() =>
		db.transaction('rw', db.sessions, async () => {
			const session = await mustGet(id);
			const updated = {
				...session,
				groups: arranged(session, groups),
				updatedAt: timestamp(opts.now)
			};
			await db.sessions.put(updated);
			return updated;
		})
	);
}

/**
 * How often each pair of students sat in one group in the league's other sessions: what
 * group formation tries not to repeat.
 */
export async function pairsSeen(leagueId: string, exceptSessionId?: string): Promise<PairCounts> {
	const sessions = await guard(() => range(leagueId).toArray());
	return countPairs(
		sessions.filter((s) => s.id !== exceptSessionId).map((s) => s.groups.map((g) => g.players))
	);
}

/**
 * Starts the game of group `index` of session `id`: the players seated in the group's order,
 * under the league's rule sheet and options, linked to the league and the session. The game
 * and the group's link to it are stored in one `rw` transaction, so a group never has two
 * games and a game is never left without its group. Starting a started group gives back its
 * game.
 * @throws DbError `not-found`, `no-group`
 * @throws RuleError when the rule sheet refuses the table (`player-count`: a group of 1, or 5)
 */
export async function startGame(
	id: string,
	index: number,
	opts: { now?: string; gameId?: string } = {}
): Promise<GameRecord> {
	// Read once outside: `games.create` needs it, and the transaction below has no `meta`.
	await deviceId();
	return guard(() =>
		db.transaction('rw', [db.sessions, db.leagues, db.games, db.players], async () => {
			const session = await mustGet(id);
			const group = session.groups[index];
			if (!group) throw new DbError('no-group');
			if (group.gameId) {
				const existing = await db.games.get(group.gameId);
				if (existing) return existing;
			}
			const league = await db.leagues.get(session.leagueId);
			if (!league) throw new DbError('not-found', { what: 'league' });
			const game = await games.create({
				ruleset: league.rulesetId,
				options: league.options,
				players: group.players.map((p) => ({ id: p })),
				leagueId: league.id,
				sessionId: session.id,
				now: opts.now,
				id: opts.gameId
			});
			const groups = session.groups.map((g, i) => (i === index ? { ...g, gameId: game.id } : g));
			await db.sessions.put({ ...session, groups, updatedAt: game.createdAt });
			return game;
		})
	);
}

/**
 * Deletes session `id`, which must not have started any game (a started game belongs to the
 * league's record: void its card instead).
 * @throws DbError `not-found`, `session-has-games`
 */
export async function remove(id: string): Promise<void> {
	await guard(() =>
		db.transaction('rw', db.sessions, async () => {
			const session = await mustGet(id);
			if (session.groups.some((g) => g.gameId !== null)) throw new DbError('session-has-games');
			await db.sessions.delete(id);
		})
	);
}
