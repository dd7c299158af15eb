/**
 * Canonical JSON: one byte string per value, whatever the order its keys were built in, the
 * engine that wrote it or the device it was read on. It is the JSON Canonicalization Scheme
 * (RFC 8785) for the values a card holds (objects, arrays, strings, integers, booleans, null):
 * object keys sorted by UTF-16 code units, no whitespace, strings and numbers as
 * `JSON.stringify` writes them (which RFC 8785 adopts).
 */
import { CodedError } from '$lib/coded-error';

/**
 * A value canonical JSON cannot hold, found at `path` (e.g. `events[3].event.count`):
 * `card-not-plain`, with what it is in `what`.
 */
export class CanonicalError extends CodedError<'card-not-plain'> {
	override readonly name = 'CanonicalError';
	readonly path: string;

	constructor(path: string, what: string) {
		super('card-not-plain', { path: path || 'the top', what });
		this.path = path;
	}
}

/** A plain object: a literal, or a prototype-free one keyed by ids (`rules/bare.ts`). */
function isPlain(value: object): boolean {
	const proto: unknown = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}

/**
 * Finds the value canonical JSON cannot hold in `value` (at `path`), in the order `text` writes
 * them, and throws the error that says what and where. Only walked once `text` has failed: the
 * path to every value is built only here.
 * @throws CanonicalError
 */
function locate(value: unknown, path: string): void {
	if (value === null || typeof value === 'boolean' || typeof value === 'string') return;
	if (typeof value === 'number') {
		// NaN and ±Infinity have no JSON form; JSON.stringify would quietly write null.
		if (!Number.isFinite(value)) throw new CanonicalError(path, `${value}`);
		return;
	}
	if (Array.isArray(value)) {
		value.forEach((item, i) => {
			if (item === undefined) throw new CanonicalError(`${path}[${i}]`, 'undefined');
			locate(item, `${path}[${i}]`);
		});
		return;
	}
	if (typeof value === 'object' && isPlain(value)) {
		const record = value as Record<string, unknown>;
		for (const k of Object.keys(record).sort()) {
			if (record[k] !== undefined) locate(record[k], path ? `${path}.${k}` : k);
		}
		return;
	}
	throw new CanonicalError(path, typeof value === 'object' ? 'a non-plain object' : typeof value);
}

/** Thrown by `text` at anything but plain data: `locate` then says what and where. */
const ODD = new Error('not plain data');

/**
 * The quoted form of the keys a card's objects repeat (`type`, `seq`, `count`…), each quoted once:
 * with it a card's text took 107-135 µs instead of 150-175 (a card of 30 events, 13 KB, min and
 * median of 8 rounds of 3,000 in Node, 2026-12-03), and the school server takes two a card pushed.
 * Only short keys needing no escape are kept, at most `QUOTED_MAX`, so ids used as keys cannot
 * grow it without bound.
 */
const quoted = new Map<string, string>();
const QUOTED_MAX = 1000;
const PLAIN_KEY = /^[\w$-]{1,40}$/;

function quotedKey(k: string): string {
	let q = quoted.get(k);
	if (q === undefined) {
		q = JSON.stringify(k);
		if (quoted.size < QUOTED_MAX && PLAIN_KEY.test(k)) quoted.set(k, q);
	}
	return q;
}

/**
 * The canonical text of plain data, by concatenation and without the path to each value (only
 * ever needed for an error: the school server takes a fingerprint of every card pushed to it).
 * Anything canonical JSON refuses throws `ODD`.
 */
function text(value: unknown): string {
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
					if (!(i in value)) continue; // a hole: skipped, as Array.forEach does
					if (value[i] === undefined) throw ODD;
					out += i > 0 ? ',' + text(value[i]) : text(value[i]);
				}
				return out + ']';
			}
			if (!isPlain(value)) throw ODD;
			const record = value as Record<string, unknown>;
			const keys = Object.keys(record);
			if (keys.length > 1) keys.sort();
			let out = '{';
			let first = true;
			for (const k of keys) {
				const item = record[k];
				if (item === undefined) continue;
				out += (first ? '' : ',') + quotedKey(k) + ':' + text(item);
				first = false;
			}
			return out + '}';
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
		return text(value);
	} catch (e) {
		if (e !== ODD) throw e;
		locate(value, '');
		throw new CanonicalError('', 'a value JSON cannot hold');
	}
}
