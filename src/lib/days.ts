/**
 * Calendar days as `YYYY-MM-DD` strings: the dates of class sessions and terms. They compare
 * and sort as strings, and mean the same day wherever the file is opened.
 */
import { dayWords } from './format/day-words';

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

/** A day for people, "Mon 12 Jan 2026" (or "12 Jan"), as every screen and file writes it. */
export function formatDay(day: string, style: 'long' | 'short' = 'long'): string {
	return isDay(day) ? dayWords(day, style) : day;
}
