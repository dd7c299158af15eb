/**
 * The words for showing a code, written once for every screen that shows one. A message is one
 * code: a plain QR code, or, when too long for one, a moving code whose pictures change by
 * themselves and are read in one scan (`frames.ts`). Nothing asks for codes "one after the
 * other" any more.
 */

/** A code of `pictures` pictures (`toCodes`): 1 for a plain code, more for a moving one. */
export function isMoving(pictures: number): boolean {
	return pictures > 1;
}

/** What a phone does with its code, shown above it: "Hold this code up to …". */
export function holdUp(pictures: number, to = 'the instructor’s device'): string {
	return isMoving(pictures)
		? `Hold this moving code up to ${to} until it is read: its pictures change by themselves, and one scan takes them all.`
		: `Hold this code up to ${to}.`;
}

/** The group's own word that it showed its code (it marks the card shown, not received). */
export const SHOWED = 'We showed the code';

/** How a card went to the instructor, on its turn-in page. */
export function shownBy(how: 'qr' | 'file' | 'server'): string {
	return {
		qr: 'Shown as a code',
		file: 'Shared as a file',
		server: 'Sent over the school’s network'
	}[how];
}
