/**
 * The shapes a backup carries besides a card and what it is played in (`records.ts`): UDL
 * matches, the cards an instructor received and a phone turned in, and the backup's tables
 * (`StoreDump`). Pure, like `records.ts`: the store keeps them (`$lib/db`), backups carry them
 * (`$lib/backup`), and their checks on the way in (`incoming-check.ts`) need no store.
 *
 * Stored records are plain data that outlive the code that wrote them: fields are never
 * renamed in place, optional values are stored as `null` (not left out) so every record of a
 * table has the same keys, and times are ISO 8601 strings in UTC.
 */
import type { PlayerId, RulesetId } from '$lib/rules/types';
import type {
	EventRecord,
	GameRecord,
	InboxReason,
	LeagueRecord,
	PlayerRecord,
	ReceivedCard,
	SessionRecord,
	SignatureRecord
} from './records';

/** Every record a backup holds, by table. */
export interface StoreDump {
	leagues: LeagueRecord[];
	players: PlayerRecord[];
	sessions: SessionRecord[];
	games: GameRecord[];
	events: EventRecord[];
	matches: MatchRecord[];
	signatures: SignatureRecord[];
	inbox: InboxRecord[];
	turnIns: TurnInRecord[];
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
	 * What the card's play is, whatever its game id (`contentOf` of `game-check.ts`): a copy saved under a
	 * new id has the same. Missing on cards received before issue 13.
	 */
	content?: string;
	/**
	 * Issue 37: which phone sent it, in words ("Group 3’s phone"): the group whose card first
	 * came signed by that phone's key. Missing on cards received before keys, or unsigned.
	 */
	sentBy?: string;
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
