/**
 * Receiving a card on the server: the same parse and checks as the instructor's inbox
 * (`parsePayload`, `transfer/card-check`), then one statement, shared with the cards pushed
 * meanwhile (`card-store.ts`), that stores it once however often it is pushed. A card that
 * fails a check is refused with its reasons; nothing is stored.
 */
import {
	BrokenCardError,
	examineNoContent,
	rosterReasons,
	type CheckedCard
} from '$lib/card/card-check';
import { TransferError } from '$lib/transfer/errors';
import { asCard, cardPayload } from '$lib/transfer/envelope';
import type { CardPayload } from '$lib/transfer/schema';
import type { Database } from './db';
import { ApiError } from './errors';
import type { Caller } from './auth';
import { checkSender, readPayload } from './payloads';
import { storeInBatch } from './card-store';

/** What a push did: stored anew, or found already there. */
export interface Pushed {
	created: boolean;
	seq: number;
}

/** A card that passed every check that needs no database, ready to store. */
export interface ExaminedCard {
	checked: CheckedCard;
	/** The card as stored and pulled: its events and signatures as checked. */
	stored: string;
}

/**
 * Card `body` checked for league `leagueId` with everything but its roster: parsed once,
 * fingerprinted once, its signatures checked.
 * @throws ApiError 400 (not a card), 422 (fails a check)
 */
export async function examineCard(body: unknown, caller: Caller): Promise<ExaminedCard> {
	const { leagueId } = caller;
	const payload = readPayload(body);
	let card: CardPayload;
	try {
		card = cardPayload(asCard(payload));
	} catch (e) {
		if (e instanceof TransferError) throw new ApiError(400, e.code, e.params);
		throw e;
	}
	await checkSender(payload, caller);
	let checked;
	try {
		checked = await examineNoContent(card, leagueId);
	} catch (e) {
		if (e instanceof BrokenCardError) throw new ApiError(422, e.code, e.params);
		throw e;
	}
	const stored = cardPayload({
		game: card.game,
		events: checked.events,
		signatures: checked.signatures
	});
	return { checked, stored: JSON.stringify(stored) };
}

/** How stale a phone's `last_seen_at` may get before a push writes it again. */
const SEEN_EVERY_MS = 60_000;

/**
 * Refuses `checked` with its reasons (422, the first one's code) when one of its seats is not on
 * league `leagueId`'s roster, or it failed a check whose words name a player from the roster;
 * returns when neither (a seat added to the roster since it was found missing).
 */
async function refuseOffRoster(db: Database, leagueId: string, checked: CheckedCard) {
	const seats = checked.game.seats;
	const lines = await db.query<{ id: string; name: string }>(
		'select id, name from players where league_id = $1 and id = any($2::text[])',
		[leagueId, [...seats]]
	);
	const byId = new Map(lines.map((l) => [l.id, { name: l.name, leagueId }]));
	const reasons = rosterReasons(
		checked,
		leagueId,
		seats.map((s) => byId.get(s))
	);
	const first = reasons[0];
	if (first) throw new ApiError(422, first.code, { name: first.name }, { reasons });
}

/**
 * Stores `card`, pushed by `caller` (already admitted to the card's league), with the cards that
 * come in meanwhile (`storeInBatch`): its seats are counted on the league's roster and, only when
 * every one is there, the league's next number is taken under the league row's lock and the card
 * stored, unless it is stored already; the game's live copy (issue 40) goes, the card counts now.
 * A number is taken only with the card that uses it, so the league's cards are numbered without a
 * gap however often a card is pushed. A card with a seat not on the roster is refused with the
 * reasons the inbox would give. A phone's `last_seen_at` is written at most once a minute.
 * @throws ApiError 422 (a seat not on the roster, with `reasons`), 404 (no such league)
 */
export async function storeCard(db: Database, caller: Caller, card: ExaminedCard): Promise<Pushed> {
	const { checked } = card;
	const leagueId = caller.leagueId;
	if (checked.reasons.length > 0) await refuseOffRoster(db, leagueId, checked);
	const seats = [...new Set(checked.game.seats)];
	const seen = caller.lastSeenAt?.getTime() ?? 0;
	const row = await storeInBatch(db, {
		leagueId,
		gameId: checked.game.id,
		fingerprint: checked.fingerprint,
		card: card.stored,
		deviceId: caller.deviceId,
		seats,
		seen: caller.deviceId !== null && Date.now() - seen > SEEN_EVERY_MS
	});
	if (!row.league) throw new ApiError(404, 'server-not-found');
	if (row.rostered !== seats.length) {
		await refuseOffRoster(db, leagueId, checked);
		// A seat joined the roster between the two reads: store it as any other card.
		return storeCard(db, caller, card);
	}
	if (row.stored !== null) return { created: true, seq: row.stored };
	if (row.held !== null) return { created: false, seq: row.held };
	throw new Error('a card neither stored nor found');
}

/** A received card as the instructor pulls it. */
export interface PulledCard {
	seq: number;
	receivedAt: string;
	/** The phone that pushed it; null when the instructor's device did, or it was removed. */
	deviceName: string | null;
	card: CardPayload;
}

/** The largest page of a pull. */
export const PAGE_MAX = 500;

/** League `leagueId`'s cards after `after`, in order, at most `limit`. */
export async function pullCards(
	db: Database,
	leagueId: string,
	after: number,
	limit: number
): Promise<{ cards: PulledCard[]; next: number; more: boolean }> {
	const rows = await db.query<{
		seq: number;
		received_at: Date | string;
		device_name: string | null;
		card: CardPayload | string;
	}>(
		`select c.seq, c.received_at, d.name as device_name, c.card
		from cards c left join devices d on d.id = c.device_id
		where c.league_id = $1 and c.seq > $2 order by c.seq limit $3`,
		[leagueId, after, limit]
	);
	const cards = rows.map((r) => ({
		seq: Number(r.seq),
		receivedAt: new Date(r.received_at).toISOString(),
		deviceName: r.device_name,
		card: typeof r.card === 'string' ? (JSON.parse(r.card) as CardPayload) : r.card
	}));
	return { cards, next: cards.at(-1)?.seq ?? after, more: cards.length === limit };
}
