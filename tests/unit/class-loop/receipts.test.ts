import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as outbox from '$lib/db/outbox';
import type { PlayerRecord } from '$lib/card/records';
import * as receipts from '$lib/class-loop/receipts';
import { messageFor } from '$lib/messages';
import { bundlePayload } from '$lib/transfer/envelope';
import { fromCodes, toCodes } from '$lib/transfer/codes';
import { at, resetDb } from '../db/helpers';
import type { Signer } from '$lib/transfer/sealed';
import { newSigner, ownedBy, signedReceipt } from './owner-keys';
import { leagueWith, playGame } from '../db/league-helpers';

let leagueId: string;
let games: string[];
/** The instructor's device: the league is its, as on a phone that joined it. */
let instructor: Signer;

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana', 'Ben', 'Cleo']);
	leagueId = made.leagueId;
	const [ana, ben, cleo] = [...made.students.values()] as [
		PlayerRecord,
		PlayerRecord,
		PlayerRecord
	];
	games = [
		await playGame(leagueId, [ana, ben], [15, 5], { minute: 1 }),
		await playGame(leagueId, [ben, cleo], [5, 20], { minute: 2 }),
		await playGame(leagueId, [ana, cleo], [5, 20], { minute: 3, sign: false })
	];
	instructor = await newSigner();
	await ownedBy(leagueId, instructor);
});

describe('turning in every card at once', () => {
	it('sends the signed cards with no receipt, in one set of codes', async () => {
		const unsent = await receipts.unsent(leagueId);
		expect(unsent.map((c) => c.game.id)).toEqual(games.slice(0, 2));
		const read = await fromCodes(await toCodes(bundlePayload(unsent)));
		expect(read.kind === 'bundle' && read.cards.map((c) => c.game.id)).toEqual(games.slice(0, 2));
	});

	it('is turned in only by the instructor’s receipt, which marks exactly its cards', async () => {
		const [first, second] = await receipts.unsent(leagueId);
		await outbox.markTurnedIn(first!.game.id, first!.game.fingerprint!, 'qr');
		// Shown on the group's word only: not received.
		expect(await receipts.receiptOf(first!.game)).toBeNull();
		expect(await receipts.unsent(leagueId)).toHaveLength(2);

		const got = await receipts.receiveAll(leagueId, [first!], { now: at(90) });
		expect(got.cards).toEqual([{ gameId: first!.game.id, fingerprint: first!.game.fingerprint }]);
		const league = { id: leagueId, name: 'Period 3' };
		const receipt = await signedReceipt(instructor, league, got.at, got.cards);
		expect(await receipts.confirm(receipt)).toBe(1);
		expect(await receipts.receiptOf(first!.game)).toMatchObject({ issuedAt: at(90) });
		expect((await receipts.unsent(leagueId)).map((c) => c.game.id)).toEqual([second!.game.id]);
	});

	it('refuses a receipt for cards this phone did not turn in, changing nothing', async () => {
		const league = { id: leagueId, name: 'Period 3' };
		const stranger = { gameId: games[0]!, fingerprint: 'f'.repeat(64) };
		const said = await receipts
			.confirm(await signedReceipt(instructor, league, at(90), [stranger]))
			.then(() => 'accepted', messageFor);
		expect(said).toBe(
			'That receipt is for cards this phone did not turn in. Nothing was changed: scan the receipt for this phone’s cards.'
		);
		expect(await db.receipts.count()).toBe(0);
	});
});
