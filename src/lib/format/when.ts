/**
 * Times as a list of games says them: "today 14:05", "yesterday 09:30", "Monday 18:10" within a
 * week, then "3 March" (this year) or "3 March 2024". Pure: the clock, locale and time zone come
 * in as arguments, so the words are the same in tests on any machine.
 */
import { dateFormat } from './formats';

/** Locale and time zone to format in; the browser's when left out. */
export interface WhenOptions {
	locale?: string;
	timeZone?: string;
}

/** The calendar day of `date` in `timeZone`, as days since 1970-01-01. */
function dayNumber(date: Date, timeZone: string | undefined): number {
	const parts = dateFormat('en-US', {
		timeZone,
		year: 'numeric',
		month: 'numeric',
		day: 'numeric'
	}).formatToParts(date);
	const part = (type: Intl.DateTimeFormatPartTypes) =>
		Number(parts.find((p) => p.type === type)?.value);
	return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

/**
 * When `iso` happened, relative to `now` in days. An unreadable time gives an empty string
 * rather than "Invalid Date".
 */
export function when(iso: string, now: Date, opts: WhenOptions = {}): string {
	const date = new Date(iso);
	if (Number.isNaN(date.getTime())) return '';
	const { locale, timeZone } = opts;
	const time = dateFormat(locale, {
		timeZone,
		hour: '2-digit',
		minute: '2-digit'
	}).format(date);
	const days = dayNumber(now, timeZone) - dayNumber(date, timeZone);
	if (days === 0) return `today ${time}`;
	if (days === 1) return `yesterday ${time}`;
	if (days > 1 && days < 7) {
		const weekday = dateFormat(locale, { timeZone, weekday: 'long' }).format(date);
		return `${weekday} ${time}`;
	}
	const sameYear =
		dateFormat('en-US', { timeZone, year: 'numeric' }).format(date) ===
		dateFormat('en-US', { timeZone, year: 'numeric' }).format(now);
	return dateFormat(locale, {
		timeZone,
		day: 'numeric',
		month: 'long',
		...(sameYear ? {} : { year: 'numeric' })
	}).format(date);
}
