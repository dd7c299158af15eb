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

/** Wrong PINs allowed in a row before each further try waits. */
export const FREE_TRIES = 3;
/** The first wait; each further wrong PIN doubles it, up to `MAX_WAIT_MS`. */
export const FIRST_WAIT_MS = 30_000;
export const MAX_WAIT_MS = 60 * 60_000;

/** The wait after the `count`-th wrong PIN in a row. */
export function waitAfter(count: number): number {
	if (count < FREE_TRIES) return 0;
	return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (count - FREE_TRIES));
}

/**
 * Whether `pin` opens the lock; true when no PIN is set. Guessing is slowed down: after
 * `FREE_TRIES` wrong PINs in a row, each try waits longer (30 s, 1 min, 2 min … up to an
 * hour), and the wait is stored, so a reload does not end it. A right PIN starts afresh.
 * Each try is counted as wrong before the slow hash runs (`settings.claimPinTry`), so guesses
 * typed in many tabs at once get no more tries than one tab.
 * @throws PinError `pin-wait` (with the seconds left) while a wait runs: the PIN is not checked
 */
export async function check(pin: string, opts: { now?: number } = {}): Promise<boolean> {
	const now = opts.now ?? Date.now();
	const claim = await settings.claimPinTry(now, waitAfter);
	if (claim.kind === 'none') return true;
	if (claim.kind === 'wait') {
		throw new PinError('pin-wait', { seconds: Math.ceil((claim.until - now) / 1000) });
	}
	if (!(await verifyPin(pin, claim.hash))) return false;
	await settings.setPinFailures(null);
	return true;
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
