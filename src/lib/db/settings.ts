/** Device settings of the instructor's side: the PIN's hash (never the PIN). */
import { db } from './db';
import { guard } from './errors';
import type { PinFailuresRecord, PinHashRecord } from '$lib/card/device-records';

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

/** A PIN try as `claimPinTry` left it: the hash to check against, or the wait still running. */
export type PinClaim =
	{ kind: 'none' } | { kind: 'wait'; until: number } | { kind: 'claimed'; hash: PinHashRecord };

/**
 * Counts a PIN try as wrong before it is checked, in one `rw` transaction: IndexedDB runs
 * transactions on the same table one after another, across tabs too, so guesses sent at once
 * from many tabs are counted one by one and none can slip in before another's count is
 * stored. `waitAfter` gives the wait after the n-th wrong PIN in a row. A right PIN then
 * clears the count (`setPinFailures(null)`).
 */
export async function claimPinTry(
	now: number,
	waitAfter: (count: number) => number
): Promise<PinClaim> {
	return guard(() =>
		db.transaction('rw', db.meta, async (): Promise<PinClaim> => {
			const [pin, fails] = await Promise.all([db.meta.get('pin'), db.meta.get('pinFailures')]);
			if (pin?.key !== 'pin') return { kind: 'none' };
			const failures = fails?.key === 'pinFailures' ? fails.value : { count: 0, until: null };
			const until = failures.until === null ? 0 : Date.parse(failures.until);
			if (now < until) return { kind: 'wait', until };
			const count = failures.count + 1;
			const wait = waitAfter(count);
			await db.meta.put({
				key: 'pinFailures',
				value: { count, until: wait > 0 ? new Date(now + wait).toISOString() : null }
			});
			return { kind: 'claimed', hash: pin.value };
		})
	);
}
