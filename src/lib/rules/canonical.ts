/**
 * Canonical JSON: one byte string per value, whatever the order its keys were built in, the
 * engine that wrote it or the device it was read on. It is the JSON Canonicalization Scheme
 * (RFC 8785) for the values a card holds (objects, arrays, strings, integers, booleans, null):
 * object keys sorted by UTF-16 code units, no whitespace, strings and numbers as
 * `JSON.stringify` writes them (which RFC 8785 adopts).
 */

/** A value canonical JSON cannot hold, found at `path` (e.g. `events[3].event.count`). */
export class CanonicalError extends Error {
	readonly path: string;

	constructor(path: string, what: string) {
		super(`${what} at ${path || 'the top'}: canonical JSON holds only plain data`);
		this.name = 'CanonicalError';
		this.path = path;
	}
}

/** A plain object: a literal, or a prototype-free one keyed by ids (`rules/bare.ts`). */
function isPlain(value: object): boolean {
	const proto: unknown = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}

function write(value: unknown, path: string, out: string[]): void {
	if (value === null || typeof value === 'boolean' || typeof value === 'string') {
		out.push(JSON.stringify(value));
	} else if (typeof value === 'number') {
		// NaN and ±Infinity have no JSON form; JSON.stringify would quietly write null.
		if (!Number.isFinite(value)) throw new CanonicalError(path, `${value}`);
		out.push(JSON.stringify(value));
	} else if (Array.isArray(value)) {
		out.push('[');
		value.forEach((item, i) => {
			if (i > 0) out.push(',');
			if (item === undefined) throw new CanonicalError(`${path}[${i}]`, 'undefined');
			write(item, `${path}[${i}]`, out);
		});
		out.push(']');
	} else if (typeof value === 'object' && isPlain(value)) {
		// Missing and undefined are the same field: a stored record and a freshly built one agree.
		const keys = Object.keys(value)
			.filter((k) => (value as Record<string, unknown>)[k] !== undefined)
			.sort();
		out.push('{');
		keys.forEach((k, i) => {
			if (i > 0) out.push(',');
			out.push(JSON.stringify(k), ':');
			write((value as Record<string, unknown>)[k], path ? `${path}.${k}` : k, out);
		});
		out.push('}');
	} else {
		throw new CanonicalError(path, typeof value === 'object' ? 'a non-plain object' : typeof value);
	}
}

/** Thrown by `fast` at anything but plain data: `write` then says what and where. */
const ODD = new Error('not plain data');

/**
 * `write`'s text for plain data, by concatenation and without the path to each value (which
 * `write` builds for every field, only ever needed for an error): the school server takes a
 * fingerprint of every card pushed to it. Anything unusual (a value canonical JSON refuses, a
 * hole in an array) throws `ODD`, and `write` does the whole value again.
 */
function fast(value: unknown): string {
	switch (typeof value) {
		case 'string':
			return JSON.stringify(value);
		case 'boolean':
			return value ? 'true' : 'false';
		case 'number':
			if (!Number.isFinite(value)) throw ODD;
			return JSON.stringify(value);
		case 'object': {
			if (value === null) return 'null';
			if (Array.isArray(value)) {
				let out = '[';
				for (let i = 0; i < value.length; i++) {
					if (!(i in value) || value[i] === undefined) throw ODD;
					out += i > 0 ? `,${fast(value[i])}` : fast(value[i]);
				}
				return `${out}]`;
			}
			if (!isPlain(value)) throw ODD;
			const record = value as Record<string, unknown>;
			const keys = Object.keys(record).sort();
			let out = '{';
			for (const k of keys) {
				const item = record[k];
				if (item === undefined) continue;
				out += `${out.length > 1 ? ',' : ''}${JSON.stringify(k)}:${fast(item)}`;
			}
			return `${out}}`;
		}
		default:
			throw ODD;
	}
}

/**
 * The canonical JSON text of `value`. Object fields that are `undefined` are left out, as
 * `JSON.stringify` does; anything else JSON cannot say exactly is refused.
 * @throws CanonicalError for NaN, ±Infinity, `undefined` in an array, functions, symbols,
 * bigints, and objects other than plain ones and arrays (dates, maps, class instances)
 */
export function canonicalJson(value: unknown): string {
	try {
		return fast(value);
	} catch (e) {
		if (e !== ODD) throw e;
	}
	const out: string[] = [];
	write(value, '', out);
	return out.join('');
}
