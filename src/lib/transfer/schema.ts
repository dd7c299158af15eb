/**
 * What one device hands another, as valibot schemas: a signed card turned in, and a league
 * invite, and the class loop's messages (issue 15): a group's code, a whole session, a
 * phone's signed cards at once, and the instructor's receipt for them. The records inside reuse the backup's schemas, so a record valid in a backup is the
 * record valid here. Everything from outside goes through `parsePayload` before it is used.
 *
 * A group's code, a session's and a receipt also carry the league's standings when the
 * instructor shares them (`standings-snapshot.ts`), or the word to hide them.
 */
import * as v from 'valibot';
import {
	EventRecordSchema,
	GameSchema,
	LeagueSchema,
	PlayerSchema,
	SignatureSchema
} from '$lib/backup/schema';
import { PUBLIC_KEY_PATTERN, SIGNATURE_PATTERN } from '$lib/card/keys';
import { StandingsSnapshotSchema } from './standings-snapshot';

/** Marks a payload as this app's. */
export const TRANSFER_APP = 'muggins-league';
/**
 * The payload format this version writes: 2 adds the sender's signature (`seal`, issue 37).
 * Format 1 (unsigned) is still read: `sealed.ts` says what an unsigned message may still do.
 */
export const TRANSFER_FORMAT = 2;
/** The formats this version reads; a newer one is refused. */
const Format = v.picklist([1, TRANSFER_FORMAT]);

/** The sender's public key and signature (`card/keys.ts`, `sealed.ts`). */
export const SealSchema = v.strictObject({
	key: v.pipe(v.string(), v.regex(PUBLIC_KEY_PATTERN)),
	sig: v.pipe(v.string(), v.regex(SIGNATURE_PATTERN))
});

/** A signed card as it travels: the game, its whole log, and the signatures that count. */
export const CardPayloadSchema = v.object({
	app: v.literal(TRANSFER_APP),
	kind: v.literal('card'),
	format: Format,
	seal: v.optional(SealSchema),
	// Only the fields this version knows: unknown ones from a file are dropped, never stored.
	game: v.object(GameSchema.entries),
	events: v.pipe(v.array(EventRecordSchema), v.maxLength(5000)),
	signatures: v.pipe(v.array(SignatureSchema), v.maxLength(16))
});

/** A roster line of an invite: enough to seat the student, and to tell a newer line. */
const RosterLine = v.pick(PlayerSchema, ['id', 'name', 'retiredAt', 'updatedAt']);

/** A league and its roster as an instructor hands them to the class's phones. */
export const InvitePayloadSchema = v.object({
	app: v.literal(TRANSFER_APP),
	kind: v.literal('invite'),
	format: Format,
	seal: v.optional(SealSchema),
	league: LeagueSchema,
	roster: v.pipe(v.array(RosterLine), v.maxLength(1000)),
	// Issue 16: when the league is on the school server, where it is and the code to join it.
	server: v.optional(
		v.object({
			address: v.pipe(v.string(), v.maxLength(200)),
			joinCode: v.pipe(v.string(), v.maxLength(40))
		})
	)
});

/** A signed card as read. */
export type CardPayload = v.InferOutput<typeof CardPayloadSchema>;
/** An invite as read. */
export type InvitePayload = v.InferOutput<typeof InvitePayloadSchema>;
/** Anything one device hands another (issue 15 adds the class loop's messages). */
export type Payload = CardPayload | InvitePayload | ClassPayload;
/** One student of an invite. */
export type RosterLine = v.InferOutput<typeof RosterLine>;

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const Time = v.pipe(v.string(), v.isoTimestamp());

/** A student as a group's code seats them. */
const Seat = v.pick(PlayerSchema, ['id', 'name', 'retiredAt', 'updatedAt']);

/** A short code a group types when the camera fails: 4 of these letters and digits. */
export const GROUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GroupCodeSchema = v.pipe(v.string(), v.regex(/^[2-9A-HJKMNP-Z]{4}$/));

/** The session a group belongs to: enough to tell a newer list of groups from an older one. */
const SessionRef = v.object({
	id: Id,
	date: Day,
	/** The session's `updatedAt` when the codes were made: a later list of groups replaces it. */
	updatedAt: Time
});

/** One group of a session as a phone takes it. */
export const GroupLineSchema = v.object({
	index: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)),
	/** The game the group plays: fixed when the codes are handed out. */
	gameId: Id,
	code: GroupCodeSchema,
	players: v.pipe(v.array(Seat), v.minLength(1), v.maxLength(8))
});

/** One group's code: a phone that scans it lands in the group's game. */
export const GroupPayloadSchema = v.object({
	app: v.literal(TRANSFER_APP),
	kind: v.literal('group'),
	format: Format,
	seal: v.optional(SealSchema),
	league: LeagueSchema,
	session: SessionRef,
	group: GroupLineSchema,
	standings: v.optional(StandingsSnapshotSchema)
});

/** A whole session's groups: a phone picks its own (or types its group's code). */
export const SessionPayloadSchema = v.object({
	app: v.literal(TRANSFER_APP),
	kind: v.literal('session'),
	format: Format,
	seal: v.optional(SealSchema),
	league: LeagueSchema,
	session: SessionRef,
	groups: v.pipe(v.array(GroupLineSchema), v.minLength(1), v.maxLength(40)),
	standings: v.optional(StandingsSnapshotSchema)
});

/** Every signed card a phone has not had received yet, in one go. */
export const BundlePayloadSchema = v.object({
	app: v.literal(TRANSFER_APP),
	kind: v.literal('bundle'),
	format: Format,
	seal: v.optional(SealSchema),
	cards: v.pipe(
		v.array(v.omit(CardPayloadSchema, ['app', 'kind', 'format', 'seal'])),
		v.minLength(1),
		v.maxLength(30)
	)
});

/** One card a receipt vouches for: the game, as signed. */
const Received = v.object({
	gameId: Id,
	fingerprint: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))
});

/** The instructor's receipt: exactly these cards, as signed, are in the inbox. */
export const ReceiptPayloadSchema = v.object({
	app: v.literal(TRANSFER_APP),
	kind: v.literal('receipt'),
	format: Format,
	seal: v.optional(SealSchema),
	league: v.object({ id: Id, name: v.pipe(v.string(), v.maxLength(200)) }),
	at: Time,
	cards: v.pipe(v.array(Received), v.minLength(1), v.maxLength(30)),
	standings: v.optional(StandingsSnapshotSchema)
});

/** The most entries one live message carries: a phone that was offline sends its backlog in parts. */
export const LIVE_EVENTS_MAX = 100;

/**
 * A league game as it is played (issue 40): the phone's game record and the next entries of its
 * log, in the card's own shapes, for the instructor's live view over the school server. Never a
 * score: it counts for nothing, only the signed card does. The entries follow each other with
 * no gap (`seq` one after another), all of this game.
 */
export const LivePayloadSchema = v.pipe(
	v.object({
		app: v.literal(TRANSFER_APP),
		kind: v.literal('live'),
		format: Format,
		seal: v.optional(SealSchema),
		game: v.object(GameSchema.entries),
		events: v.pipe(v.array(EventRecordSchema), v.minLength(1), v.maxLength(LIVE_EVENTS_MAX))
	}),
	v.check(
		(p) =>
			p.events.every((e, i) => e.gameId === p.game.id && e.seq === (p.events[0]?.seq ?? 0) + i),
		'the entries of one game, one after another'
	)
);

/**
 * A live game as the school server gives it to the instructor's device (issue 40): the record
 * and the entries of it that the phone sent, checked there as a live message was. What is heard
 * is shown, never stored: this reads it before the screens do.
 */
export const LiveGameSchema = v.pipe(
	v.object({
		game: v.object(GameSchema.entries),
		events: v.pipe(v.array(EventRecordSchema), v.maxLength(5000))
	}),
	v.check((p) => p.events.every((e) => e.gameId === p.game.id), 'the entries of one game')
);

export type LiveGame = v.InferOutput<typeof LiveGameSchema>;

export type GroupPayload = v.InferOutput<typeof GroupPayloadSchema>;
export type SessionPayload = v.InferOutput<typeof SessionPayloadSchema>;
export type BundlePayload = v.InferOutput<typeof BundlePayloadSchema>;
export type ReceiptPayload = v.InferOutput<typeof ReceiptPayloadSchema>;
export type LivePayload = v.InferOutput<typeof LivePayloadSchema>;
export type GroupLine = v.InferOutput<typeof GroupLineSchema>;
/** Any of the class loop's messages. */
export type ClassPayload =
	GroupPayload | SessionPayload | BundlePayload | ReceiptPayload | LivePayload;
