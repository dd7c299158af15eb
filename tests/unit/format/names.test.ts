import { describe, expect, it } from 'vitest';
import { byLastName, lastName, matchesSearch } from '$lib/format/names';

describe('lastName', () => {
	it.each([
		['Ana Beth Lopez', 'Lopez'],
		['  Gus   Reed ', 'Reed'],
		['Li', 'Li'],
		['Cara Singh, Jr.', 'Singh'],
		['Martin Luther King III', 'King'],
		['Jr.', 'Jr.'],
		['', '']
	])('takes “%s” as %s', (name, last) => {
		expect(lastName(name)).toBe(last);
	});
});

describe('byLastName', () => {
	it('sorts by family name, then the whole name, ignoring case and accents', () => {
		const names = ['Gus Reed', 'zoe Álvarez', 'Ana Reed', 'Li Wu', 'Dominique alvarez', 'Cara'];
		expect([...names].sort(byLastName)).toEqual([
			'Dominique alvarez',
			'zoe Álvarez',
			'Cara',
			'Ana Reed',
			'Gus Reed',
			'Li Wu'
		]);
	});
});

describe('matchesSearch', () => {
	it.each([
		['Zoë Álvarez', 'alva', true],
		['Zoë Álvarez', 'ZOE', true],
		['Zoë Álvarez', 'zoe  alv', true],
		['Gus Reed', 'reed', true],
		['Gus Reed', '', true],
		['Gus Reed', 'ana', false]
	])('finds “%s” by “%s”: %s', (name, typed, found) => {
		expect(matchesSearch(name, typed)).toBe(found);
	});
});
