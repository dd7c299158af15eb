/**
 * Receiving a card on the server: the same parse and checks as the instructor's inbox
 * (`parsePayload`, `transfer/card-check`), then one transaction that stores it once however
 * often it is pushed. A card that fails a check is refused with its reasons; nothing is stored.
 */
import {
	BrokenCardError,
	examineNoContent,
	rosterReasons,
	type CheckedCard
} from '$lib/card/card-check';
import { TransferError } from '$lib/transfer/errors';
import { parsePayload } from '$lib/transfer/payload';
import { asCard, cardPayload } from '$lib/transfer/envelope';
import type { CardPayload } from '$lib/transfer/schema';
import type { Database } from './db';
import { ApiError } from './errors';
import type { PushBatcher } from './push-batch';

/** What a push did: stored anew, or found already there. */
export interface Pushed {
	created: boolean;
	seq: number;
}

/** `body` as a card payload, or the refusal the inbox would give a file like it. */
function parseCard(body: unknown): CardPayload {
	try {
		const payload = parsePayload(body);
		return cardPayload(asCard(payload));
	} catch (e) {
		if (!(e instanceof TransferError)) throw e;
		// A later format is a valid card this server cannot check: the card is refused, not the request.
		throw new ApiError(e.code === 'transfer-newer' ? 422 : 400, e.code, e.params);
	}
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
export async function examineCard(body: unknown, leagueId: string): Promise<ExaminedCard> {
	const card = parseCard(body);
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

/** Whose a pushed token is, as `pushCard` found it. */
export interface Pusher {
	role: 'instructor' | 'device';
	leagueId: string;
	deviceId: string | null;
	revoked: boolean;
}

/**
 * Stores `card` in league `leagueId`, pushed by the holder of the token hashed `tokenHash`,
 * through `batcher` (group commit, push-batch.ts): one statement, `push_cards` (migration 0008),
 * finds the token's caller and the card's seats on the roster and stores the card when all is
 * well, in one transaction with the other pushes of its batch; answered once committed. `admit`
 * refuses the caller (null: an unknown token) by throwing; the card is stored only when it
 * would not (a token of this league, not revoked) and every seat is on the roster, the same
 * conditions the database checked.
 * @throws what `admit` throws; ApiError 422 (a seat not on the roster, with `reasons`), 404
 */
export async function pushCard(
	batcher: PushBatcher,
	tokenHash: string,
	leagueId: string,
	card: ExaminedCard,
	admit: (who: Pusher | null) => void
): Promise<Pushed> {
	const { checked } = card;
	const row = await batcher.push({
		tokenHash,
		leagueId,
		seats: checked.game.seats,
		store: checked.reasons.length === 0,
		gameId: checked.game.id,
		fingerprint: checked.fingerprint,
		card: card.stored
	});
	admit(
		row.o_role !== null && row.o_league !== null
			? {
					role: row.o_role,
					leagueId: row.o_league,
					deviceId: row.o_device,
					revoked: row.o_revoked === true
				}
			: null
	);
	if (row.o_role === null) throw new ApiError(401, 'server-unauthorized');
	const roster =
		typeof row.o_roster === 'string'
			? (JSON.parse(row.o_roster) as { id: string; name: string }[])
			: (row.o_roster ?? []);
	const byId = new Map(roster.map((l) => [l.id, { name: l.name, leagueId }]));
	const reasons = rosterReasons(
		checked,
		leagueId,
		checked.game.seats.map((s) => byId.get(s))
	);
	const first = reasons[0];
	if (first) throw new ApiError(422, first.code, { name: first.name }, { reasons });
	if (row.o_seq === null || row.o_created === null) throw new ApiError(404, 'server-not-found');
	return { created: row.o_created, seq: Number(row.o_seq) };
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
