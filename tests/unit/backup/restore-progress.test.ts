import { describe, expect, it } from 'vitest';
import {
	CHECKING_SHARE,
	doingWords,
	leftWords,
	restoreTracker,
	secondsLeft,
	shareOf,
	type RestoreShown
} from '$lib/backup/restore-progress';

describe('doingWords', () => {
	it.each([
		[{ step: 'checking', games: 1200, total: 5400 }, 'Checking the file: 1,200 of 5,400 games'],
		[{ step: 'writing', games: 2300, total: 5400 }, 'Writing 2,300 of 5,400 games'],
		[{ step: 'writing', games: 40, total: null }, 'Writing the games'],
		[{ step: 'writing', games: 1, total: 1 }, 'Writing 1 of 1 game'],
		[{ step: 'checking', games: 0, total: null }, 'Checking the file'],
		[{ step: 'restoring', games: 585, total: 5400 }, 'Restoring 585 of 5,400 games'],
		[{ step: 'restoring', games: 0, total: null }, 'Restoring the games']
	] as const)('says %o as “%s”', (step, words) => {
		expect(doingWords(step)).toBe(words);
	});
});

describe('leftWords', () => {
	it.each([
		[null, 'Working out how long this will take'],
		[4, 'Almost done'],
		[38, 'About 40 seconds left'],
		[70, 'About a minute left'],
		[170, 'About 3 minutes left']
	])('says %s seconds as “%s”', (seconds, words) => {
		expect(leftWords(seconds)).toBe(words);
	});
});

describe('shareOf', () => {
	it('gives checking its share of the bar first, then writing the rest', () => {
		expect(shareOf({ step: 'checking', games: 0, total: 10 })).toBe(0);
		expect(shareOf({ step: 'checking', games: 10, total: 10 })).toBeCloseTo(CHECKING_SHARE);
		expect(shareOf({ step: 'writing', games: 5, total: 10 })).toBeCloseTo(
			CHECKING_SHARE + (1 - CHECKING_SHARE) / 2
		);
		expect(shareOf({ step: 'writing', games: 0, total: 0 })).toBe(1);
	});

	it('gives restoring onto an empty device (checking and writing together) the whole bar', () => {
		expect(shareOf({ step: 'restoring', games: 0, total: 10 })).toBe(0);
		expect(shareOf({ step: 'restoring', games: 4, total: 10 })).toBeCloseTo(0.4);
		expect(shareOf({ step: 'restoring', games: 10, total: 10 })).toBe(1);
	});
});

describe('secondsLeft', () => {
	it('says nothing in the first two seconds or the first 2 %, then follows the pace', () => {
		expect(secondsLeft(0.5, 1000)).toBeNull();
		expect(secondsLeft(0.01, 10_000)).toBeNull();
		expect(secondsLeft(0.25, 10_000)).toBe(30);
		expect(secondsLeft(1, 100)).toBe(0);
	});
});

describe('restoreTracker', () => {
	it('counts the writing in while checking, then follows the writing’s own pace', () => {
		let t = 0;
		const shown: RestoreShown[] = [];
		const tell = restoreTracker(
			(s) => shown.push(s),
			() => t
		);
		tell({ step: 'checking', games: 0, total: 100 });
		t = 3000;
		// Half checked in 3 s: 3 s more to check, and writing at 3 times the checking's 6 s.
		tell({ step: 'checking', games: 50, total: 100 });
		t = 6000;
		tell({ step: 'writing', games: 0, total: 100 });
		t = 16_000;
		tell({ step: 'writing', games: 1, total: 100 });
		t = 26_000;
		tell({ step: 'writing', games: 40, total: 100 });
		expect(shown.map((s) => s.left)).toEqual([
			'Working out how long this will take',
			// 3 s of checking and 18 s of writing.
			'About 20 seconds left',
			'About 20 seconds left',
			// Too little written to tell its pace: the last estimate, counted down.
			'Almost done',
			// 40 % written in 20 s.
			'About 30 seconds left'
		]);
	});

	it('follows restoring’s own pace onto an empty device', () => {
		let t = 0;
		const shown: RestoreShown[] = [];
		const tell = restoreTracker(
			(s) => shown.push(s),
			() => t
		);
		tell({ step: 'restoring', games: 0, total: 1000 });
		t = 20_000;
		tell({ step: 'restoring', games: 250, total: 1000 });
		t = 40_000;
		tell({ step: 'restoring', games: 1000, total: 1000 });
		expect(shown.map((s) => [s.doing, s.left, s.share])).toEqual([
			['Restoring 0 of 1,000 games', 'Working out how long this will take', 0],
			// A quarter in 20 s: 60 s more.
			['Restoring 250 of 1,000 games', 'About a minute left', 0.25],
			['Restoring 1,000 of 1,000 games', 'Almost done', 1]
		]);
	});
});
