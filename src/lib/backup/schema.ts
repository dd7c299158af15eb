/**
 * The backup file's shape, as a valibot schema: what a restore accepts before it touches the
 * store. Types are inferred from the schema and checked against the stored records below, so
 * the two cannot drift apart unnoticed.
 *
 * Games are loose objects: fields this version does not know (added by a later feature, such
 * as sign-off) are kept through a backup and a restore rather than silently dropped.
 */
import { PUBLIC_KEY_PATTERN } from '$lib/card/keys';
import * as v from 'valibot';
import { isDay } from '$lib/days';
import type { MatchRecord, InboxRecord, TurnInRecord } from '$lib/card/backup-records';
import type {
	EventRecord,
	GameRecord,
	LeagueRecord,
	PlayerRecord,
	SessionRecord,
	SignatureRecord
} from '$lib/card/records';
import { RULESETS } from '$lib/rules/rulesets';
import type { EndCause, RulesetId } from '$lib/rules/types';

/** Marks a file as this app's backup. */
export const BACKUP_APP = 'muggins-league';
/**
 * The format this version writes: 3, a header line naming the device that wrote it, one record
 * a line, the end line, and the device's seal over them all (`backup.ts`, `seal.ts`). It still
 * reads format 2 (the same lines with no device and no seal) and format 1 (one JSON object with
 * every table, `LegacyBackupSchema`), as files no device vouches for, and refuses a newer one.
 */
export const BACKUP_FORMAT = 3;
/** The lines without a seal, written before issue 37. */
export const UNSEALED_FORMAT = 2;
/** The first format: the whole backup as one JSON object. */
export const LEGACY_FORMAT = 1;

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const time = v.pipe(v.string(), v.isoTimestamp());
const day = v.pipe(
	v.string(),
	v.check((s: string) => isDay(s), 'not a date')
);
const whole = v.pipe(v.number(), v.integer());
const natural = v.pipe(whole, v.minValue(0));
const rulesetId = v.picklist(RULESETS.map((r) => r.id) as [RulesetId, ...RulesetId[]]);
const options = v.object({
	target: v.optional(v.nullable(v.pipe(whole, v.minValue(1)))),
	rounds: v.optional(v.pipe(whole, v.minValue(1)))
});

const player = v.object({
	id,
	name: text(200),
	nameKey: text(200),
	createdAt: time,
	updatedAt: time,
	lastPlayedAt: v.nullable(time),
	retiredAt: v.nullable(time),
	leagueId: v.nullable(id),
	// Issue 17; older backups have none. Its rule (length, hidden characters) is checked in
	// `card/incoming-check.ts`, with the other rules every path in shares.
	studentId: v.optional(v.nullable(text(1000)))
});

const league = v.object({
	id,
	name: text(200),
	term: v.object({ name: text(200), start: v.nullable(day), end: v.nullable(day) }),
	rulesetId,
	options,
	// Issue 37: the public key of the device that made the league (`card/owner.ts`).
	ownerKey: v.optional(v.pipe(v.string(), v.regex(PUBLIC_KEY_PATTERN))),
	createdAt: time,
	updatedAt: time
});

const session = v.object({
	id,
	leagueId: id,
	date: day,
	present: v.array(id),
	groups: v.array(v.object({ players: v.array(id), gameId: v.nullable(id) })),
	createdAt: time,
	updatedAt: time
});

const END_CAUSES = [
	'end',
	'target',
	'rounds',
	'time-up',
	'overtime',
	'disqualified',
	'bogus-play'
] as const satisfies readonly EndCause[];

/** A signed card's summary (`rules/card.ts` CardResult). */
const cardResult = v.object({
	ruleset: rulesetId,
	players: v.array(id),
	sides: v.array(
		v.object({ label: v.pipe(v.string(), v.maxLength(1000)), players: v.array(id), total: whole })
	),
	winners: v.array(v.pipe(v.string(), v.maxLength(1000))),
	hands: natural,
	endCause: v.nullable(v.picklist(END_CAUSES)),
	finishedAt: time
});

const gameEntries = {
	id,
	rulesetId,
	options,
	seats: v.pipe(v.array(id), v.minLength(2), v.maxLength(4)),
	sides: v.nullable(v.array(v.array(id))),
	status: v.picklist(['in-progress', 'finished']),
	createdAt: time,
	updatedAt: time,
	finishedAt: v.nullable(time),
	leagueId: v.nullable(id),
	sessionId: v.nullable(id),
	deviceId: text(200),
	voidedAt: v.nullable(time),
	voidReason: v.nullable(text(1000)),
	signedAt: v.nullable(time),
	fingerprint: v.nullable(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
	result: v.nullable(cardResult)
};
const game = v.looseObject(gameEntries);

const held = v.union([
	v.object({ pips: natural, tiles: natural }),
	v.object({ dominoes: v.array(text(5)) })
]);

const event = v.variant('type', [
	v.object({ id, type: v.literal('score'), player: id, count: whole }),
	v.object({ id, type: v.literal('muggins'), by: id, from: id, count: whole }),
	v.object({
		id,
		type: v.literal('hand-end'),
		outcome: v.picklist(['domino', 'blocked']),
		wentOut: v.optional(id),
		hands: v.record(id, held),
		spinner: v.optional(text(5))
	}),
	v.object({ id, type: v.literal('adjust'), player: id, points: whole, note: text(1000) }),
	v.object({ id, type: v.literal('correct'), player: id, points: whole, note: text(1000) }),
	v.object({ id, type: v.literal('time-up') }),
	v.object({
		id,
		type: v.literal('penalty'),
		player: id,
		kind: v.picklist(['slow-play', 'passed-could-play', 'bogus-play'])
	}),
	v.object({ id, type: v.literal('end'), reason: v.optional(text(1000)) }),
	v.object({ id, type: v.literal('void'), target: id })
]);

const match = v.object({
	id,
	rulesetId,
	gameIds: v.array(id),
	clock: v.array(time),
	timers: v.record(
		id,
		v.object({
			clock: v.array(time),
			play: v.nullable(v.object({ at: time, drawing: v.boolean() }))
		})
	),
	createdAt: time,
	updatedAt: time,
	deviceId: text(200)
});

const eventRecord = v.object({
	gameId: id,
	seq: v.pipe(whole, v.minValue(1)),
	event,
	at: time,
	deviceId: text(200),
	redoOf: v.nullable(id)
});

const signature = v.object({
	id,
	gameId: id,
	playerId: id,
	name: text(200),
	fingerprint: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
	// A drawing's strokes, encoded: long, but bounded (a card's inflated size is capped too).
	strokes: v.nullable(text(200_000)),
	typed: v.nullable(text(200)),
	signedAt: time,
	deviceId: text(200),
	setAsideAt: v.nullable(time),
	setAsideReason: v.nullable(text(1000))
});

const hex64 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));

/** A card received on the instructor's device, kept as it arrived (issue 6). */
const inboxItem = v.object({
	id: v.pipe(v.string(), v.minLength(1), v.maxLength(400)),
	leagueId: id,
	gameId: id,
	fingerprint: hex64,
	receivedAt: time,
	state: v.picklist(['counted', 'refused', 'conflict', 'set-aside']),
	reasons: v.array(
		v.object({
			code: v.picklist([
				'inbox-changed',
				'inbox-unsigned',
				'inbox-other-league',
				'inbox-not-on-roster',
				'inbox-not-finished',
				'inbox-copy',
				'inbox-no-place',
				'inbox-no-sender',
				'inbox-from-backup'
			]),
			name: v.optional(text(200))
		})
	),
	names: v.record(id, text(200)),
	content: v.optional(hex64),
	sentBy: v.optional(text(200)),
	card: v.object({
		game: v.object(gameEntries),
		events: v.array(eventRecord),
		signatures: v.array(signature)
	})
});

/** A card this device turned in (issue 6). */
const turnIn = v.object({
	gameId: id,
	fingerprint: hex64,
	at: time,
	how: v.picklist(['qr', 'file', 'server'])
});

/**
 * The record schemas, for other input from outside (cards and invites passed between devices,
 * `$lib/transfer`), so there is one definition of a valid record.
 */
export {
	player as PlayerSchema,
	league as LeagueSchema,
	game as GameSchema,
	eventRecord as EventRecordSchema,
	signature as SignatureSchema,
	session as SessionSchema,
	match as MatchSchema,
	inboxItem as InboxSchema,
	turnIn as TurnInSchema
};

/**
 * The first line: whose file it is, when and by which version it was made, and (format 3) the
 * public key of the device that wrote it, whose seal ends the file.
 */
export const HeaderSchema = v.variant('format', [
	v.object({
		app: v.literal(BACKUP_APP),
		format: v.literal(BACKUP_FORMAT),
		appVersion: text(50),
		exportedAt: time,
		device: v.pipe(v.string(), v.regex(PUBLIC_KEY_PATTERN))
	}),
	v.object({
		app: v.literal(BACKUP_APP),
		format: v.literal(UNSEALED_FORMAT),
		appVersion: text(50),
		exportedAt: time
	})
]);

/** A game in a format 2 file: its record, its whole log and its signatures, on one line. */
export const CardSchema = v.object({
	game,
	events: v.array(eventRecord),
	signatures: v.array(signature)
});

/** Everything a backup holds, table by table. */
export const StoreDataSchema = v.object({
	leagues: v.array(league),
	players: v.array(player),
	sessions: v.array(session),
	games: v.array(game),
	events: v.array(eventRecord),
	matches: v.array(match),
	signatures: v.array(signature),
	inbox: v.array(inboxItem),
	turnIns: v.array(turnIn)
});

/** A format 1 file, whole. */
export const LegacyBackupSchema = v.object({
	app: v.literal(BACKUP_APP),
	format: v.literal(LEGACY_FORMAT),
	appVersion: text(50),
	exportedAt: time,
	data: StoreDataSchema
});

/** A format 1 file as read and checked. */
export type LegacyBackup = v.InferOutput<typeof LegacyBackupSchema>;
/** The tables of a backup. */
export type StoreData = v.InferOutput<typeof StoreDataSchema>;

// The schema must give back the very shapes the store holds (games: their known fields).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type KnownGame = v.InferOutput<v.ObjectSchema<typeof gameEntries, undefined>>;
type Checks = [
	Same<v.InferOutput<typeof player>, PlayerRecord>,
	Same<v.InferOutput<typeof league>, LeagueRecord>,
	Same<v.InferOutput<typeof session>, SessionRecord>,
	Same<KnownGame, GameRecord>,
	Same<v.InferOutput<typeof eventRecord>, EventRecord>,
	Same<v.InferOutput<typeof match>, MatchRecord>,
	Same<v.InferOutput<typeof signature>, SignatureRecord>,
	Same<v.InferOutput<typeof inboxItem>, InboxRecord>,
	Same<v.InferOutput<typeof turnIn>, TurnInRecord>
];
/** Fails to compile when the schema and `records.ts` disagree. */
export const SCHEMA_MATCHES_RECORDS: Checks = [
	true,
	true,
	true,
	true,
	true,
	true,
	true,
	true,
	true
];
