import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { takeIn } from '$lib/league/take-in';
import { db } from '$lib/db/db';
import { inboxOf } from '../support/inbox-all';
import { cardPayload } from '$lib/transfer/envelope';
import { sealed } from '$lib/transfer/sealed';
import { newSigner } from '../class-loop/owner-keys';
import { signedCard } from '../transfer/fixtures';
import { at, resetDb } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';

beforeEach(resetDb);

describe('takeIn (issue 37)', () => {
	it('takes a phone’s signed card into its place, named by the phone, and refuses a forged seal', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const card = await signedCard([...students.values()], 1, { leagueId });
		await db.games.clear();
		const phone = await newSigner();
		const signed = await sealed(cardPayload(card), phone);
		const forged = { ...signed, game: { ...signed.game, createdAt: at(7) } };
		const before = await db.inbox.count();
		await expect(takeIn(leagueId, forged)).rejects.toMatchObject({ code: 'trust-forged' });
		expect(await db.inbox.count()).toBe(before);

		const taken = await takeIn(leagueId, signed);
		expect(taken.said).toBe('Card received: it counts in the standings.');
		expect(taken.receipt?.seal?.key).not.toBe(phone.publicKey);
		expect((await inboxOf(leagueId))[0]).toMatchObject({
			state: 'counted',
			sentBy: 'Group 1’s phone'
		});
	});
});
