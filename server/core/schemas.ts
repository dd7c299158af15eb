/**
 * The bodies the API accepts, as valibot schemas built from the app's own record schemas, so
 * a league, a roster line or a session valid in the app is the one valid here.
 */
import * as v from 'valibot';
import { LeagueSchema, SessionSchema } from '$lib/backup/schema';
import { MAX_NAME_LENGTH, cleanName } from '$lib/card/names';
import { PUBLIC_KEY_PATTERN } from '$lib/card/keys';

/** A league id as the app makes it (`crypto.randomUUID()`, src/lib/db/leagues.ts). */
export const LEAGUE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The longest league name, as the app's (`MAX_LEAGUE_NAME` of src/lib/db/leagues.ts). */
export const MAX_LEAGUE_NAME = 60;

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** A name under the app's one name rule (`cleanName`), at most `max` characters once cleaned. */
const cleaned = (max: number) =>
	v.pipe(
		v.string(),
		v.transform(cleanName),
		v.minLength(1, 'a name is needed'),
		v.maxLength(max, `at most ${max} characters`)
	);

/** A player's name, as the app takes it (src/lib/card/names.ts). */
const Name = cleaned(MAX_NAME_LENGTH);
const LeagueName = cleaned(MAX_LEAGUE_NAME);

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
	id: v.pipe(v.string(), v.regex(LEAGUE_ID, 'not a league id the app makes')),
	name: LeagueName,
	// The app's whole league record, when it sends it (a script may send id and name only).
	league: v.optional(LeagueSchema)
});

export const LeagueUpdateSchema = v.object({
	name: v.optional(LeagueName),
	league: v.optional(LeagueSchema)
});

export const JoinSchema = v.object({
	joinCode: v.pipe(v.string(), v.maxLength(40)),
	deviceName: cleaned(60),
	/** The league the phone means to join, when it says (its wrong codes then count against it). */
	leagueId: v.optional(v.pipe(v.string(), v.regex(LEAGUE_ID, 'not a league id the app makes'))),
	/** The phone's public key (issue 37): every card it pushes must be signed by it. */
	deviceKey: v.optional(v.pipe(v.string(), v.regex(PUBLIC_KEY_PATTERN, 'not a public key')))
});
