/**
 * Receiving a card on the server: the same parse and checks as the instructor's inbox
 * (`parsePayload`, `transfer/card-check`), then one transaction that stores it once however
 * often it is pushed. A card that fails a check is refused with its reasons; nothing is stored.
 */
import { BrokenCardError, examine, rosterReasons } from '$lib/transfer/card-check';
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

/**
 * Stores card `body` in league `leagueId`, pushed by device `deviceId` (null: the instructor).
 * @throws ApiError 400 (not a card), 422 (fails a check, with `reasons`)
 */
export async function pushCard(
	db: Database,
	leagueId: string,
	deviceId: string | null,
	body: unknown
): Promise<Pushed> {
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
	try {
		return await db.transaction(async (q) => {
			const seats = checked.game.seats;
			const lines = await q<{ id: string; name: string }>(
				'select id, name from players where league_id = $1 and id = any($2)',
				[leagueId, seats]
			);
			const byId = new Map(lines.map((l) => [l.id, { name: l.name, leagueId }]));
			const reasons = rosterReasons(
				checked,
				leagueId,
				seats.map((s) => byId.get(s))
			);
			const first = reasons[0];
			if (first) throw new ApiError(422, first.code, { name: first.name }, { reasons });
			// Taking the next number locks the league's row until commit, so this league's cards are
			// numbered in commit order; a card already there undoes it (see Duplicate).
			const [league] = await q<{ card_seq: number }>(
				'update leagues set card_seq = card_seq + 1 where id = $1 returning card_seq',
				[leagueId]
			);
			if (!league) throw new ApiError(404, 'server-not-found');
			const seq = Number(league.card_seq);
			const inserted = await q(
				`with seen as (update devices set last_seen_at = now() where id = $6)
			insert into cards (league_id, seq, game_id, fingerprint, card, device_id)
			values ($1, $2, $3, $4, $5, $6)
			on conflict (league_id, game_id, fingerprint) do nothing returning seq`,
				[leagueId, seq, checked.game.id, checked.fingerprint, JSON.stringify(stored), deviceId]
			);
			if (inserted.length === 0) throw new Duplicate();
			return { created: true, seq };
		});
	} catch (e) {
		if (!(e instanceof Duplicate)) throw e;
		const [held] = await db.query<{ seq: number }>(
			'select seq from cards where league_id = $1 and game_id = $2 and fingerprint = $3',
			[leagueId, checked.game.id, checked.fingerprint]
		);
		return { created: false, seq: Number(held?.seq) };
	}
}

/** Thrown to roll back a push whose card is already stored (its number is not used). */
class Duplicate extends Error {}

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
