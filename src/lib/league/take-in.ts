/**
 * Taking in what a group's phone shows the instructor: one card or all its cards at once. The
 * inbox and a session's collect mode both read codes with this, so a card is stored, judged
 * and answered with a receipt the same way wherever it was scanned.
 */
import * as inbox from '$lib/db/inbox';
import * as leagues from '$lib/db/leagues';
import * as receipts from '$lib/class-loop/receipts';
import { snapshotFor } from './standings-sent';
import { asCard, asCards, receiptPayload } from '$lib/transfer/envelope';
import { sealedHere } from '$lib/class-loop/trust';
import { signerOf } from '$lib/transfer/sealed';
import type { Payload, ReceiptPayload } from '$lib/transfer/schema';

const SAID = {
	counted: 'Card received: it counts in the standings.',
	refused: 'Card received, but it does not count: see the inbox.',
	conflict: 'Card received: it waits for your choice in the inbox.',
	'set-aside': 'That version was set aside earlier.'
};

/** What taking a payload in did. */
export interface TakenIn {
	/** The sentence to show. */
	said: string;
	/** The receipt for the phone, or null when no card of it is held. */
	receipt: ReceiptPayload | null;
	/** The games of the cards it carried, held or not. */
	gameIds: string[];
}

async function answer(
	leagueId: string,
	cards: ReceiptPayload['cards'],
	at: string
): Promise<ReceiptPayload | null> {
	if (cards.length === 0) return null;
	const league = await leagues.get(leagueId);
	// The standings as they are with these cards in, when the instructor shares them.
	return sealedHere(
		receiptPayload({ id: league.id, name: league.name }, at, cards, await snapshotFor(leagueId))
	);
}

/**
 * Stores the card or cards of `payload` in league `leagueId`'s inbox (`db/inbox.ts` judges
 * each) and makes the receipt for the phone.
 * @throws coded errors of `asCard`, `asCards` and `inbox.receive` when refused outright
 */
export async function takeIn(leagueId: string, payload: Payload): Promise<TakenIn> {
	// Which phone sent it, when it says (issue 37); a seal that does not hold refuses it all.
	const signer = await signerOf(payload);
	const sender = signer === null ? null : { key: signer };
	if (payload.kind !== 'card') {
		const cards = asCards(payload);
		const got = await receipts.receiveAll(leagueId, cards, { sender });
		const refused = cards.length - got.cards.length;
		return {
			said: `${got.cards.length} of ${cards.length} cards received${refused > 0 ? `; ${refused} not: see the inbox` : ''}. Show the receipt to the group’s phone.`,
			receipt: await answer(leagueId, got.cards, got.at),
			gameIds: cards.map((c) => c.game.id)
		};
	}
	const card = asCard(payload);
	const before = await inbox.statesOf(card.game.id);
	const entry = await inbox.receive(leagueId, card, { sender });
	const held = entry.state === 'counted' || entry.state === 'conflict';
	return {
		// A card refused before may pass now (issue 13): only the same outcome is "already".
		said:
			before.get(entry.id) === entry.state ? 'That card was already received.' : SAID[entry.state],
		receipt: await answer(
			leagueId,
			held ? [{ gameId: entry.gameId, fingerprint: entry.fingerprint }] : [],
			new Date().toISOString()
		),
		gameIds: [entry.gameId]
	};
}
