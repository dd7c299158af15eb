/**
 * The shapes stored in IndexedDB, and the mappers from them to the engine's domain types.
 *
 * Stored records are plain data that outlive the code that wrote them: fields are never
 * renamed in place, optional values are stored as `null` (not left out) so every record of a
 * table has the same keys, and times are ISO 8601 strings in UTC.
 */
import { CARD_FORMAT, type Card, type CardResult, type SideResult } from '$lib/rules/card';
import type {
	GameEvent,
	GameOptions,
	GameSetup,
	GameState,
	PlayerId,
	RulesetId,
	SideLabel
} from '$lib/rules/types';
import type { Clock } from '$lib/rules/clock';
import type { PlayedHands } from '$lib/rules/hand-lines';
import type { PlayMark } from '$lib/rules/play';
import type { StandingsSnapshot } from '$lib/transfer/standings-snapshot';

/** A person who plays, on this device or on a league's roster. */
export interface PlayerRecord {
	/** Random UUID, so rosters and cards from many devices merge without clashes. */
	id: PlayerId;
	/** As shown: trimmed, inner runs of spaces made one. */
	name: string;
	/** `name` folded for comparison (see `players.nameKey`); indexed. */
	nameKey: string;
	createdAt: string;
	updatedAt: string;
	/** When a game on this device last seated the player: the "New game" form offers these first. */
	lastPlayedAt: string | null;
	/** A retired student keeps their history but is no longer offered (the league issue). */
	retiredAt: string | null;
	/** The league whose roster holds the player; null for players of quick games. */
	leagueId: string | null;
	/**
	 * The school's id or e-mail for the student (`student-ids.ts`), for the exports; unique
	 * within the roster. Missing on records stored before issue 17, and on phones: invites and
	 * group codes leave it out, since a class's phones need no student's school id.
	 */
	studentId?: string | null;
}

/** Where a game stands, kept on the record so lists need no replay. */
export type GameStatus = 'in-progress' | 'finished';

/** A game: who plays under which rules. Its events are stored apart (`EventRecord`). */
export interface GameRecord {
	/** Random UUID. */
	id: string;
	rulesetId: RulesetId;
	/**
	 * The options the game is played with, the ruleset's defaults filled in when it was created,
	 * so a later change of a default never changes a game already recorded.
	 */
	options: GameOptions;
	/** Player ids in seat order (play goes to the left). */
	seats: PlayerId[];
	/** Partners in team play; null when every player is a side. */
	sides: PlayerId[][] | null;
	status: GameStatus;
	createdAt: string;
	/** Time of the last event stored. */
	updatedAt: string;
	/** Time of the event that ended the game; null while it is in progress. */
	finishedAt: string | null;
	/** The league the game counts for; null for a quick game. */
	leagueId: string | null;
	/** The class session that formed the group; null outside sessions. */
	sessionId: string | null;
	/** The device the game was created on. */
	deviceId: string;
	/**
	 * When the instructor voided the card: it stays stored but no longer counts in the
	 * standings. Null while it counts (schema version 3 fills in null on older games).
	 */
	voidedAt: string | null;
	/** Why the card was voided, in the instructor's words; null while it is not. */
	voidReason: string | null;
	/**
	 * When the last player signed, so that every player has signed the card as it is now; null
	 * until then and after a reopening. While it is set the card is locked: nothing can be
	 * appended (`card-signed`).
	 */
	signedAt: string | null;
	/** The fingerprint every player signed (hex SHA-256 of `toCard`); null when not signed. */
	fingerprint: string | null;
	/** The signed card's summary, for standings that must not replay; null when not signed. */
	result: CardResult | null;
}

/** One accepted event of a game's append-only log. */
export interface EventRecord {
	gameId: string;
	/** 1, 2, 3, … within the game, without gaps: the order of the log. */
	seq: number;
	event: GameEvent;
	/** When it was recorded. */
	at: string;
	/** The device it was recorded on. */
	deviceId: string;
	/** For a redo: the id of the undone event this one records again; null otherwise. */
	redoOf: string | null;
}

/** A class's league for one term: who plays, under which rules. */
export interface LeagueRecord {
	/** Random UUID. */
	id: string;
	/** As the class knows it, e.g. "Period 3". */
	name: string;
	/** The term it runs for: a name ("Trimester 2") and its first and last days (`YYYY-MM-DD`). */
	term: { name: string; start: string | null; end: string | null };
	/** The rule sheet its games are started with. */
	rulesetId: RulesetId;
	/** The options its games are started with (target, rounds); empty for the defaults. */
	options: GameOptions;
	createdAt: string;
	updatedAt: string;
}

/** A group of a class session, and the game it started (null until it starts one). */
export interface SessionGroup {
	/** In seat order. */
	players: PlayerId[];
	gameId: string | null;
}

/** One class meeting of a league: who came, and the groups they played in. */
export interface SessionRecord {
	/** Random UUID. */
	id: string;
	leagueId: string;
	/** The day of the class, `YYYY-MM-DD` in the instructor's time zone. */
	date: string;
	/** Roster ids of the students marked present, in roster order. */
	present: PlayerId[];
	groups: SessionGroup[];
	createdAt: string;
	updatedAt: string;
}

/** A salted PBKDF2 hash of the instructor's PIN (see `$lib/pin`); never the PIN itself. */
export interface PinHashRecord {
	algorithm: 'PBKDF2-SHA-256';
	iterations: number;
	/** Base64. */
	salt: string;
	/** Base64. */
	hash: string;
}

/**
 * A device-wide setting: this device's id, the league the instructor works on, and the
 * instructor's PIN when one is set. Kept out of backups: they belong to the device.
 */
export type MetaRecord =
	| { key: 'deviceId'; value: string }
	| { key: 'currentLeague'; value: string }
	| { key: 'pin'; value: PinHashRecord }
	| { key: 'pinFailures'; value: PinFailuresRecord }
	// Issue 16: the school server's address, and the leagues this device syncs through it.
	| { key: 'serverAddress'; value: string }
	| { key: 'serverLinks'; value: ServerLink[] }
	// Issue 15: what the device is used as (`$lib/roles/rules.ts`); missing until it takes one.
	| { key: 'role'; value: 'instructor' | 'group' }
	// Issue 15: when the first start's "who is using this device?" was answered or skipped.
	| { key: 'roleAsked'; value: string }
	// Issue 15: the instructor's leagues whose standings the phones see, and on a phone, the
	// latest standings each of its leagues shared (`shared-standings.ts`).
	| { key: 'standingsSharing'; value: SharingRecord[] }
	| { key: 'sharedStandings'; value: StandingsSnapshot[] }
	// Issue 14: a staged restore under way (`restore.ts`), finished or discarded at the next start.
	| { key: 'restore'; value: RestoreMarker };

/** How far a staged restore under way has got (`restore.ts`). */
export interface RestoreMarker {
	/** Staging: the store is untouched yet. Applying: the staged parts are being written. */
	phase: 'staging' | 'applying';
	mode: 'merge' | 'replace';
	/** The staged parts (known once staging is done). */
	parts: number;
	/** The first staged part not yet written to the store. */
	next: number;
	/** A replace has emptied the store (a merge never does). */
	cleared: boolean;
	/** The file's first league, made current when the restore leaves none. */
	firstLeague: string | null;
	startedAt: string;
}

/** Whether the instructor shares league `leagueId`'s standings with its group phones. */
export interface SharingRecord {
	leagueId: string;
	on: boolean;
	/** The phones show first names only ("Ana B." where two share one). */
	firstNames: boolean;
	/** When sharing was last turned on or off: turning it off tells the phones from then on. */
	changedAt: string;
}

/**
 * Wrong PINs typed in a row on this device (issue 13), kept in IndexedDB so a reload does not
 * reset the wait before the next try.
 */
export interface PinFailuresRecord {
	count: number;
	/** No PIN is checked before this time (ISO); null while no wait applies. */
	until: string | null;
}

/**
 * A league this device syncs through the school server: as its instructor (who registered it)
 * or as a group phone (joined with a join code). The token is this device's secret.
 */
export interface ServerLink {
	leagueId: string;
	address: string;
	role: 'instructor' | 'device';
	token: string;
	/** The instructor's: the code phones join with, and when it stops working. */
	joinCode: string | null;
	joinCodeExpiresAt: string | null;
	/** The instructor's: the server's number of the last card pulled into the inbox. */
	pulled: number;
	/** The instructor's: the league, roster and sessions as last pushed (to push only changes). */
	pushedDigest: string | null;
	/** Set when the server said this device was removed: it stops syncing. */
	revoked: boolean;
	/** The instructor's: each handed-out session's groups as last pushed, by session id. */
	pushedGroups?: Record<string, string>;
	/** The instructor's: what the phones show of the shared standings as last pushed. */
	pushedStandings?: string;
	/** A phone's: the server's number of the league's state it holds (it asks `since=` it). */
	leagueSeq?: number;
	/** A phone's: the server's number of the last handed-out session pulled. */
	groupsPulled?: number;
}

/**
 * One player's signature of a card. Never deleted: a reopening sets it aside (it stays in the
 * card's history) and signing again adds a new one. A player's signature that counts is their
 * latest one not set aside.
 */
export interface SignatureRecord {
	/** Random UUID. */
	id: string;
	gameId: string;
	playerId: PlayerId;
	/** The player's name as the card showed it when they signed. */
	name: string;
	/** The fingerprint of the card they signed (hex SHA-256). */
	fingerprint: string;
	/** The strokes they drew, encoded (`signatures/strokes.ts`); null when typed instead. */
	strokes: string | null;
	/** Their name typed instead of a drawing (for someone who cannot draw); null when drawn. */
	typed: string | null;
	signedAt: string;
	/** The device it was signed on. */
	deviceId: string;
	/** When a reopening set it aside; null while it counts. */
	setAsideAt: string | null;
	/** The reason written for that reopening; null while it counts. */
	setAsideReason: string | null;
}

/** The engine's setup for a stored game. */
export function toSetup(game: GameRecord): GameSetup {
	return {
		ruleset: game.rulesetId,
		players: [...game.seats],
		...(game.sides ? { sides: game.sides.map((s) => [...s]) } : {}),
		options: { ...game.options }
	};
}

/**
 * The card a game's signatures vouch for (see `Card`): the game as stored and every event of
 * its log in order, with the time each was recorded.
 */
export function toCard(game: GameRecord, records: readonly EventRecord[]): Card {
	return {
		format: CARD_FORMAT,
		game: game.id,
		ruleset: game.rulesetId,
		options: game.options,
		players: game.seats,
		sides: game.sides,
		league: game.leagueId,
		session: game.sessionId,
		createdAt: game.createdAt,
		events: records.map((r) => ({ event: r.event, at: r.at }))
	};
}

/** The engine's events of a log, in order. */
export function toEvents(records: readonly EventRecord[]): GameEvent[] {
	return records.map((r) => r.event);
}

/** The status a game's record must show for `state`. */
export function statusOf(state: GameState): GameStatus {
	return state.over ? 'finished' : 'in-progress';
}

/**
 * A plain-data copy of `value`, fit to store: strips `undefined` fields (so the same event is
 * the same bytes however it was built) and any reactive proxy the UI wraps its state in, which
 * IndexedDB cannot clone.
 */
export function plain<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

/** A game's timers within a UDL match. */
export interface GameTimersRecord {
	/** The game clock: the times it was started and paused, alternately. */
	clock: string[];
	/** The play timer's last tap ("Next play", a player drawing, "Has a play"); null before one. */
	play: { at: string; drawing: boolean } | null;
}

/**
 * A UDL match (schema version 4): its games in the order played, the match clock, and each
 * game's clock and play timer. Clocks are stored as the instants they were started and paused,
 * never as a time left, so every tab and every reload reads the same time from them.
 */
export interface MatchRecord {
	/** Random UUID. */
	id: string;
	rulesetId: RulesetId;
	/** Game ids, in the order played; indexed, so a game finds its match. */
	gameIds: string[];
	/** The match clock: the times it was started and paused, alternately. */
	clock: string[];
	/** Timers per game id. */
	timers: Record<string, GameTimersRecord>;
	createdAt: string;
	updatedAt: string;
	/** The device the match was started on. */
	deviceId: string;
}

/** The rules' clock for stored instants. */
export function toClock(instants: readonly string[]): Clock {
	return instants.map((t) => Date.parse(t));
}

/** The rules' play mark for a stored tap. */
export function toPlayMark(play: GameTimersRecord['play']): PlayMark | null {
	return play && { at: Date.parse(play.at), drawing: play.drawing };
}

/** The stored form of an instant given in milliseconds since the epoch. */
export function toInstant(ms: number): string {
	return new Date(ms).toISOString();
}

/** Stored instants for the rules' clock. */
export function fromClock(clock: Clock): string[] {
	return clock.map(toInstant);
}

/**
 * A signed card as another device hands it over (`$lib/transfer` checks its shape first): the
 * game, its whole log, and the signatures that count.
 */
export interface ReceivedCard {
	game: GameRecord;
	events: EventRecord[];
	signatures: SignatureRecord[];
}

/** Why a received card does not count: a code of `messages.ts` and the name it speaks of. */
export interface InboxReason {
	code:
		| 'inbox-changed'
		| 'inbox-unsigned'
		| 'inbox-other-league'
		| 'inbox-not-on-roster'
		| 'inbox-not-finished'
		| 'inbox-copy';
	name?: string;
}

/**
 * Where a received card stands: `counted` (it passed every check and is in the standings),
 * `refused` (it failed one; `reasons` say why), `conflict` (it passed, but another version of
 * the same card did too: the instructor chooses), `set-aside` (the other version was chosen).
 */
export type InboxState = 'counted' | 'refused' | 'conflict' | 'set-aside';

/** A card received on the instructor's device (schema version 5), kept as it arrived. */
export interface InboxRecord {
	/** `gameId:fingerprint`: the same card received twice is one record. */
	id: string;
	/** The league it was received into. */
	leagueId: string;
	gameId: string;
	/** The fingerprint computed here from the card's events (not the one it claims). */
	fingerprint: string;
	receivedAt: string;
	state: InboxState;
	reasons: InboxReason[];
	/** The players' names as they signed, by id, for the inbox's words. */
	names: Record<PlayerId, string>;
	/**
	 * What the card's play is, whatever its game id (`incoming.contentOf`): a copy saved under a
	 * new id has the same. Missing on cards received before issue 13.
	 */
	content?: string;
	card: ReceivedCard;
}

/** A card this device turned in (schema version 5): the phone shows it as handed over. */
export interface TurnInRecord {
	gameId: string;
	/** The fingerprint of the card as turned in; a reopened and re-signed card is turned in again. */
	fingerprint: string;
	at: string;
	how: 'qr' | 'file' | 'server';
}

/**
 * What one card that counts contributes to its league's standings (schema version 6): its
 * sides' totals and winners, copied from the signed result, and what dates it. Derived from
 * the game record (`contributions.ts`), never written on its own.
 */
export interface ContributionRecord {
	gameId: string;
	/** The class session it was played in, whose date it counts for; null outside sessions. */
	sessionId: string | null;
	/** When it ended: it counts for that day when it has no session (or the session is gone). */
	endedAt: string;
	sides: SideResult[];
	winners: SideLabel[];
}

/**
 * One page of a league's contributions (schema version 6): a league's counted cards are spread
 * over a fixed number of pages by a hash of the game id (`contributions.ts` says why).
 */
export interface ContributionPageRecord {
	leagueId: string;
	/** 0 to `PAGES - 1`. */
	page: number;
	/**
	 * The page's cards, `ContributionRecord[]` as JSON text (`readPage`): IndexedDB hands back
	 * thousands of small objects far slower than `JSON.parse` makes them from text. Never
	 * empty: a page left empty is deleted.
	 */
	cards: string;
}

/**
 * The kept outcome of a signed card's signature check (schema version 8, issue 14): whether
 * its stored events and signatures still match the fingerprint it was locked to. One per game
 * locked with its result, none for any other; kept by `verdicts-upkeep.ts` in the same
 * transaction as every write to its game, events or signatures, so pages read it instead of
 * hashing a league.
 */
export interface VerdictRecord {
	gameId: string;
	/** The game's league; null for a quick game (then left out of the league index). */
	leagueId: string | null;
	/** The fingerprint the game is locked to, which the check was made against. */
	fingerprint: string;
	/** 1 when the card changed after signing (it does not count), 0 when it checks out. */
	changed: 0 | 1;
	/**
	 * The card's hands as its events replay, for the hands export (`rules/hand-lines.ts`):
	 * kept since schema version 10, whose upgrade fills them in for the verdicts before it.
	 * Null when the rules refuse the game's setup; then the export reads and replays the log.
	 */
	hands: PlayedHands | null;
}

/**
 * A signed card's whole log kept in one record (schema version 11, issue 14), for the events
 * export: one per game with a verdict (locked with its result), kept by `verdicts-upkeep.ts` in
 * the same transaction as every write to its game, events or signatures. A signed card's log
 * does not change while it stays signed (a reopen unlocks it, and its log is dropped), so the
 * export reads one record per card instead of each of its ~30 event records: IndexedDB's cost
 * there was per record read.
 */
export interface SignedLogRecord {
	gameId: string;
	/**
	 * The game's events in log order as `KeptEvent[]`, JSON text: like the contributions'
	 * pages, IndexedDB hands back many small objects far slower than `JSON.parse` makes them
	 * from text.
	 */
	events: string;
}

/**
 * A stored event as a kept log holds it: without its game's id, the same on each (a third of
 * the text; it is the record's key).
 */
export type KeptEvent = Omit<EventRecord, 'gameId'>;

/**
 * A group of a class session as a phone holds it (schema version 9), from a group's code or a
 * whole session's invite. `taken` marks the phone's own group: the one whose game it plays.
 */
export interface AssignmentRecord {
	/** The group's game, fixed when the instructor handed the codes out. */
	gameId: string;
	leagueId: string;
	sessionId: string;
	/** The session's day, `YYYY-MM-DD`. */
	sessionDate: string;
	/** The session's `updatedAt` the code was made from: a later list of groups replaces it. */
	sessionUpdatedAt: string;
	/** The group's place in the session (Group 1 is 0). */
	index: number;
	/** The short code the group can type instead of scanning. */
	code: string;
	players: PlayerId[];
	/** When this phone took the group as its own; null for the other groups of a session. */
	takenAt: string | null;
}

/**
 * The instructor's receipt for a card this phone turned in (schema version 9): the card as
 * signed with `fingerprint` is in the instructor's inbox. Only this makes a card "turned in";
 * a `TurnInRecord` alone says it was shown.
 */
export interface ReceiptRecord {
	gameId: string;
	fingerprint: string;
	leagueId: string;
	/** When the instructor's device wrote the receipt. */
	issuedAt: string;
	/** When this phone read it. */
	readAt: string;
}
