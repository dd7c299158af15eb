/**
 * Trust by keys (issue 37): what the instructor's device signs, a phone takes only under the
 * owner's key it pinned, and the owner's device takes no change to its own league at all.
 * Every refusal leaves the store as it was.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as groupCodes from '$lib/class-loop/group-codes';
import * as receipts from '$lib/class-loop/receipts';
import { sealedHere } from '$lib/class-loop/trust';
import { deviceKey, type DeviceKey } from '$lib/db/device-key';
import * as invites from '$lib/db/invites';
import { invitePayload } from '$lib/transfer/envelope';
import { parsePayload } from '$lib/transfer/payload';
import { sealed } from '$lib/transfer/sealed';
import type { InvitePayload } from '$lib/transfer/schema';
import { canonicalJson } from '$lib/rules/canonical';
import type { PlayerRecord } from '$lib/card/records';
import * as outbox from '$lib/db/outbox';
import { at, resetDb } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';
import { newSigner, signedReceipt } from './owner-keys';
import { refused } from '../db/refused';

let leagueId: string;
let invite: InvitePayload;

beforeEach(async () => {
	await resetDb();
	leagueId = (await leagueWith(['Ana', 'Ben', 'Cleo'])).leagueId;
	invite = await sealedHere(invitePayload(await invites.inviteOf(leagueId)));
});

/** Finding 1's invite: the league renamed, its term in 2099, two students' names swapped. */
function rewritten(from: InvitePayload): InvitePayload {
	const [a, b] = from.roster;
	return {
		...from,
		seal: undefined,
		league: {
			...from.league,
			name: 'Hacked',
			term: { name: 'Forever', start: '2099-01-01', end: '2099-12-31' },
			updatedAt: '2099-01-01T00:00:00.000Z'
		},
		roster: [
			{ ...a!, name: b!.name, updatedAt: '2099-01-01T00:00:00.000Z' },
			{ ...b!, name: a!.name, updatedAt: '2099-01-01T00:00:00.000Z' },
			...from.roster.slice(2)
		]
	};
}

describe('on the instructor’s device (finding 1)', () => {
	it('a hand-made invite for its own league changes nothing, signed or not, with no PIN asked', async () => {
		const attacker = await newSigner();
		const forged = rewritten(invite);
		const selfNamed = await sealed(
			{ ...forged, league: { ...forged.league, ownerKey: attacker.publicKey } },
			attacker
		);
		const own =
			'This league was made on this device, so nothing from another code or file can change it. Nothing was changed.';
		expect(await refused(() => groupCodes.takeInvite(selfNamed))).toBe(own);
		expect(await refused(() => groupCodes.takeInvite(forged))).toBe(own);
		const signedForged = await sealed(forged, attacker);
		expect(await refused(() => groupCodes.takeInvite(signedForged))).toBe(own);
	});

	it('its own signed invite, opened here again, changes nothing either', async () => {
		expect(await refused(() => groupCodes.takeInvite(invite))).toMatch(/made on this device/);
	});
});

describe('on a phone', () => {
	let owner: DeviceKey;

	beforeEach(async () => {
		owner = await deviceKey();
		await resetDb();
		await groupCodes.takeInvite(invite);
	});

	it('pins the owner’s key when it takes the league, and takes its later invites', async () => {
		expect((await db.leagues.get(leagueId))?.ownerKey).toBe(owner.publicKey);
		const renamed = {
			...invite,
			league: { ...invite.league, name: 'Period 4', updatedAt: at(50) }
		};
		await groupCodes.takeInvite(await sealed(renamed, owner));
		expect((await db.leagues.get(leagueId))?.name).toBe('Period 4');
	});

	it('refuses an invite for its league from another device, however it names the owner', async () => {
		const attacker = await newSigner();
		const forged = rewritten(invite);
		const claimsItself = { ...forged, league: { ...forged.league, ownerKey: attacker.publicKey } };
		for (const message of [await sealed(forged, attacker), await sealed(claimsItself, attacker)]) {
			expect(await refused(() => groupCodes.takeInvite(message))).toMatch(
				/^That did not come from the instructor’s device this phone joined the league from/
			);
		}
		expect(await refused(() => groupCodes.takeInvite(forged))).toMatch(/older version of the app/);
	});

	it('follows the instructor’s new device only when its users choose to', async () => {
		const laptop = await newSigner();
		const fromNew = await sealed(
			{
				...invite,
				league: { ...invite.league, name: 'Period 3 (new laptop)', ownerKey: laptop.publicKey }
			},
			laptop
		);
		expect(await refused(() => groupCodes.takeInvite(fromNew))).toMatch(/did not come from/);
		await groupCodes.takeInvite(fromNew, { newOwner: true });
		expect(await db.leagues.get(leagueId)).toMatchObject({ ownerKey: laptop.publicKey });
		// From then on the old device's codes are the ones refused.
		expect(await refused(() => groupCodes.takeInvite(invite))).toMatch(/did not come from/);
	});

	it('refuses the owner’s invite with any character of it changed (property)', async () => {
		const text = canonicalJson(rewritten(invite));
		const signed = canonicalJson(await sealed(JSON.parse(text) as InvitePayload, owner));
		await fc.assert(
			fc.asyncProperty(fc.nat(), fc.constantFrom(...'aZ09-"{}:,'), async (n, ch) => {
				const i = n % signed.length;
				fc.pre(signed[i] !== ch);
				const changed = signed.slice(0, i) + ch + signed.slice(i + 1);
				await refused(async () => {
					const payload = parsePayload(JSON.parse(changed));
					if (payload.kind !== 'invite') throw new Error('not an invite');
					await groupCodes.takeInvite(payload);
				});
			}),
			{ numRuns: 120 }
		);
		// The same text unchanged is taken: the property refused the changes, not the invite.
		const payload = parsePayload(JSON.parse(signed));
		if (payload.kind !== 'invite') throw new Error('not an invite');
		await groupCodes.takeInvite(payload);
		expect((await db.leagues.get(leagueId))?.name).toBe('Hacked');
	});
});

describe('receipts on a phone (finding 5)', () => {
	let owner: DeviceKey;
	let card: { gameId: string; fingerprint: string };
	const league = () => ({ id: leagueId, name: 'Period 3' });

	beforeEach(async () => {
		owner = await deviceKey();
		await resetDb();
		await groupCodes.takeInvite(invite);
		const [ana, ben] = (await db.players.toArray()) as [PlayerRecord, PlayerRecord];
		const gameId = await playGame(leagueId, [ana, ben], [15, 5], { minute: 1 });
		const game = (await db.games.get(gameId))!;
		card = { gameId, fingerprint: game.fingerprint! };
		await outbox.markTurnedIn(gameId, card.fingerprint, 'qr');
	});

	it('a receipt made by hand from what the phone shows marks nothing received', async () => {
		const handMade = parsePayload({
			app: 'muggins-league',
			kind: 'receipt',
			format: 1,
			league: league(),
			at: at(90),
			cards: [card]
		});
		if (handMade.kind !== 'receipt') throw new Error('not a receipt');
		expect(await refused(() => receipts.confirm(handMade))).toMatch(/older version of the app/);
		const byThePhone = await signedReceipt(await deviceKey(), league(), at(90), [card]);
		expect(await refused(() => receipts.confirm(byThePhone))).toMatch(
			/did not come from the instructor/
		);
		expect(await receipts.unsent(leagueId)).toHaveLength(1);
	});

	it('the instructor’s own receipt marks the card received, and again changes nothing more', async () => {
		const receipt = await signedReceipt(owner, league(), at(90), [card]);
		expect(await receipts.confirm(receipt)).toBe(1);
		expect(await receipts.unsent(leagueId)).toHaveLength(0);
		expect(await receipts.confirm(receipt)).toBe(1);
		expect(await db.receipts.count()).toBe(1);
	});
});
