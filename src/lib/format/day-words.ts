/**
 * A calendar day (`YYYY-MM-DD`) in words, written one way on every screen, every print and
 * every file: "Fri 27 Nov 2026", or "27 Nov" where the year goes without saying (a chart's
 * axis, a term's range). The screens said "Fri, Nov 27, 2026" (the device's language) while
 * the CSV files said "Fri 27 Nov"; the app's words are English, so the dates are too, and a
 * file reads the same whichever device wrote it. No commas: a CSV cell needs no quotes.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `day` in words, "Fri 27 Nov 2026" (long) or "27 Nov" (short); a string that is not a day as it is. */
export function dayWords(day: string, style: 'long' | 'short' = 'long'): string {
	const m = DAY.exec(day);
	if (!m) return day;
	const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
	if (Number.isNaN(date.getTime())) return day;
	const dayMonth = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
	return style === 'short'
		? dayMonth
		: `${WEEKDAYS[date.getUTCDay()]} ${dayMonth} ${date.getUTCFullYear()}`;
}
