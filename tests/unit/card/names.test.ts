/** The one name rule (issue 13; issue 37, finding 7: invisible characters and blank names). */
import { describe, expect, it } from 'vitest';
import { cleanName, MAX_NAME_LENGTH, nameKey } from '$lib/card/names';

describe('cleanName', () => {
	it.each([
		['Ana + combining grapheme joiner U+034F', 'Ana\u034f', 'Ana'],
		['Ana + Hangul filler U+3164', 'Ana\u3164', 'Ana'],
		['Ana + blank Braille cell U+2800', 'Ana\u2800', 'Ana'],
		['Ana + variation selector U+FE0F', 'Ana\ufe0f', 'Ana'],
		['Ana + halfwidth Hangul filler U+FFA0', 'Ana\uffa0', 'Ana'],
		['Ana + soft hyphen inside', 'A\u00adna', 'Ana'],
		['Ana + zero-width space', 'Ana\u200b', 'Ana'],
		['a right-to-left override', '\u202eAna', 'Ana'],
		['a joiner between a letter and its accent', 'Ana Lo\u034f\u0301pez', 'Ana López'],
		['blank Braille cells between names', 'Ana\u2800\u2800Lopez', 'Ana Lopez'],
		['spaces, tabs and line breaks', '  Ana \t\n López ', 'Ana López'],
		['accents, decomposed', 'Zoe\u0308', 'Zoë'],
		['Chinese', '李小龙', '李小龙'],
		['Arabic', 'ليلى', 'ليلى'],
		['a number', 'Player 7', 'Player 7']
	])('keeps the name of %s', (_, raw, clean) => {
		expect(cleanName(raw)).toBe(clean);
	});

	it.each([
		['only Hangul fillers', '\u3164\u3164'],
		['only blank Braille cells', '\u2800'],
		['only a variation selector', '\ufe0f'],
		['only zero-width characters', '\u200b\u200d\u034f'],
		['only punctuation', '...'],
		['only an accent', '\u0301'],
		['only spaces', '   ']
	])('leaves no name of %s', (_, raw) => {
		expect(cleanName(raw)).toBe('');
	});

	it('leaves a name no longer than what was typed', () => {
		expect(cleanName('A'.repeat(MAX_NAME_LENGTH))).toHaveLength(MAX_NAME_LENGTH);
	});
});

describe('nameKey', () => {
	it.each(['Ana\u034f', 'Ana\u3164', 'Ana\u2800', 'Ana\ufe0f', ' ANA ', 'ana\u200b'])(
		'makes %j the same player as Ana',
		(raw) => {
			expect(nameKey(raw)).toBe(nameKey('Ana'));
		}
	);

	it('keeps Cyrillic Аna a different name from Ana (it is flagged as a lookalike instead)', () => {
		expect(nameKey('\u0410na')).not.toBe(nameKey('Ana'));
	});
});
