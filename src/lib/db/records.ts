/**
 * The shapes stored in IndexedDB, and the mappers from them to the engine's domain types.
 *
 * Stored records are plain data that outlive the code that wrote them: fields are never
 * renamed in place, optional values are stored as `null` (not left out) so every record of a
 * table has the same keys, and times are ISO 8601 strings in UTC.
 */
import { CARD_FORMAT, type Card, type CardResult } from '$lib/rules/card';
import type {
	GameEvent,
	GameOptions,
	GameSetup,
	GameState,
	PlayerId,
	RulesetId
} from '$lib/rules/types';

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

/** A device-wide setting. */
export type MetaRecord = { key: 'deviceId'; value: string };

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
