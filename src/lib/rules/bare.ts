/**
 * Objects keyed by ids. Ids are any strings (RULES.md §5): `constructor`, `__proto__` or
 * `toString` must behave like `A`, so an object keyed by ids never has a prototype to inherit
 * those names from or to be replaced through.
 */

/** A prototype-free object holding `entries`. */
export function bare<V>(entries: Iterable<readonly [string, V]> = []): Record<string, V> {
	const out = Object.create(null) as Record<string, V>;
	for (const [k, v] of entries) out[k] = v;
	return out;
}

/** A prototype-free copy of `o`'s own entries (also of a plain object read from storage). */
export function bareCopy<V>(o: Readonly<Record<string, V>>): Record<string, V> {
	return bare(Object.entries(o));
}

/** `o[key]` when `o` holds it itself, never a member inherited from a prototype. */
export function own<V>(o: Readonly<Record<string, V>>, key: string): V | undefined {
	return Object.hasOwn(o, key) ? o[key] : undefined;
}
