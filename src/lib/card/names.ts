/**
 * The one name rule (issue 13), with no store: the app, its imports and the school server
 * clean every name the same way.
 */

/** The longest name a player can have (a form's `maxlength`). */
export const MAX_NAME_LENGTH = 40;

/**
 * Characters a name never keeps: controls (newlines and tabs become spaces first), and format
 * characters such as zero-width spaces and bidirectional overrides, which would make "Ana" and
 * "Ana" + an invisible character two students who look the same, or turn the text around them.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/gu;

/**
 * A name as it is shown and stored, the one name rule on every path in: NFC, invisible and
 * control characters removed, trimmed, each inner run of spaces made one space.
 */
export function cleanName(name: string): string {
	return name
		.normalize('NFC')
		.replace(/\s/g, ' ')
		.replace(INVISIBLE, '')
		.trim()
		.replace(/ +/g, ' ');
}

/** What two names must share to be the same player: "ana  LÓPEZ" and "Ana López" do. */
export function nameKey(name: string): string {
	return cleanName(name).toLowerCase();
}
