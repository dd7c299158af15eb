import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CanonicalError, canonicalJson } from '$lib/rules/canonical';

/** The same value with every object's keys in a shuffled order (`seed` picks the order). */
function reorder(value: unknown, seed: number): unknown {
	if (Array.isArray(value)) return value.map((v, i) => reorder(v, seed + i));
	if (value === null || typeof value !== 'object') return value;
	const entries = Object.entries(value);
	const shuffled = entries
		.map((e, i) => ({ e, k: Math.sin(seed * 9973 + i * 7919) }))
		.sort((a, b) => a.k - b.k)
		.map(({ e: [k, v] }, i) => [k, reorder(v, seed + i + 1)]);
	return Object.fromEntries(shuffled);
}

describe('canonicalJson', () => {
	it.each<[string, unknown, string]>([
		[
			'sorts keys and drops whitespace',
			{ b: 1, a: [true, null, 'x'] },
			'{"a":[true,null,"x"],"b":1}'
		],
		['sorts nested keys', { z: { y: 1, x: 2 }, a: {} }, '{"a":{},"z":{"x":2,"y":1}}'],
		[
			'sorts keys by UTF-16 code units, capitals first',
			{ b: 0, B: 0, é: 0, e: 0 },
			'{"B":0,"b":0,"e":0,"é":0}'
		],
		['leaves undefined fields out', { a: undefined, b: 2 }, '{"b":2}'],
		['writes -0 as 0 and keeps negatives', { n: -0, m: -15 }, '{"m":-15,"n":0}'],
		['escapes as JSON does', { s: 'say "hi"\n\u0007' }, '{"s":"say \\"hi\\"\\n\\u0007"}'],
		['keeps array order', [3, 1, 2], '[3,1,2]']
	])('%s', (_, value, text) => {
		expect(canonicalJson(value)).toBe(text);
	});

	it('gives the same text whatever the order the keys were built in', () => {
		const json = fc.jsonValue({ maxDepth: 4 });
		fc.assert(
			fc.property(json, fc.integer(), (value, seed) => {
				expect(canonicalJson(reorder(value, seed))).toBe(canonicalJson(value));
			})
		);
	});

	it('reads back as the same data', () => {
		fc.assert(
			fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
				expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
			})
		);
	});

	it('writes plain data as RFC 8785 says: keys sorted, JSON.stringify’s strings and numbers', () => {
		const spec = (v: unknown): string =>
			Array.isArray(v)
				? `[${v.map(spec).join(',')}]`
				: v !== null && typeof v === 'object'
					? `{${Object.entries(v)
							.filter(([, x]) => x !== undefined)
							.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
							.map(([k, x]) => `${JSON.stringify(k)}:${spec(x)}`)
							.join(',')}}`
					: JSON.stringify(v);
		fc.assert(
			fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
				expect(canonicalJson(value)).toBe(spec(value));
			})
		);
		const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: [1], a: 'x' });
		expect(canonicalJson({ k: bare, u: undefined })).toBe('{"k":{"a":"x","b":[1]}}');
	});

	it.each<[string, unknown, string]>([
		['NaN', { a: { b: NaN } }, 'a.b'],
		['Infinity', [1, Infinity], '[1]'],
		['undefined in an array', { list: [1, undefined] }, 'list[1]'],
		['a date', { when: new Date(0) }, 'when'],
		['a map', new Map(), ''],
		['a function', { f: () => 1 }, 'f'],
		['a bigint', { n: 1n }, 'n']
	])('refuses %s, saying where', (_, value, path) => {
		expect(() => canonicalJson(value)).toThrow(CanonicalError);
		try {
			canonicalJson(value);
		} catch (e) {
			expect((e as CanonicalError).path).toBe(path);
		}
	});
});
