/**
 * The score card as players sign it: what its fingerprint covers (`Card`), the summary kept
 * once it is signed (`CardResult`), and how its signatures add up to a status.
 */
import type {
	EndCause,
	GameEvent,
	GameOptions,
	GameState,
	PlayerId,
	RulesetId,
	SideLabel
} from './types';

/**
 * The layout of `Card`. What a fingerprint covers never changes under a given version: a
 * change is a new version, so cards signed under the old one still verify.
 */
export const CARD_FORMAT = 1;

/** One event of a card's log, with the time it was recorded. */
export interface CardEvent {
	event: GameEvent;
	/** ISO 8601 in UTC, as stored. */
	at: string;
}

/**
 * Everything a signature vouches for: who played (by id), under which rules, with which
 * options, and every event in order, undos (`void`) included.
 *
 * Player names are left out on purpose: a name can be corrected on a device (roster.edit)
 * or spelled differently on the instructor's roster without changing a single point, while ids
 * are what the standings count. Each signature keeps the name it was given under.
 */
export interface Card {
	format: typeof CARD_FORMAT;
	/** The game's id: the same events in another game are another card. */
	game: string;
	ruleset: RulesetId;
	options: GameOptions;
	/** Seat order. */
	players: PlayerId[];
	/** Partners in team play; null when every player is a side. */
	sides: PlayerId[][] | null;
	league: string | null;
	session: string | null;
	createdAt: string;
	events: CardEvent[];
}

/** A side's line in a card's result. */
export interface SideResult {
	label: SideLabel;
	players: PlayerId[];
	total: number;
}

/**
 * What a signed card contributes to the standings, kept on the game when it is signed so that
 * standings read one small record per card instead of replaying its events.
 */
export interface CardResult {
	ruleset: RulesetId;
	/** Seat order. */
	players: PlayerId[];
	/** Every side with its final total, in side order (seat order without teams). */
	sides: SideResult[];
	/** The winning sides; more than one is a shared win; empty when nobody won. */
	winners: SideLabel[];
	/** Hands played to the end (settled). */
	hands: number;
	/** How the game ended. */
	endCause: EndCause | null;
	/** When the event that ended the game was recorded. */
	finishedAt: string;
	/**
	 * The instructor's corrections made after every player signed (RULES.md §7), oldest first;
	 * left out when there are none, as on every card signed before the ruling. The totals and
	 * winners above already include them.
	 */
	corrections?: ResultCorrection[];
}

/**
 * One correction the instructor made to a signed card (RULES.md §7): who it changed, by how
 * much, why, and the side's total before and after, so every screen and export can say
 * "corrected by the instructor" with the reason and the old value.
 */
export interface ResultCorrection {
	/** The player the points were given to or taken from. */
	player: PlayerId;
	/** That player's side. */
	side: SideLabel;
	/** Not zero. */
	points: number;
	/** The instructor's reason. */
	note: string;
	/** When it was recorded. */
	at: string;
	/** The side's total before it. */
	before: number;
	/** The side's total after it. */
	after: number;
}

/**
 * The result of a finished game.
 * @param finishedAt when the event that ended it was recorded (the game record's `finishedAt`)
 * @throws Error when the game is not over: only a finished card is signed
 */
export function cardResult(state: GameState, finishedAt: string): CardResult {
	if (!state.over) throw new Error('cardResult: the game is not over');
	return {
		ruleset: state.rulesetId,
		players: [...state.setup.players],
		sides: state.sides.map((s) => ({
			label: s.label,
			players: [...s.players],
			total: state.totals[s.label] ?? 0
		})),
		winners: [...state.winners],
		hands: state.hands.filter((h) => h.settlement !== null).length,
		endCause: state.endCause,
		finishedAt
	};
}

/**
 * Where a card stands:
 * - `unsigned`: nobody has signed it;
 * - `signing`: some players have signed, not all (or not all the card as it is now);
 * - `signed`: every player signed the card as it is stored now; it is locked;
 * - `changed-after-signing`: the stored card no longer matches what was signed. It does not
 *   count as signed.
 */
export type CardStatus = 'unsigned' | 'signing' | 'signed' | 'changed-after-signing';

/** A signature as far as the status is concerned: who signed which fingerprint. */
export interface SignedFingerprint {
	player: PlayerId;
	fingerprint: string;
}

/** What `cardStatus` weighs. */
export interface StatusInput {
	/** The card's players, seat order. */
	players: readonly PlayerId[];
	/** The signatures that count: each player's latest one not set aside by a reopening. */
	signatures: readonly SignedFingerprint[];
	/** The fingerprint the card was locked with (the game's `fingerprint`), or null if unlocked. */
	locked: string | null;
	/** The fingerprint of the card as stored now. */
	current: string;
}

/**
 * The status of a card, from its signatures and a fingerprint computed afresh.
 *
 * A card is `signed` only when it is locked with the fingerprint of its stored events and
 * every player signed that same fingerprint. A lock that does not match, and a full set of
 * signatures that agree with each other but are not locked (signing locks the card in the
 * same transaction, so only an edit of the stored record gets there), are both
 * `changed-after-signing`.
 */
export function cardStatus({ players, signatures, locked, current }: StatusInput): CardStatus {
	const signed = new Map(signatures.map((s) => [s.player, s.fingerprint]));
	const sealed = new Set(players.map((p) => signed.get(p)));
	const agreed = sealed.size === 1 && !sealed.has(undefined) ? [...sealed][0] : undefined;
	if (locked !== null) {
		return locked === current && agreed === current ? 'signed' : 'changed-after-signing';
	}
	if (agreed !== undefined) return 'changed-after-signing';
	return players.some((p) => signed.has(p)) ? 'signing' : 'unsigned';
}
