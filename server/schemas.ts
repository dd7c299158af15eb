/**
 * The bodies the API accepts, as valibot schemas built from the app's own record schemas, so
 * a league, a roster line or a session valid in the app is the one valid here.
 */
import * as v from 'valibot';
import { LeagueSchema, SessionSchema } from '$lib/backup/schema';

/** The largest body the API reads, in bytes (a card with drawings is tens of kilobytes). */
export const BODY_LIMIT = 2_000_000;

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const Name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200));

/** A roster line: id and name; its retirement and time of change when the app sends them. */
export const RosterLineSchema = v.object({
	id: Id,
	name: Name,
	retiredAt: v.optional(v.nullable(v.string()), null),
	updatedAt: v.optional(v.string(), '')
});

export const RosterSchema = v.object({
	players: v.pipe(v.array(RosterLineSchema), v.maxLength(1000))
});

export const SessionsSchema = v.object({
	sessions: v.pipe(v.array(SessionSchema), v.maxLength(1000))
});

export const RegisterSchema = v.object({
	id: Id,
	name: Name,
	// The app's whole league record, when it sends it (a script may send id and name only).
	league: v.optional(LeagueSchema)
});

export const LeagueUpdateSchema = v.object({
	name: v.optional(Name),
	league: v.optional(LeagueSchema)
});

export const JoinSchema = v.object({
	joinCode: v.pipe(v.string(), v.maxLength(40)),
	deviceName: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60))
});
