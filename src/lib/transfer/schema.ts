/**
 * What one device hands another, as valibot schemas: a signed card turned in, and a league
 * invite. The records inside reuse the backup's schemas, so a record valid in a backup is the
 * record valid here. Everything from outside goes through `parsePayload` before it is used.
 */
import * as v from 'valibot';
import {
	EventRecordSchema,
	GameSchema,
	LeagueSchema,
	PlayerSchema,
	SignatureSchema
} from '$lib/backup/schema';
import type { ClassPayload } from './class-schema';

/** Marks a payload as this app's. */
export const TRANSFER_APP = 'muggins-league';
/** The payload format this version writes and reads; a newer one is refused. */
export const TRANSFER_FORMAT = 1;

/** A signed card as it travels: the game, its whole log, and the signatures that count. */
export const CardPayloadSchema = v.object({
	app: v.literal(TRANSFER_APP),
	kind: v.literal('card'),
	format: v.literal(TRANSFER_FORMAT),
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
	format: v.literal(TRANSFER_FORMAT),
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
