import * as groupCodes from '$lib/class-loop/group-codes';
import { sealedHere } from '$lib/class-loop/trust';
import * as invites from '$lib/db/invites';
import { invitePayload } from '$lib/transfer/envelope';
import { resetDb } from '../db/helpers';

/**
 * Makes this test's device a fresh phone that took league `leagueId`'s invite, signed by the
 * instructor's device it was until now: how a phone holds a league before it joins the school
 * server (the invite carries the server's address and join code).
 */
export async function freshPhoneFrom(leagueId: string): Promise<void> {
	const invite = await sealedHere(invitePayload(await invites.inviteOf(leagueId)));
	await resetDb();
	await groupCodes.takeInvite(invite);
}
