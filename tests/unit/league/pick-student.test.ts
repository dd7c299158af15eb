/** A typed name picks the student of that name under the standings' "Compare two students". */
import { describe, expect, it } from 'vitest';
import { byNameKey, picked } from '$lib/league/pick-student';

const keys = byNameKey([
	{ id: 'p1', name: 'Ana María' },
	{ id: 'p2', name: 'Ben' },
	// An id that is also a name on Object.prototype: a Map keeps it apart.
	{ id: 'constructor', name: 'toString' }
]);

describe('picked', () => {
	it.each([
		['', { kind: 'empty' }],
		['   ', { kind: 'empty' }],
		['Ben', { kind: 'student', id: 'p2' }],
		['  ben ', { kind: 'student', id: 'p2' }],
		['ANA   MARÍA', { kind: 'student', id: 'p1' }],
		['Ana Maria', { kind: 'unknown' }],
		['Be', { kind: 'unknown' }],
		['tostring', { kind: 'student', id: 'constructor' }],
		['constructor', { kind: 'unknown' }],
		['__proto__', { kind: 'unknown' }]
	])('%j picks %j', (typed, expected) => {
		expect(picked(keys, typed)).toEqual(expected);
	});
});
