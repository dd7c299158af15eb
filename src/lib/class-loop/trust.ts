/**
 * Signing what this device sends, and reading who sent what it takes (issue 37). Everything
 * the instructor's device hands out (invites, group and session codes, receipts, the standings
 * they carry) and every card a phone turns in goes out through `sealedHere`; every message
 * taken through `trustOf`, whose answer the store's verbs check against the league's owner
 * (`card/owner.ts`) in the transaction that writes.
 */
import { deviceKey } from '$lib/db/device-key';
import type { LeagueTrust } from '$lib/db/invites';
import { sealed, signerOf } from '$lib/transfer/sealed';
import type { Payload } from '$lib/transfer/schema';

/**
 * `payload` signed by this device. A league it carries names this device as its owner when
 * it was made before keys (the instructor's device made every league it holds unowned).
 */
export async function sealedHere<P extends Payload>(payload: P): Promise<P> {
	const key = await deviceKey();
	if (payload.kind === 'invite' || payload.kind === 'group' || payload.kind === 'session') {
		const league = { ...payload.league, ownerKey: payload.league.ownerKey ?? key.publicKey };
		return sealed({ ...payload, league }, key);
	}
	return sealed(payload, key);
}

/**
 * Who sent `payload` as the store's verbs check it: the key whose signature holds, or null
 * when it is unsigned; and this device's key.
 * @throws TrustError `trust-forged` when its signature does not hold
 */
export async function trustOf(payload: Payload): Promise<LeagueTrust & { signer: string | null }> {
	const signer = await signerOf(payload);
	return { signer, mine: (await deviceKey()).publicKey };
}
