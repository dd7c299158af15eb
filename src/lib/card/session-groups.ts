/**
 * A class session's attendance and groups, changed without the store: who is present, and the
 * groups re-rolled or moved by hand. A group whose game has started is fixed (its players sit
 * at that game). `$lib/db/sessions.ts` stores what these give, in its transactions.
 */
import type { Group } from '$lib/rules/groups';
import type { PlayerId } from '$lib/rules/types';
import { DbError } from './db-error';
import type { SessionGroup, SessionRecord } from './records';

/**
 * `session`'s attendance once `present` are marked present, in the order of `roster` (the
 * league's current roster ids): students marked absent leave the groups that have not started;
 * a student in a started group stays present (they are at a table).
 * @throws DbError `not-on-roster` for an id of `present` not in `roster`
 */
export function withPresent(
	session: SessionRecord,
	roster: readonly PlayerId[],
	present: readonly PlayerId[]
): Pick<SessionRecord, 'present' | 'groups'> {
	const onRoster = new Set(roster);
	for (const p of present) if (!onRoster.has(p)) throw new DbError('not-on-roster');
	const seated = new Set(session.groups.filter((g) => g.gameId).flatMap((g) => g.players));
	const wanted = new Set([...present, ...seated]);
	const ordered = roster.filter((p) => wanted.has(p));
	const groups = session.groups
		.map((g) => (g.gameId ? g : { ...g, players: g.players.filter((p) => wanted.has(p)) }))
		.filter((g) => g.players.length > 0);
	return { present: ordered, groups };
}

/**
 * `session`'s groups with those not started replaced by `groups`: started groups stay as they
 * are, where they are; the new groups fill the places of the old open ones in order, and any
 * extra ones go at the end.
 * @throws DbError `not-present` for a student not marked present or placed twice,
 * `group-started` for a student already seated at a started game
 */
export function arranged(session: SessionRecord, groups: readonly Group[]): SessionGroup[] {
	const seated = new Set(session.groups.filter((g) => g.gameId).flatMap((g) => g.players));
	const present = new Set(session.present);
	const seen = new Set<PlayerId>();
	for (const p of groups.flat()) {
		if (seated.has(p)) throw new DbError('group-started');
		if (!present.has(p) || seen.has(p)) throw new DbError('not-present');
		seen.add(p);
	}
	const fresh: SessionGroup[] = groups
		.filter((g) => g.length > 0)
		.map((g) => ({ players: [...g], gameId: null }));
	const placed: SessionGroup[] = [];
	for (const g of session.groups) {
		if (g.gameId !== null) placed.push(g);
		else if (fresh.length > 0) placed.push(fresh.shift() as SessionGroup);
	}
	return [...placed, ...fresh];
}

/** Present students who are in no group (marked present after the groups were formed). */
export function ungrouped(session: SessionRecord): PlayerId[] {
	const grouped = new Set(session.groups.flatMap((g) => g.players));
	return session.present.filter((p) => !grouped.has(p));
}
