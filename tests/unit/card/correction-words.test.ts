import { describe, expect, it } from 'vitest';
import { correctionWords, signedPoints } from '$lib/card/correction-words';

const base = { player: 'B', side: 'B', note: 'A 10 was missed', at: '2026-01-12T09:00:00.000Z' };

describe('correctionWords', () => {
	it.each([
		[10, 15, 25, 'Ben +10 (was 15, now 25). Reason: A 10 was missed'],
		[-5, 25, 20, 'Ben −5 (was 25, now 20). Reason: A 10 was missed']
	])('says %i points from %i to %i', (points, before, after, words) => {
		expect(correctionWords({ ...base, points, before, after }, 'Ben')).toBe(words);
	});
});

describe('signedPoints', () => {
	it.each([
		[5, '+5'],
		[-15, '−15']
	])('writes %i as %s', (points, words) => {
		expect(signedPoints(points)).toBe(words);
	});
});
