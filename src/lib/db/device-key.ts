/**
 * This device's key (issue 37): an ECDSA P-256 pair made at first use, whose private key is
 * non-extractable (Web Crypto keeps it; IndexedDB stores the handle, never its bytes). It
 * signs what the device sends: an instructor's invites, codes and receipts, a phone's cards.
 * Kept in `meta`, out of backups: a backup restored elsewhere must not carry this device's key.
 */
import { exportPublicKey, newKeyPair } from '$lib/card/keys';
import { db } from './db';
import { guard } from './errors';

/** A device's key pair as kept. */
export interface DeviceKey {
	publicKey: string;
	privateKey: CryptoKey;
}

let cached: Promise<DeviceKey> | undefined;

async function readOrMake(): Promise<DeviceKey> {
	const held = await guard(() => db.meta.get('deviceKey'));
	if (held?.key === 'deviceKey') return held.value;
	// Made outside the transaction (Web Crypto is not IndexedDB: awaiting it would end one);
	// two tabs making a pair at once keep the first one stored.
	const pair = await newKeyPair();
	const made: DeviceKey = {
		publicKey: await exportPublicKey(pair.publicKey),
		privateKey: pair.privateKey
	};
	return guard(() =>
		db.transaction('rw', db.meta, async () => {
			const again = await db.meta.get('deviceKey');
			if (again?.key === 'deviceKey') return again.value;
			await db.meta.add({ key: 'deviceKey', value: made });
			return made;
		})
	);
}

/** This device's key pair, made on first use. */
export function deviceKey(): Promise<DeviceKey> {
	cached ??= readOrMake().catch((e: unknown) => {
		cached = undefined;
		throw e;
	});
	return cached;
}

/** Forgets the key read by this tab (tests that delete the database start afresh). */
export function forgetCachedKey(): void {
	cached = undefined;
}
