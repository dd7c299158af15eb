/** Device settings of the instructor's side: the PIN's hash (never the PIN). */
import { db } from './db';
import { guard } from './errors';
import type { PinHashRecord } from './records';

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
