/** Device settings of the instructor's side: the PIN's hash (never the PIN). */
import { db } from './db';
import { guard } from './errors';
import type { PinFailuresRecord, PinHashRecord } from './records';

/** The stored hash of the instructor's PIN, or null when no PIN is set (the default). */
export async function pinHash(): Promise<PinHashRecord | null> {
	const row = await guard(() => db.meta.get('pin'));
	return row?.key === 'pin' ? row.value : null;
}

/** Stores `hash` as the instructor's PIN, or removes the PIN with null. */
export async function setPinHash(hash: PinHashRecord | null): Promise<void> {
	await guard(async () => {
		if (hash === null) await db.meta.delete('pin');
		else await db.meta.put({ key: 'pin', value: hash });
	});
}

/** Wrong PINs typed in a row, and until when the next try waits. */
export async function pinFailures(): Promise<PinFailuresRecord> {
	const row = await guard(() => db.meta.get('pinFailures'));
	return row?.key === 'pinFailures' ? row.value : { count: 0, until: null };
}

/** Stores the wrong PINs typed in a row (a right one resets them with null). */
export async function setPinFailures(failures: PinFailuresRecord | null): Promise<void> {
	await guard(async () => {
		if (failures === null) await db.meta.delete('pinFailures');
		else await db.meta.put({ key: 'pinFailures', value: failures });
	});
}
