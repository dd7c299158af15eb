/**
 * Setting, changing, removing and checking the instructor's PIN. Off by default; once set,
 * voiding cards, editing the roster, restoring a backup and deleting anything ask for it.
 */
import * as settings from '$lib/db/settings';
import { PinError, hashPin, isPin, verifyPin } from './pin';

/** Whether a PIN is set on this device. */
export async function isSet(): Promise<boolean> {
	return (await settings.pinHash()) !== null;
}

/** Whether `pin` opens the lock; true when no PIN is set. */
export async function check(pin: string): Promise<boolean> {
	const stored = await settings.pinHash();
	return stored === null || verifyPin(pin, stored);
}

/**
 * Sets the PIN to `pin` (typed twice: `again`). Changing a PIN needs the `current` one.
 * @throws PinError `pin-format`, `pin-mismatch`, `pin-wrong`, `pin-unavailable`
 */
export async function set(
	pin: string,
	again: string,
	current = '',
	opts: { iterations?: number } = {}
): Promise<void> {
	if (!isPin(pin)) throw new PinError('pin-format');
	if (pin !== again) throw new PinError('pin-mismatch');
	if (!(await check(current))) throw new PinError('pin-wrong');
	await settings.setPinHash(await hashPin(pin, opts));
}

/**
 * Turns the PIN off; needs the `current` one.
 * @throws PinError `pin-wrong`
 */
export async function remove(current: string): Promise<void> {
	if (!(await check(current))) throw new PinError('pin-wrong');
	await settings.setPinHash(null);
}
