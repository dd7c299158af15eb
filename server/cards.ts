/**
 * Receiving a card on the server: the same parse and checks as the instructor's inbox
 * (`parsePayload`, `transfer/card-check`), then one transaction that stores it once however
 * often it is pushed. A card that fails a check is refused with its reasons; nothing is stored.
 */
import { BrokenCardError, examine, rosterReasons, type Checked } from '$lib/transfer/card-check';
import { TransferError } from '$lib/transfer/errors';
import { parsePayload } from '$lib/transfer/payload';
import { asCard, cardPayload } from '$lib/transfer/envelope';
import type { CardPayload } from '$lib/transfer/schema';
import type { Database } from './db';
import { ApiError } from './errors';

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
	checked: Checked;
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
		checked = await examine(card, leagueId);
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

/**
 * Stores `card` in league `leagueId`, pushed by device `deviceId` (null: the instructor), given
 * the roster lines of its seats (`roster`, as the caller's query found them): one statement,
 * `push_card`, so a push is one round trip and acknowledged once committed.
 * @throws ApiError 422 (a seat not on the roster, with `reasons`), 404 (no such league)
 */
export async function storeCard(
	db: Database,
	leagueId: string,
	deviceId: string | null,
	card: ExaminedCard,
	roster: readonly { id: string; name: string }[]
): Promise<Pushed> {
	const { checked } = card;
	const byId = new Map(roster.map((l) => [l.id, { name: l.name, leagueId }]));
	const reasons = rosterReasons(
		checked,
		leagueId,
		checked.game.seats.map((s) => byId.get(s))
	);
	const first = reasons[0];
	if (first) throw new ApiError(422, first.code, { name: first.name }, { reasons });
	const [row] = await db.query<{ seq: number; created: boolean }>(
		'select seq, created from push_card($1, $2, $3, $4, $5)',
		[leagueId, checked.game.id, checked.fingerprint, card.stored, deviceId]
	);
	if (!row) throw new ApiError(404, 'server-not-found');
	return { created: row.created, seq: Number(row.seq) };
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
