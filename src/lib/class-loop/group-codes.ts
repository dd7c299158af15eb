/**
 * A session's groups handed to the class's phones, and taken on a phone.
 *
 * On the instructor's device, `handOut` fixes the game of every group ready to play (a game id
 * each, so the group can no longer be re-rolled) and gives back what the codes carry. On a
 * phone, a group's code (`takeGroup`) joins the league with the group's players, keeps the
 * group, and starts its game under that id, so the card that comes back is the session's
 * group's own; a whole session (`takeSession`) is kept for the phone to pick its group from
 * (`pick`, or `pickByCode` with the short code). Either code also brings the standings the
 * instructor shares, if any. Every check runs before any write: a bad, foreign or stale code
 * changes nothing.
 */
import { getRuleset } from '$lib/rules/rulesets';
import { ClassLoopError } from '$lib/transfer/errors';
import type { GroupLine, GroupPayload, InvitePayload, SessionPayload } from '$lib/transfer/schema';
import { checkNotStale, groupCode, readTypedCode } from '$lib/transfer/group-code';
import { timestamp } from '$lib/db/clock';
import { db } from '$lib/db/db';
import { DbError, guard } from '$lib/db/errors';
import * as games from '$lib/db/games';
import { deviceId } from '$lib/db/device';
import * as invites from '$lib/db/invites';
import type { AssignmentRecord } from '$lib/card/device-records';
import type { LeagueRecord, SessionGroup, SessionRecord } from '$lib/card/records';
import * as role from '$lib/db/role';
import * as shared from './sharing';
import { trustOf } from './trust';

/** A session's groups as handed out: what its codes carry. */
export interface HandedOut {
	league: LeagueRecord;
	session: { id: string; date: string; updatedAt: string };
	groups: GroupLine[];
}

/**
 * Hands out the groups of session `sessionId`: each group of a size its rules seat and with no
 * game yet gets its game's id (and is fixed from then on). Groups whose game is played on this
 * device are left out. Handing out again gives the same codes.
 * @throws DbError `not-found`
 */
export async function handOut(sessionId: string, opts: { now?: string } = {}): Promise<HandedOut> {
	const { league, session, out } = await guard(() =>
		db.transaction('rw', [db.sessions, db.leagues, db.games], async () => {
			const held = await db.sessions.get(sessionId);
			if (!held) throw new DbError('not-found', { what: 'session' });
			const league = await db.leagues.get(held.leagueId);
			if (!league) throw new DbError('not-found', { what: 'league' });
			const { min, max } = getRuleset(league.rulesetId).table.players;
			const ready = (g: SessionGroup) =>
				g.gameId === null && g.players.length >= min && g.players.length <= max;
			const changed = held.groups.some(ready);
			const session: SessionRecord = changed
				? {
						...held,
						groups: held.groups.map((g) => (ready(g) ? { ...g, gameId: crypto.randomUUID() } : g)),
						updatedAt: timestamp(opts.now)
					}
				: held;
			if (changed) await db.sessions.put(session);
			const here = await db.games.bulkGet(session.groups.map((g) => g.gameId ?? ''));
			const out = session.groups.flatMap((g, index) =>
				g.gameId !== null && here[index] === undefined
					? [{ index, gameId: g.gameId, players: g.players }]
					: []
			);
			return { league, session, out };
		})
	);
	const people = await guard(() => db.players.bulkGet([...new Set(out.flatMap((g) => g.players))]));
	const byId = new Map(people.flatMap((p) => (p ? [[p.id, p] as const] : [])));
	const groups: GroupLine[] = [];
	for (const g of out) {
		groups.push({
			index: g.index,
			gameId: g.gameId,
			code: await groupCode(session.id, g.index, g.gameId),
			players: g.players.flatMap((id) => {
				const p = byId.get(id);
				return p ? [{ id, name: p.name, retiredAt: p.retiredAt, updatedAt: p.updatedAt }] : [];
			})
		});
	}
	return {
		league,
		session: { id: session.id, date: session.date, updatedAt: session.updatedAt },
		groups
	};
}

function assignment(
	payload: { league: LeagueRecord; session: HandedOut['session'] },
	group: GroupLine,
	takenAt: string | null
): AssignmentRecord {
	return {
		gameId: group.gameId,
		leagueId: payload.league.id,
		sessionId: payload.session.id,
		sessionDate: payload.session.date,
		sessionUpdatedAt: payload.session.updatedAt,
		index: group.index,
		code: group.code,
		players: group.players.map((p) => p.id),
		takenAt
	};
}

/**
 * Refuses a group line that is not what its code says: a code that does not match its session,
 * place and game, or a game id this phone holds for another game.
 */
async function checkLine(sessionId: string, group: GroupLine): Promise<void> {
	if ((await groupCode(sessionId, group.index, group.gameId)) !== group.code) {
		throw new ClassLoopError('group-code-bad');
	}
	const game = await guard(() => db.games.get(group.gameId));
	const seats = group.players.map((p) => p.id);
	if (game && (game.sessionId !== sessionId || game.seats.join('\n') !== seats.join('\n'))) {
		throw new ClassLoopError('group-code-bad');
	}
}

async function heldGroups(): Promise<AssignmentRecord[]> {
	return guard(() => db.assignments.toArray());
}

/** Starts the group's game on this phone, unless it is already here. */
async function startHere(a: AssignmentRecord, league: LeagueRecord, now?: string) {
	if (await guard(() => db.games.get(a.gameId))) return;
	await games.create({
		id: a.gameId,
		ruleset: league.rulesetId,
		options: league.options,
		players: a.players.map((id) => ({ id })),
		leagueId: league.id,
		sessionId: a.sessionId,
		now
	});
}

/**
 * Runs `write` as one `rw` transaction over the whole store: the verbs it calls (joining the
 * league, keeping the standings, starting the game) each open their own, which then join this
 * one, so a code taken half (the league joined, its game not started) is never left behind.
 * Only store reads and writes may be awaited inside: the seal is checked before, and the
 * device's id made before (made inside and rolled back, it would stay remembered, unsaved).
 */
async function allAtOnce<T>(write: () => Promise<T>): Promise<T> {
	await deviceId();
	return guard(() => db.transaction('rw', db.tables, write));
}

/**
 * Joins the league of invite `payload` on this phone, or brings it up to date, when its
 * league's owner signed it.
 * @throws TrustError when the invite is not signed by the league's owner; as `invites.join`
 */
export async function takeInvite(
	payload: InvitePayload,
	opts: { now?: string; newOwner?: boolean } = {}
): Promise<invites.Joined> {
	const trust = { ...(await trustOf(payload)), newOwner: opts.newOwner };
	return invites.join({ league: payload.league, roster: payload.roster }, { ...opts, trust });
}

/**
 * Takes a group's code on this phone: joins its league with the group's players, keeps the
 * group as the phone's own, and starts its game (or finds it started). Returns the game's id.
 * @throws ClassLoopError `group-code-bad`, `group-code-stale`, `standings-foreign`; TrustError
 * when the code is not signed by the league's owner
 */
export async function takeGroup(
	payload: GroupPayload,
	opts: { now?: string; newOwner?: boolean } = {}
): Promise<string> {
	await checkLine(payload.session.id, payload.group);
	checkNotStale(await heldGroups(), payload);
	shared.checkLeague(payload.league.id, payload.standings);
	const trust = { ...(await trustOf(payload)), newOwner: opts.newOwner };
	return allAtOnce(async () => {
		await invites.join(
			{ league: payload.league, roster: payload.group.players },
			{ ...opts, trust }
		);
		if (payload.standings) await shared.keep(payload.league.id, payload.standings);
		const league = await db.leagues.get(payload.league.id);
		if (!league) throw new DbError('not-found', { what: 'league' });
		const a = assignment(payload, payload.group, timestamp(opts.now));
		await db.assignments.put(a);
		await startHere(a, league, opts.now);
		await role.afterJoin();
		return a.gameId;
	});
}

/**
 * Keeps a whole session's groups on this phone, for the group to pick its own; groups the
 * phone already took stay taken. Returns the session's id.
 * @throws ClassLoopError `group-code-bad`, `group-code-stale`, `standings-foreign`; TrustError
 * when the code is not signed by the league's owner
 */
export async function takeSession(
	payload: SessionPayload,
	opts: { now?: string; newOwner?: boolean } = {}
): Promise<string> {
	const held = await heldGroups();
	for (const group of payload.groups) {
		await checkLine(payload.session.id, group);
		checkNotStale(held, { session: payload.session, group });
	}
	shared.checkLeague(payload.league.id, payload.standings);
	const everyone = new Map(payload.groups.flatMap((g) => g.players).map((p) => [p.id, p]));
	const trust = { ...(await trustOf(payload)), newOwner: opts.newOwner };
	const taken = new Map(held.map((h) => [h.gameId, h.takenAt]));
	return allAtOnce(async () => {
		await invites.join(
			{ league: payload.league, roster: [...everyone.values()] },
			{ ...opts, trust }
		);
		if (payload.standings) await shared.keep(payload.league.id, payload.standings);
		await db.assignments
			.where('sessionId')
			.equals(payload.session.id)
			.filter((a) => a.takenAt === null)
			.delete();
		await db.assignments.bulkPut(
			payload.groups.map((g) => assignment(payload, g, taken.get(g.gameId) ?? null))
		);
		await role.afterJoin();
		return payload.session.id;
	});
}

/**
 * Takes group `gameId`, held from a session, as this phone's own and starts its game.
 * @throws DbError `not-found`
 */
export async function pick(gameId: string, opts: { now?: string } = {}): Promise<string> {
	const held = await guard(() => db.assignments.get(gameId));
	if (!held) throw new DbError('not-found', { what: 'group' });
	const league = await guard(() => db.leagues.get(held.leagueId));
	if (!league) throw new DbError('not-found', { what: 'league' });
	const a = { ...held, takenAt: held.takenAt ?? timestamp(opts.now) };
	await guard(() => db.assignments.put(a));
	await startHere(a, league, opts.now);
	return a.gameId;
}

/**
 * Takes the group whose short code is `typed`, among the sessions this phone holds.
 * @throws ClassLoopError `group-code-bad` (not a code), `group-code-unknown` (no group, or two)
 */
export async function pickByCode(typed: string, opts: { now?: string } = {}): Promise<string> {
	const code = readTypedCode(typed);
	const found = (await heldGroups()).filter((a) => a.code === code);
	const only = found[0];
	if (!only || found.length > 1) throw new ClassLoopError('group-code-unknown');
	return pick(only.gameId, opts);
}

/** The groups this phone holds for league `leagueId`, the latest session first. */
export async function ofLeague(leagueId: string): Promise<AssignmentRecord[]> {
	const all = await heldGroups();
	return all
		.filter((a) => a.leagueId === leagueId)
		.sort((a, b) => b.sessionDate.localeCompare(a.sessionDate) || a.index - b.index);
}
