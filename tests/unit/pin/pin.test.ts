import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as instructor from '$lib/pin/instructor';
import { hashPin, isPin, verifyPin } from '$lib/pin/pin';
import { expectCode, resetDb } from '../db/helpers';

/** Few rounds: the tests check the logic, not the cost. */
const fast = { iterations: 1000 };

beforeEach(resetDb);

describe('isPin', () => {
	it.each([
		['1234', true],
		['12345678', true],
		['123', false],
		['123456789', true],
		['12a4', false],
		[' 1234', false]
	])('%j → %s', (pin, ok) => {
		expect(isPin(pin)).toBe(ok);
	});
});

describe('hashPin and verifyPin', () => {
	it('stores a salted hash, never the PIN, and verifies only the same PIN', async () => {
		const a = await hashPin('2468', fast);
		const b = await hashPin('2468', fast);
		expect(a).toMatchObject({ algorithm: 'PBKDF2-SHA-256', iterations: 1000 });
		expect(JSON.stringify(a)).not.toContain('2468');
		expect(a.salt).not.toBe(b.salt);
		expect(a.hash).not.toBe(b.hash);
		expect(await verifyPin('2468', a)).toBe(true);
		expect(await verifyPin('2469', a)).toBe(false);
		expect(await verifyPin('', a)).toBe(false);
	});

	it('uses many rounds by default', async () => {
		expect((await hashPin('2468')).iterations).toBeGreaterThanOrEqual(100_000);
	});

	it('refuses a PIN that is not 4 to 12 digits', async () => {
		await expectCode(hashPin('12'), 'pin-format');
	});
});

describe('instructor PIN', () => {
	it('is off by default: every check passes', async () => {
		expect(await instructor.isSet()).toBe(false);
		expect(await instructor.check('')).toBe(true);
	});

	it('is set, checked, changed with the old PIN, and removed with it', async () => {
		await instructor.set('1357', '1357', '', fast);
		expect(await instructor.isSet()).toBe(true);
		expect(await instructor.check('1357')).toBe(true);
		expect(await instructor.check('0000')).toBe(false);
		await expectCode(instructor.set('2468', '2468', '0000', fast), 'pin-wrong');
		await instructor.set('2468', '2468', '1357', fast);
		expect(await instructor.check('2468')).toBe(true);
		await expectCode(instructor.remove('1357'), 'pin-wrong');
		await instructor.remove('2468');
		expect(await instructor.isSet()).toBe(false);
	});

	it('refuses a mistyped confirmation and stores nothing', async () => {
		await expectCode(instructor.set('1357', '1375', '', fast), 'pin-mismatch');
		await expectCode(instructor.set('13', '13', '', fast), 'pin-format');
		expect(await db.meta.get('pin')).toBeUndefined();
	});
});

describe('guessing the PIN (issue 13)', () => {
	const t0 = Date.UTC(2026, 0, 12, 9);

	it('makes each try wait longer after three wrong PINs, and a right PIN start afresh', async () => {
		await instructor.set('2468', '2468', '', fast);
		for (let i = 0; i < 3; i++) expect(await instructor.check('0000', { now: t0 })).toBe(false);
		expect(instructor.waitAfter(3)).toBe(30_000);
		// Even the right PIN is not checked during the wait.
		await expectCode(instructor.check('2468', { now: t0 + 29_000 }), 'pin-wait');
		expect(await instructor.check('1111', { now: t0 + 30_000 })).toBe(false);
		await expectCode(instructor.check('2468', { now: t0 + 30_000 + 59_000 }), 'pin-wait');
		expect(await instructor.check('2468', { now: t0 + 30_000 + 60_000 })).toBe(true);
		expect(await instructor.check('0000', { now: t0 + 100_000 })).toBe(false);
		expect(await instructor.check('2468', { now: t0 + 100_000 })).toBe(true);
	});

	it('keeps the wait in the database, so a reload does not end it', async () => {
		await instructor.set('2468', '2468', '', fast);
		for (let i = 0; i < 5; i++) {
			try {
				await instructor.check('0000', { now: t0 + i * 3_600_000 });
			} catch {
				// a wait; the next try is an hour later
			}
		}
		db.close({ disableAutoOpen: false });
		await expectCode(instructor.check('2468', { now: t0 + 4 * 3_600_000 + 1000 }), 'pin-wait');
	});

	it('grows to an hour at most: 30 wrong guesses take hours, not minutes', () => {
		let total = 0;
		for (let n = 1; n <= 30; n++) total += instructor.waitAfter(n);
		expect(total).toBeGreaterThan(20 * 3_600_000);
		expect(instructor.waitAfter(100)).toBe(instructor.MAX_WAIT_MS);
	});

	it('counts guesses sent at once, as from ten tabs, one by one: three are checked, the rest wait', async () => {
		await instructor.set('2468', '2468', '', fast);
		const guesses = [
			'0000',
			'1111',
			'2222',
			'3333',
			'4444',
			'5555',
			'6666',
			'7777',
			'8888',
			'2468'
		];
		const results = await Promise.allSettled(
			guesses.map((pin) => instructor.check(pin, { now: t0 }))
		);
		const outcome = results.map((r) =>
			r.status === 'fulfilled' ? r.value : (r.reason as { code?: string }).code
		);
		expect(outcome).toEqual([false, false, false, ...Array(7).fill('pin-wait')]);
		const stored = await db.meta.get('pinFailures');
		expect(stored?.value).toEqual({ count: 3, until: new Date(t0 + 30_000).toISOString() });
	});

	it('accepts PINs of up to 12 digits', async () => {
		expect(isPin('123456789012')).toBe(true);
		expect(isPin('1234567890123')).toBe(false);
		await instructor.set('123456789012', '123456789012', '', fast);
		expect(await instructor.check('123456789012')).toBe(true);
	});
});
