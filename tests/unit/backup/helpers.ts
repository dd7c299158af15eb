/** Backup files made from a store dump, in any format, for tests that edit them first. */
import { endLine, headerLine, partLines } from '$lib/backup/backup';
import { BACKUP_APP, LEGACY_FORMAT, UNSEALED_FORMAT } from '$lib/backup/schema';
import { LineChain, sealLine } from '$lib/backup/seal';
import { exportPublicKey, newKeyPair } from '$lib/card/keys';
import { deviceKey, type DeviceKey } from '$lib/db/device-key';
import type { StoreDump } from '$lib/card/backup-records';
import { TABLES, emptyCounts } from '$lib/card/merge-plan';

export const SAVED_AT = new Date('2026-03-27T15:00:00Z');

/** `data` as a format 1 file: one JSON object, as the app wrote it before issue 14. */
export function formatOne(data: StoreDump, appVersion = '0.1.0', now = SAVED_AT): string {
	return JSON.stringify({
		app: BACKUP_APP,
		format: LEGACY_FORMAT,
		appVersion,
		exportedAt: now.toISOString(),
		data
	});
}

function countsOf(data: StoreDump) {
	const counts = emptyCounts();
	for (const t of TABLES) counts[t] = data[t].length;
	return counts;
}

/** `data` as a format 2 file: a header line, a record a line, and the end line; no seal. */
export function formatTwo(data: StoreDump, appVersion = '0.1.0', now = SAVED_AT): string {
	const header = {
		app: BACKUP_APP,
		format: UNSEALED_FORMAT,
		appVersion,
		exportedAt: now.toISOString()
	};
	return JSON.stringify(header) + '\n' + partLines(data) + endLine(countsOf(data));
}

/** `data` as a format 3 file sealed by `key`: as format 2, its header naming the key, sealed. */
export async function formatThree(
	data: StoreDump,
	key: DeviceKey,
	appVersion = '0.1.0',
	now = SAVED_AT
): Promise<string> {
	const text = headerLine(appVersion, now, key) + partLines(data) + endLine(countsOf(data));
	const chain = new LineChain();
	await chain.addLines(text);
	return text + (await sealLine(chain, key.privateKey));
}

/** `data` as this device saves it: format 3, sealed with its own key. */
export async function savedHere(data: StoreDump): Promise<string> {
	return formatThree(data, await deviceKey());
}

/** A key of another device (the old laptop, or anyone's). */
export async function otherDevice(): Promise<DeviceKey> {
	const pair = await newKeyPair();
	return { publicKey: await exportPublicKey(pair.publicKey), privateKey: pair.privateKey };
}

/**
 * Every format, by name, for `it.each`: each file as this device would have saved it, and
 * whether a restore takes it as the device's own (format 3, its seal) or from outside.
 */
export const FORMATS = [
	['format 1', async (d: StoreDump) => formatOne(d), 'outside'],
	['format 2', async (d: StoreDump) => formatTwo(d), 'outside'],
	['format 3', savedHere, 'own']
] as const;

/**
 * `dump` as it reads back after a restore on any device: its leagues name no owner, as the
 * device that restores them owns them (issue 37, `store-dump.ts` `writePart`).
 */
export function asRestored(dump: StoreDump): StoreDump {
	return {
		...dump,
		leagues: dump.leagues.map((league) => {
			const restored = { ...league };
			delete restored.ownerKey;
			return restored;
		})
	};
}
