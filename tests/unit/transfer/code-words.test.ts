import { describe, expect, it } from 'vitest';
import { holdUp, isMoving, SHOWED, shownBy } from '$lib/transfer/code-words';

describe('holdUp', () => {
	it('asks to hold up one code when the message fits one picture', () => {
		expect(holdUp(1)).toBe('Hold this code up to the instructor’s device.');
	});

	it('asks to hold up one moving code, read in one scan, when it takes several pictures', () => {
		expect(holdUp(6)).toBe(
			'Hold this moving code up to the instructor’s device until it is read: its pictures change by themselves, and one scan takes them all.'
		);
	});

	it('never asks for codes one after the other', () => {
		for (const n of [0, 1, 2, 40]) expect(holdUp(n)).not.toMatch(/one after the other|codes/);
	});
});

describe('isMoving', () => {
	it('calls a code of more than one picture moving', () => {
		expect([0, 1, 2, 9].map(isMoving)).toEqual([false, false, true, true]);
	});
});

describe('the words for a code shown', () => {
	it('speak of one code, however many pictures it has', () => {
		expect(SHOWED).toBe('We showed the code');
		expect(['qr', 'file', 'server'].map((h) => shownBy(h as 'qr'))).toEqual([
			'Shown as a code',
			'Shared as a file',
			'Sent over the school’s network'
		]);
	});
});
