/**
 * The checks a received card passes, with no store: its fingerprint computed from its events,
 * every player's signature of that fingerprint, its league, and (given the roster lines of its
 * seats) its roster. The instructor's inbox (`db/inbox.ts`) and the school server (`server/`)
 * both check cards here, so a card refused by one is refused by the other for the same reason.
 */
import { messageFor } from '$lib/messages';
import { cardResult } from '$lib/rules/card';
import { fingerprint } from '$lib/rules/fingerprint';
import type { PlayerId } from '$lib/rules/types';
import { replayRecords } from '$lib/db/log';
import {
	statusOf,
	toCard,
	toSetup,
	type EventRecord,
	type GameRecord,
	type InboxReason,
	type ReceivedCard,
	type SignatureRecord
} from '$lib/db/records';

/** A card that cannot be a game at all (events of another game, out of order, refused). */
export class BrokenCardError extends Error {
	readonly code = 'transfer-damaged';
	readonly params: { detail: string };

	constructor(detail: string) {
		super(`The card is damaged: ${detail}`);
		this.name = 'BrokenCardError';
		this.params = { detail };
	}
}

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

/** What a received card is, once checked: the game to store, and why it would not count. */
export interface Checked {
	game: GameRecord;
	events: EventRecord[];
	signatures: SignatureRecord[];
	fingerprint: string;
	reasons: InboxReason[];
	names: Record<PlayerId, string>;
}

/**
 * Checks everything but the roster and the other versions (which need the store).
 * @throws BrokenCardError when the card cannot be a game
 */
export async function examine(card: ReceivedCard, leagueId: string): Promise<Checked> {
	const game = knownGame(card.game);
	const events = [...card.events].sort((a, b) => a.seq - b.seq);
	if (events.some((e, i) => e.gameId !== game.id || e.seq !== i + 1)) {
		throw new BrokenCardError('its entries are not one game’s log');
	}
	const signatures = card.signatures.filter((s) => s.setAsideAt === null);
	if (signatures.some((s) => s.gameId !== game.id)) {
		throw new BrokenCardError('a signature is of another game');
	}
	let replayed;
	try {
		replayed = replayRecords(toSetup(game), events);
	} catch (e) {
		throw new BrokenCardError(messageFor(e));
	}
	if (replayed.refused.length > 0) throw new BrokenCardError('an entry breaks the rules');
	const print = await fingerprint(toCard(game, events));
	const names: Record<PlayerId, string> = {};
	for (const s of signatures) names[s.playerId] = s.name;
	const reasons: InboxReason[] = [];
	if (game.leagueId !== leagueId) reasons.push({ code: 'inbox-other-league' });
	if (!replayed.state.over) reasons.push({ code: 'inbox-not-finished' });
	const signedOther = signatures.some((s) => s.fingerprint !== print);
	if (signedOther || (game.fingerprint !== null && game.fingerprint !== print)) {
		reasons.push({ code: 'inbox-changed' });
	}
	for (const seat of game.seats) {
		if (!signatures.some((s) => s.playerId === seat && s.fingerprint === print) && !signedOther) {
			reasons.push({ code: 'inbox-unsigned', name: names[seat] ?? seat });
		}
	}
	const lastSigned =
		signatures
			.map((s) => s.signedAt)
			.sort()
			.at(-1) ?? null;
	const finishedAt = game.finishedAt ?? events.at(-1)?.at ?? game.createdAt;
	return {
		game: {
			...game,
			status: statusOf(replayed.state),
			voidedAt: null,
			voidReason: null,
			signedAt: game.signedAt ?? lastSigned,
			fingerprint: print,
			// The summary the standings read is recomputed, never taken from the card: it is
			// not covered by the fingerprint.
			result: replayed.state.over ? cardResult(replayed.state, finishedAt) : null
		},
		events,
		signatures,
		fingerprint: print,
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
	checked: Checked,
	leagueId: string,
	roster: readonly (SeatOnRoster | undefined)[]
): InboxReason[] {
	// A player who did not sign is named from this roster when they are on it.
	checked.game.seats.forEach((seat, i) => {
		const known = roster[i]?.name;
		if (known && !checked.names[seat]) checked.names[seat] = known;
	});
	const reasons = checked.reasons.map((r) =>
		r.name !== undefined ? { ...r, name: checked.names[r.name] ?? r.name } : r
	);
	if (!reasons.some((r) => r.code === 'inbox-other-league')) {
		checked.game.seats.forEach((seat, i) => {
			if (roster[i]?.leagueId !== leagueId) {
				reasons.push({ code: 'inbox-not-on-roster', name: checked.names[seat] ?? seat });
			}
		});
	}
	return reasons;
}
