/**
 * The one way in (issue 37): each screen takes only its kinds of message, and what the school
 * server sends (a card, a session, a league) is read as a code or a file is: a hand-made one
 * is refused and the store is unchanged.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import { cardFromServer, leagueFromServer, onPhone } from '$lib/door/door';
import * as invites from '$lib/db/invites';
import * as outbox from '$lib/db/outbox';
import { bundlePayload, cardPayload, invitePayload } from '$lib/transfer/envelope';
import type { Signer } from '$lib/transfer/sealed';
import { resetDb } from '../db/helpers';
import { refused } from '../db/refused';
import { leagueWith, playGame } from '../db/league-helpers';
import { newSigner, ownedBy, signedReceipt } from '../class-loop/owner-keys';

let leagueId: string;
let gameId: string;
/** The instructor's device, owner of the league this phone joined. */
let instructor: Signer;

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana', 'Ben']);
	leagueId = made.leagueId;
	gameId = await playGame(leagueId, [...made.students.values()], [15, 5], { minute: 1 });
	instructor = await newSigner();
	await ownedBy(leagueId, instructor);
});

/** The phone's signed card, and the instructor's receipt for it. */
async function receiptForTheCard() {
	const card = await outbox.cardOf(gameId);
	const receipt = await signedReceipt(
		instructor,
		{ id: leagueId, name: 'Period 3' },
		card.game.signedAt!,
		[{ gameId, fingerprint: card.game.fingerprint! }]
	);
	return { card, receipt };
}

describe('a phone’s screen', () => {
	it('takes only its kinds: a receipt, an invite and cards are refused where they do not belong', async () => {
		const { card, receipt } = await receiptForTheCard();
		const invite = invitePayload(await invites.inviteOf(leagueId));
		const joining = ['group', 'session', 'invite'] as const;
		expect(await refused(() => onPhone(receipt, joining))).toMatch(/^That is a receipt/);
		expect(await refused(() => onPhone(bundlePayload([card]), joining))).toMatch(
			/^Those are signed cards/
		);
		expect(await refused(() => onPhone(invite, ['receipt']))).toMatch(/^That is not a receipt/);
		// The receipt where it belongs marks the card received.
		expect(await onPhone(receipt, ['receipt'])).toEqual({ kind: 'receipt', marked: 1 });
	});

	it('reads what the school server sends as a code: a hand-made or another league’s is refused', async () => {
		const { receipt } = await receiptForTheCard();
		expect(
			await refused(() => onPhone({ unread: { ...receipt, cards: 'all of them' } }, ['receipt']))
		).toMatch(/damaged/);
		expect(await refused(() => onPhone({ unread: '<html>' }, ['receipt']))).toMatch(
			/not a Muggins/
		);
		expect(
			await refused(() => onPhone({ unread: receipt }, ['receipt'], { league: 'another' }))
		).toBe('That code is for another league than this one. Nothing was changed.');
	});
});

describe('the league as the school server brings it', () => {
	it('is read as an invite is: a hand-made league or roster changes nothing', async () => {
		const { league, roster } = await invites.inviteOf(leagueId);
		for (const [l, r] of [
			[{ ...league, name: 'x'.repeat(5000) }, roster],
			[{ ...league, term: { ...league.term, start: 'soon' } }, roster],
			[league, [{ ...roster[0], name: 42 }]],
			[league, 'everyone'],
			[null, roster]
		]) {
			expect(await refused(() => leagueFromServer(leagueId, l, r))).toMatch(/damaged|not a/);
		}
		expect(await refused(() => leagueFromServer('another', league, roster))).toMatch(
			/another league/
		);
		// The same league renamed by its owner, through the server: taken, the owner kept.
		const joined = await leagueFromServer(leagueId, { ...league, name: 'Period 3B' }, roster);
		expect(joined.league.name).toBe('Period 3B');
		expect((await db.leagues.get(leagueId))?.ownerKey).toBe(instructor.publicKey);
	});
});

describe('a card the school server sends', () => {
	it('is read as a card code is: a hand-made one never reaches the inbox', async () => {
		const card = cardPayload(await outbox.cardOf(gameId));
		for (const bad of [
			{ ...card, events: 'all' },
			{ ...card, app: 'other' },
			{ ...card, kind: 'invite' },
			{ ...card, game: { ...card.game, seats: [] as string[], id: 7 } }
		]) {
			expect(await refused(() => cardFromServer(leagueId, bad, 'Group 1’s phone'))).toMatch(
				/damaged|not a Muggins|not a signed card|not a card/
			);
		}
		const entry = await cardFromServer(leagueId, card, 'Group 1’s phone');
		expect(entry).toMatchObject({ gameId, sentBy: 'Group 1’s phone' });
	});
});
