/**
 * The shapes of a card and of what it is played in, as every device stores and hands them
 * over, and the mappers from them to the engine's domain types. Pure: the store keeps them
 * (`$lib/db`), files and codes carry them (`$lib/transfer`, `$lib/backup`), the school server
 * checks them.
 *
 * Stored records are plain data that outlive the code that wrote them: fields are never
 * renamed in place, optional values are stored as `null` (not left out) so every record of a
 * table has the same keys, and times are ISO 8601 strings in UTC.
 */
import {
	CARD_FORMAT,
	type Card,
	type CardResult,
	type ResultCorrection,
	type SideResult
} from '$lib/rules/card';
import type {
	GameEvent,
	GameOptions,
	GameSetup,
	GameState,
	PlayerId,
	RulesetId,
	SideLabel
} from '$lib/rules/types';
import type { PlayedHands } from '$lib/rules/hand-lines';
import type { Learning } from '$lib/rules/insights/learning';

/** A person who plays, on this device or on a league's roster. */
export interface PlayerRecord {
	/** Random UUID, so rosters and cards from many devices merge without clashes. */
	id: PlayerId;
	/** As shown: trimmed, inner runs of spaces made one. */
	name: string;
	/** `name` folded for comparison (see `names.ts` `nameKey`); indexed. */
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

/**
 * A game's whole log in one record (schema version 16, issue 39): a restore of a school writes
 * one record per game instead of one per entry (162,000 in 10 classes), and every read of a
 * game's log is one `get`. `events` in log order, `seq` 1, 2, 3, … without gaps.
 */
export interface LogRecord {
	gameId: string;
	events: EventRecord[];
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
	/**
	 * Issue 37: the public key of the device that made the league, the only one whose messages
	 * change it. Missing on leagues from before keys: the instructor's device owns those
	 * (`owner.ts` `ownerKeyHeld`), and a phone pins the first signed message's key.
	 */
	ownerKey?: string;
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

/**
 * Every signature of one game, those set aside included, in the order they were made, as one
 * record (schema version 17, issue 39): a card of four players was four records, and a restore
 * of 10 classes wrote 21,600 of them, and a record costs about the same to write whatever it holds.
 */
export interface GameSignaturesRecord {
	gameId: string;
	signatures: SignatureRecord[];
}

/** `records` (events, signatures) grouped by their game's id, in their order. */
export function byGame<T extends { gameId: string }>(records: readonly T[]): Map<string, T[]> {
	const out = new Map<string, T[]>();
	for (const r of records) {
		const list = out.get(r.gameId);
		if (list) list.push(r);
		else out.set(r.gameId, [r]);
	}
	return out;
}

/** `signatures` as one record per game, in the order each game first comes. */
export function signaturesByGame(signatures: readonly SignatureRecord[]): GameSignaturesRecord[] {
	return [...byGame(signatures)].map(([gameId, list]) => ({ gameId, signatures: list }));
}

/**
 * `events` as one log record per game, in the order the games first come. Each game's events
 * come in `seq` order (the store's key order; a checked backup's, `checkDump`).
 */
export function logsOfEvents(events: readonly EventRecord[]): LogRecord[] {
	return [...byGame(events)].map(([gameId, list]) => ({ gameId, events: list }));
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
		| 'inbox-copy'
		// Issue 37: a card that waits for the instructor to accept it.
		| 'inbox-no-place'
		| 'inbox-no-sender'
		// A card a backup from outside this device brought for a league it holds.
		| 'inbox-from-backup';
	name?: string;
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
	/**
	 * The instructor's corrections after signing, from the signed result (RULES.md §7), for the
	 * standings' note of corrected cards; left out when there are none.
	 */
	corrections?: ResultCorrection[];
}

/**
 * What one counted card says about each student who played it (schema version 12, issue 41):
 * their side's points and place, and what they counted, stole and missed, from the replay of
 * its log. One record per card, kept by `db/upkeep.ts` in the same transaction as every write
 * to its game, events or signatures, exactly while the card counts in the standings
 * (`countsInStandings`, not changed after signing); derived by `figures.ts`, never written on
 * its own. A student's page reads their cards through the `*players` index, and a league's
 * pages every card through `leagueId`, so none of them replays a game.
 *
 * Why one record per card with a row per student, not a record per student: IndexedDB charges
 * for each record it hands back, and a league's pages read every card.
 */
export interface FiguresRecord {
	gameId: string;
	leagueId: string;
	/** The class session it was played in, whose date it counts for; null outside sessions. */
	sessionId: string | null;
	/** When it ended: it counts for that day when it has no session (or the session is gone). */
	endedAt: string;
	/** The seated players, in seat order (indexed: a student's cards in one lookup). */
	players: PlayerId[];
	/** One row per seated player, in seat order. */
	rows: StudentFigures[];
	/** The instructor's corrections after signing (RULES.md §7), already in `rows`' points. */
	corrections?: ResultCorrection[];
	/** Its league, only on a corrected card (schema version 18): the standings list a league's
	 * corrected cards from this index, which holds no other card. */
	correctedIn?: string;
}

/** One student's line of a counted card (`FiguresRecord`). */
export interface StudentFigures {
	player: PlayerId;
	/** Their side, its final total (the instructor's corrections included) and its place. */
	side: SideLabel;
	points: number;
	/** 1 for the highest total; equal totals share a place, and the next place is skipped. */
	place: number;
	result: 'won' | 'shared' | 'lost';
	/** What they counted, stole and missed; null when the rules refuse the card's setup. */
	learning: Learning | null;
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
 * locked with its result, none for any other; kept by `db/upkeep.ts` in the same
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
 * export: one per game with a verdict (locked with its result), kept by `db/upkeep.ts` in
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

/** One student as an invite lists them. */
export interface InviteLine {
	id: PlayerId;
	name: string;
	retiredAt: string | null;
	updatedAt: string;
}

/** A league and everyone on its roster, as an invite carries them. */
export interface Invite {
	league: LeagueRecord;
	roster: InviteLine[];
}
