/** Lookalike names (issue 37, finding 7), by their UTS #39 skeletons. */
import { describe, expect, it } from 'vitest';
import { lookalikeKey, lookalikes, looksLike, skeleton } from '$lib/card/lookalikes';

describe('skeleton', () => {
	it.each([
		['Cyrillic А', '\u0410na', 'Ana'],
		['Cyrillic а', '\u0430na', 'ana'],
		['Greek Ο and digit 0', '\u039f0', 'OO'],
		['capital I and digit 1', 'I1', 'll'],
		['m', 'Kim', 'Kirn']
	])('maps %s as Unicode’s confusables.txt does', (_, text, expected) => {
		expect(skeleton(text)).toBe(expected);
	});
});

describe('lookalikeKey', () => {
	it.each([
		['Ana', '\u0410na'],
		['Ana', '\u0430NA'],
		['Ana Lopez', 'Ana L\u043epez'],
		['Ian', 'lan'],
		['Ana', 'Ana\u034f'],
		['Ana', 'Ana\u3164'],
		['Ana', 'Ana\u2800'],
		['Ana', 'Ana\ufe0f']
	])('is the same for %j and %j', (a, b) => {
		expect(lookalikeKey(a)).toBe(lookalikeKey(b));
	});

	it.each([
		['Ana', 'Ava'],
		['Ana', 'Anna'],
		['Ana López', 'Ana Lopez'],
		['Li', 'Lu'],
		['李小龙', '李小虎']
	])('differs for %j and %j', (a, b) => {
		expect(lookalikeKey(a)).not.toBe(lookalikeKey(b));
	});
});

describe('lookalikes', () => {
	it('flags each name that looks the same as another, different one, naming it', () => {
		const names = ['Ana Lopez', 'Ben', '\u0410na Lopez', 'ana lopez', 'Ian', 'lan', 'Cara'];
		expect([...lookalikes(names)].sort()).toEqual([
			[0, '\u0410na Lopez'],
			[2, 'Ana Lopez'],
			[3, '\u0410na Lopez'],
			[4, 'lan'],
			[5, 'Ian']
		]);
	});
});

describe('looksLike', () => {
	it('names the student a new name looks the same as, and none for the same name', () => {
		const roster = ['Ben Okafor', 'Ana Lopez'];
		expect(looksLike('\u0410na Lopez', roster)).toBe('Ana Lopez');
		expect(looksLike('ANA LOPEZ', roster)).toBeNull();
		expect(looksLike('Cara', roster)).toBeNull();
		expect(looksLike('\u3164', roster)).toBeNull();
	});
});
