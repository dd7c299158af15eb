import { describe, expect, it } from 'vitest';
import { when } from '$lib/format/when';

const now = new Date('2025-03-12T15:00:00Z'); // a Wednesday
const utc = { locale: 'en-GB', timeZone: 'UTC' };

describe('when', () => {
	it.each<[string, string]>([
		['2025-03-12T14:05:00Z', 'today 14:05'],
		['2025-03-12T00:00:00Z', 'today 00:00'],
		['2025-03-11T23:59:00Z', 'yesterday 23:59'],
		['2025-03-10T09:30:00Z', 'Monday 09:30'],
		['2025-03-06T18:10:00Z', 'Thursday 18:10'],
		['2025-03-05T18:10:00Z', '5 March'],
		['2024-12-31T10:00:00Z', '31 December 2024']
	])('says %s as "%s"', (iso, said) => {
		expect(when(iso, now, utc)).toBe(said);
	});

	it('counts days in the given time zone, not in UTC', () => {
		// In UTC these are the 11th and the 12th; in Auckland (UTC+13) both fall on the 12th.
		const early = new Date('2025-03-12T01:00:00Z');
		expect(when('2025-03-11T23:30:00Z', early, utc)).toBe('yesterday 23:30');
		expect(when('2025-03-11T23:30:00Z', early, { ...utc, timeZone: 'Pacific/Auckland' })).toBe(
			'today 12:30'
		);
	});

	it('gives an empty string for a time it cannot read', () => {
		expect(when('not a time', now, utc)).toBe('');
	});
});
