/**
 * Calendar days as `YYYY-MM-DD` strings: the dates of class sessions and terms. They compare
 * and sort as strings, and mean the same day wherever the file is opened.
 */
import { dateFormat } from './format/formats';

/** A day's words, in UTC: the day is a calendar date, whatever this device's time zone. */
const LONG_DAY: Intl.DateTimeFormatOptions = {
	timeZone: 'UTC',
	weekday: 'short',
	day: 'numeric',
	month: 'short',
	year: 'numeric'
};
const SHORT_DAY: Intl.DateTimeFormatOptions = { timeZone: 'UTC', day: 'numeric', month: 'short' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
export function isDay(value: unknown): value is string {
	if (typeof value !== 'string') return false;
	const m = DAY.exec(value);
	if (!m) return false;
	const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
	const date = new Date(Date.UTC(y, mo - 1, d));
	return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function pad(n: number): string {
	return String(n).padStart(2, '0');
}

/** The day `at` falls on in this device's time zone (today, when left out). */
export function localDay(at: Date = new Date()): string {
	return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The local day of an ISO 8601 time, as stored on records. */
export function dayOfTime(iso: string): string {
	return localDay(new Date(iso));
}

/** A day for people: "Mon 12 Jan 2026" in the device's language. */
export function formatDay(day: string, style: 'long' | 'short' = 'long'): string {
	if (!isDay(day)) return day;
	const [y, m, d] = day.split('-').map(Number) as [number, number, number];
	const date = new Date(Date.UTC(y, m - 1, d));
	return dateFormat(undefined, style === 'long' ? LONG_DAY : SHORT_DAY).format(date);
}
