/**
 * The checks a received card passes, with no store: its fingerprint computed from its events,
 * every player's signature of that fingerprint, its league, the limits and name rule of every
 * path in (`game-check.ts`), and (given the roster lines of its seats) its roster. The
 * instructor's inbox (`$lib/db/inbox.ts`) and the school server (`server/`) both check cards here,
 * so a card refused by one is refused by the other for the same reason.
 */
import { messageFor } from '$lib/messages';
import { bare, own } from '$lib/rules/bare';
import { isRuleError } from '$lib/rules/errors';
import type { PlayerId } from '$lib/rules/types';
export { BrokenCardError } from './errors';
import { BrokenCardError } from './errors';
import { checkGame, contentOf } from './game-check';
import type {
	EventRecord,
	GameRecord,
	InboxReason,
	ReceivedCard,
	SignatureRecord
} from './records';

/** The game's record with only the fields this version knows (a file may carry others). */
function knownGame(g: GameRecord): GameRecord {
	return {
		id: g.id,
		rulesetId: g.rulesetId,
		options: g.options,
		seats: g.seats,
		sides: g.sides,
		status: g.status,
		createdAt: g.createdAt,
		updatedAt: g.updatedAt,
		finishedAt: g.finishedAt,
		leagueId: g.leagueId,
		sessionId: g.sessionId,
		deviceId: g.deviceId,
		voidedAt: g.voidedAt,
		voidReason: g.voidReason,
		signedAt: g.signedAt,
		fingerprint: g.fingerprint,
		result: g.result
	};
}

/** A received card once checked, without its content hash (`examineNoContent`'s answer). */
export interface CheckedCard {
	game: GameRecord;
	events: EventRecord[];
	signatures: SignatureRecord[];
	fingerprint: string;
	/** The exact text the fingerprint was taken over (`canonicalCard`). */
	text: string;
	reasons: InboxReason[];
	names: Record<PlayerId, string>;
}

/** What a received card is, once checked: the game to store, and why it would not count. */
export interface Checked extends CheckedCard {
	/** What its play is, whatever its game id (`incoming.contentOf`). */
	content: string;
}

/**
 * Checks everything but the roster and the other versions (which need the store).
 * @throws BrokenCardError when the card cannot be a game
 */
export async function examine(card: ReceivedCard, leagueId: string): Promise<Checked> {
	const checked = await examineNoContent(card, leagueId);
	return { ...checked, content: contentOf(checked.game, checked.events) };
}

/**
 * `examine` without the content hash, for a receiver that never compares two cards' play (the
 * school server stores by game and fingerprint): the hash is a canonical JSON and a SHA-256 of
 * every entry, about a twentieth of the server's CPU a push. The same checks, the same refusals.
 * @throws BrokenCardError when the card cannot be a game
 */
export async function examineNoContent(card: ReceivedCard, leagueId: string): Promise<CheckedCard> {
	const received = card.signatures.filter((s) => s.setAsideAt === null);
	let checked;
	try {
		checked = await checkGame(
			{ game: knownGame(card.game), events: card.events, signatures: received },
			{ sealedBySignatures: true, damaged: (detail) => new BrokenCardError(detail) }
		);
	} catch (e) {
		// The one rule refusal a replay throws (the stored setup itself): a card that is no game.
		if (isRuleError(e)) throw new BrokenCardError(messageFor(e));
		throw e;
	}
	const { game, events, signatures, print } = checked;
	if (!checked.playable) throw new BrokenCardError('an entry breaks the rules');
	const names: Record<PlayerId, string> = bare();
	for (const s of signatures) names[s.playerId] = s.name;
	const reasons: InboxReason[] = [];
	if (game.leagueId !== leagueId) reasons.push({ code: 'inbox-other-league' });
	if (!checked.over) reasons.push({ code: 'inbox-not-finished' });
	const signedOther = signatures.some((s) => s.fingerprint !== print);
	if (signedOther || (game.fingerprint !== null && game.fingerprint !== print)) {
		reasons.push({ code: 'inbox-changed' });
	}
	for (const seat of game.seats) {
		if (!signatures.some((s) => s.playerId === seat && s.fingerprint === print) && !signedOther) {
			reasons.push({ code: 'inbox-unsigned', name: own(names, seat) ?? seat });
		}
	}
	const lastSigned =
		signatures
			.map((s) => s.signedAt)
			.sort()
			.at(-1) ?? null;
	const stored: GameRecord = {
		...game,
		status: checked.over ? 'finished' : 'in-progress',
		voidedAt: null,
		voidReason: null,
		signedAt: game.signedAt ?? lastSigned,
		fingerprint: print
	};
	return {
		// The summary the standings read (`result`) was recomputed by `checkGame`, never taken
		// from the card: it is not covered by the fingerprint.
		game: stored,
		events,
		signatures,
		fingerprint: print,
		text: checked.text,
		reasons,
		names
	};
}

/** What the store knows of a card's seat: the roster line of that player id, if any. */
export interface SeatOnRoster {
	name: string;
	leagueId: string | null;
}

/**
 * The reasons `checked` would not count in league `leagueId`, once its seats are looked up on
 * the roster (`roster[i]` is seat i's line, or undefined): every reason of `examine`, named,
 * and `inbox-not-on-roster` for a seat not on this league's roster. Fills `checked.names`
 * for players who did not sign from the roster.
 */
export function rosterReasons(
	checked: CheckedCard,
	leagueId: string,
	roster: readonly (SeatOnRoster | undefined)[]
): InboxReason[] {
	// A player who did not sign is named from this roster when they are on it.
	checked.game.seats.forEach((seat, i) => {
		const known = roster[i]?.name;
		if (known && !own(checked.names, seat)) checked.names[seat] = known;
	});
	const reasons = checked.reasons.map((r) =>
		r.name !== undefined ? { ...r, name: own(checked.names, r.name) ?? r.name } : r
	);
	if (!reasons.some((r) => r.code === 'inbox-other-league')) {
		checked.game.seats.forEach((seat, i) => {
			if (roster[i]?.leagueId !== leagueId) {
				reasons.push({ code: 'inbox-not-on-roster', name: own(checked.names, seat) ?? seat });
			}
		});
	}
	return reasons;
}
