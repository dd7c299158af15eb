/**
 * The one name rule (issue 13), with no store: the app, its imports and the school server
 * clean every name the same way.
 */
import { DbError } from './db-error';

/** The longest name a player can have (a form's `maxlength`). */
export const MAX_NAME_LENGTH = 40;

/** The longest name a league can have (the league form's `maxlength`). */
export const MAX_LEAGUE_NAME = 60;

/**
 * Characters a name never keeps: controls (newlines and tabs become spaces first), format
 * characters such as zero-width spaces and bidirectional overrides, and every character
 * Unicode says a reader may not see at all (Default_Ignorable_Code_Point: the combining
 * grapheme joiner U+034F, the Hangul fillers U+3164 and U+FFA0, variation selectors such as
 * U+FE0F…). Kept, they would make "Ana" and "Ana" + an invisible character two students who
 * look the same, or turn the text around them.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;

/** Characters drawn as blank space that Unicode does not call space: the blank Braille cell. */
const BLANK = /[\s\u2800]/gu;

/** A letter or a digit: a name with neither shows nothing a reader could tell apart. */
const VISIBLE = /[\p{L}\p{N}]/u;

/**
 * A name as it is shown and stored, the one name rule on every path in: invisible and control
 * characters removed, blank ones made spaces, NFC, trimmed, each inner run of spaces made one
 * space; '' (no name) when no letter or digit is left.
 */
export function cleanName(name: string): string {
	const clean = name
		.replace(BLANK, ' ')
		.replace(INVISIBLE, '')
		.normalize('NFC')
		.trim()
		.replace(/ +/g, ' ');
	return VISIBLE.test(clean) ? clean : '';
}

/** What two names must share to be the same player: "ana  LÓPEZ" and "Ana López" do. */
export function nameKey(name: string): string {
	return cleanName(name).toLowerCase();
}

/**
 * `name` cleaned (`cleanName`), refused when nothing is left or it is too long.
 * @throws DbError `name-required` or `name-too-long`
 */
export function checkedName(name: unknown): string {
	const clean = typeof name === 'string' ? cleanName(name) : '';
	if (clean === '') throw new DbError('name-required');
	if (clean.length > MAX_NAME_LENGTH) throw new DbError('name-too-long', { max: MAX_NAME_LENGTH });
	return clean;
}
