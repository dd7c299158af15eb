/**
 * Keys for tests of messages between devices (issue 37): another device's key pair, a league
 * made another device's (as on a phone that joined it), and the messages that device signs.
 */
import { db } from '$lib/db/db';
import { exportPublicKey, newKeyPair } from '$lib/card/keys';
import { receiptPayload } from '$lib/transfer/envelope';
import type { ReceiptPayload } from '$lib/transfer/schema';
import { sealed, type Signer } from '$lib/transfer/sealed';

/** A new device's key pair. */
export async function newSigner(): Promise<Signer> {
	const pair = await newKeyPair();
	return { publicKey: await exportPublicKey(pair.publicKey), privateKey: pair.privateKey };
}

/** Makes league `leagueId`, made on this test's device, `owner`'s: as a phone holds it. */
export async function ownedBy(leagueId: string, owner: Signer): Promise<void> {
	await db.leagues.update(leagueId, { ownerKey: owner.publicKey });
}

/** A receipt as `owner`'s device signs it. */
export function signedReceipt(
	owner: Signer,
	...args: Parameters<typeof receiptPayload>
): Promise<ReceiptPayload> {
	return sealed(receiptPayload(...args), owner);
}
