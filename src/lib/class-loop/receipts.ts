/**
 * Turning in every card at once, and the instructor's receipt that closes the loop.
 *
 * A phone's unsent cards are its league's signed cards with no receipt for them as signed.
 * The instructor's device receives them all into its inbox and answers with a receipt listing
 * exactly the cards it now holds (counted, or waiting for the instructor's choice between two
 * versions); the phone marks those cards received, and only those. A card the phone merely
 * showed (`outbox.markTurnedIn`) stays "shown, not yet confirmed".
 */
import { ClassLoopError } from '$lib/transfer/errors';
import type { ReceiptPayload } from '$lib/transfer/schema';
import { timestamp } from '$lib/db/clock';
import { db } from '$lib/db/db';
import { guard } from '$lib/db/errors';
import * as inbox from '$lib/db/inbox';
import * as outbox from '$lib/db/outbox';
import type { InboxRecord } from '$lib/card/backup-records';
import type { ReceiptRecord } from '$lib/card/device-records';
import type { GameRecord, ReceivedCard } from '$lib/card/records';
import * as shared from './sharing';
import { trustOf } from './trust';
import { ownerKeyHeld, ownerToPin } from '$lib/card/owner';
import type { CardSender } from '$lib/card/inbox-rule';

/** The receipt of `game` as signed now, or null: a card reopened and signed again has none. */
export async function receiptOf(
	game: Pick<GameRecord, 'id' | 'fingerprint'>
): Promise<ReceiptRecord | null> {
	const held = await guard(() => db.receipts.get(game.id));
	return held && held.fingerprint === game.fingerprint ? held : null;
}

/** League `leagueId`'s games on this device that are signed and not voided, oldest first. */
async function signedGames(leagueId: string): Promise<GameRecord[]> {
	const all = await guard(() => db.games.where('leagueId').equals(leagueId).toArray());
	return all
		.filter((g) => g.signedAt !== null && g.fingerprint !== null && g.voidedAt === null)
		.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Every signed card of league `leagueId` on this phone that has no receipt yet. */
export async function unsent(leagueId: string): Promise<ReceivedCard[]> {
	const cards: ReceivedCard[] = [];
	for (const game of await signedGames(leagueId)) {
		if (await receiptOf(game)) continue;
		cards.push(await outbox.cardOf(game.id));
	}
	return cards;
}

/**
 * Marks received the cards of `receipt` that this phone holds as signed with the receipt's
 * fingerprint, and keeps the standings it shares when newer than the phone's (or hides them).
 * One `rw` transaction. Returns how many were marked.
 * @throws ClassLoopError `receipt-not-ours` when none of them is a card of this phone as signed,
 *   `standings-foreign` when its standings are another league's; TrustError when the league's
 *   owner did not sign it
 */
export async function confirm(
	receipt: ReceiptPayload,
	opts: { now?: string } = {}
): Promise<number> {
	shared.checkLeague(receipt.league.id, receipt.standings);
	const trust = await trustOf(receipt);
	return guard(() =>
		db.transaction('rw', [db.games, db.receipts, db.meta, db.leagues], async () => {
			// Only the league's owner makes receipts: one made by hand from what the phone
			// shows (league, game, fingerprint) changes nothing.
			const league = await db.leagues.get(receipt.league.id);
			const role = await db.meta.get('role');
			const held = ownerKeyHeld(league, role?.key === 'role' ? role.value : null, trust.mine);
			if (held === undefined) throw new ClassLoopError('receipt-not-ours');
			const pin = ownerToPin({ held, claimed: undefined, signer: trust.signer, mine: trust.mine });
			if (league && league.ownerKey !== pin) await db.leagues.put({ ...league, ownerKey: pin });
			const mine = await db.games.bulkGet(receipt.cards.map((c) => c.gameId));
			const records: ReceiptRecord[] = receipt.cards.flatMap((c, i) =>
				mine[i]?.fingerprint === c.fingerprint && mine[i]?.leagueId === receipt.league.id
					? [
							{
								gameId: c.gameId,
								fingerprint: c.fingerprint,
								leagueId: receipt.league.id,
								issuedAt: receipt.at,
								readAt: timestamp(opts.now)
							}
						]
					: []
			);
			if (records.length === 0) throw new ClassLoopError('receipt-not-ours');
			await db.receipts.bulkPut(records);
			if (receipt.standings) await shared.keep(receipt.league.id, receipt.standings);
			return records.length;
		})
	);
}

/** What receiving a phone's cards did, and the receipt to show it. */
export interface BundleReceived {
	entries: InboxRecord[];
	/** Cards that could not be read as games at all (each refused with its reason). */
	broken: string[];
	/** The receipt's cards: the ones the inbox now holds; empty when none. */
	cards: ReceiptPayload['cards'];
	at: string;
}

/**
 * Receives a phone's `cards` into league `leagueId`'s inbox, each as `inbox.receive` does, and
 * lists the cards the receipt vouches for: those the inbox holds as counted, or waiting for a
 * choice between versions. A refused card is not on the receipt, so the phone keeps it unsent.
 */
export async function receiveAll(
	leagueId: string,
	cards: readonly ReceivedCard[],
	opts: { now?: string; sender?: CardSender } = {}
): Promise<BundleReceived> {
	const entries: InboxRecord[] = [];
	const broken: string[] = [];
	for (const card of cards) {
		try {
			entries.push(await inbox.receive(leagueId, card, opts));
		} catch (e) {
			if (!(e instanceof inbox.BrokenCardError)) throw e;
			broken.push(e.params.detail);
		}
	}
	const held = entries.filter((e) => e.state === 'counted' || e.state === 'conflict');
	return {
		entries,
		broken,
		cards: held.map((e) => ({ gameId: e.gameId, fingerprint: e.fingerprint })),
		at: timestamp(opts.now)
	};
}

/**
 * Marks the card of `game`, as signed now, turned in to the school server and received: the
 * server's answer to the push is its receipt (it stored exactly this card), so the phone stops
 * offering the card for turning in by code (issue 36). One `rw` transaction.
 */
export async function storedByServer(
	game: Pick<GameRecord, 'id' | 'fingerprint' | 'leagueId'>,
	opts: { now?: string } = {}
): Promise<void> {
	if (game.fingerprint === null || game.leagueId === null) return;
	const { id, fingerprint, leagueId } = game;
	const at = timestamp(opts.now);
	await guard(() =>
		db.transaction('rw', [db.turnIns, db.receipts], async () => {
			await db.turnIns.put({ gameId: id, fingerprint, at, how: 'server' });
			await db.receipts.put({ gameId: id, fingerprint, leagueId, issuedAt: at, readAt: at });
		})
	);
}
