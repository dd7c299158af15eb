import { describe, expect, it } from 'vitest';
import { dateFormat } from '$lib/format/formats';
import { formatDay } from '$lib/days';

describe('dateFormat', () => {
	it('keeps one format per locale and options', () => {
		const a = dateFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
		const b = dateFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
		expect(b).toBe(a);
		expect(dateFormat('en-US', { timeZone: 'UTC', day: 'numeric', month: 'short' })).not.toBe(a);
		expect(dateFormat('en-GB', { timeZone: 'UTC', day: 'numeric' })).not.toBe(a);
	});

	it('formats as a new Intl.DateTimeFormat with the same arguments would', () => {
		const date = new Date(Date.UTC(2026, 0, 12));
		const options: Intl.DateTimeFormatOptions = {
			timeZone: 'UTC',
			weekday: 'long',
			year: 'numeric'
		};
		expect(dateFormat('en-GB', options).format(date)).toBe(
			new Intl.DateTimeFormat('en-GB', options).format(date)
		);
	});

	it('writes a day one way on every device, as the files do', () => {
		expect(formatDay('2026-01-12')).toBe('Mon 12 Jan 2026');
		expect(formatDay('2026-11-27')).toBe('Fri 27 Nov 2026');
		expect(formatDay('2026-01-12', 'short')).toBe('12 Jan');
		expect(formatDay('someday')).toBe('someday');
	});
});
