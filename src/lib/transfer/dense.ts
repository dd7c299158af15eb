/**
 * A payload's JSON as dense bytes, and back, losslessly: what QR codes carry (issue 36).
 *
 * Deflated JSON spends most of a card's bytes on what deflate cannot shrink: ids, hashes, keys
 * and times written as text. Here each value is written by what it is: an id as its 16 bytes, a
 * hash or a key as its bytes, a time as the milliseconds since the time before it, a string or
 * an object's keys seen before as a number. The decoded value is the very JSON that was
 * encoded (same strings, same key order), so a seal or a player's signature over it still
 * holds; a value this form has no shorter way for is written as it is.
 *
 * Every read is bounded: lengths and counts by the bytes left, nesting by `MAX_DEPTH`, and the
 * text a value stands for by `MAX_INFLATED` (a few hostile bytes must not unpack into memory
 * the phone does not have).
 */
import { fromBase64Url, toBase64Url } from '$lib/card/keys';
import { deflate, inflate, MAX_INFLATED } from './compress';
import { TransferError } from './errors';
import { EVENT_TYPES, PENALTY_KINDS } from './dense-card';
import { compress, decompress } from './p256-point';
import { ByteReader, ByteWriter, damaged, setOwn } from './byte-stream';

/** The first byte of dense bytes: one a raw deflate stream never starts with (block type 3). */
export const DENSE_MARK = 0xd7;

/** The deepest nesting read: a payload is a few levels deep. */
const MAX_DEPTH = 32;

const enum Tag {
	Null,
	False,
	True,
	Int,
	Number,
	Text,
	Seen,
	Uuid,
	Hex,
	Time,
	Base64,
	List,
	NewShape,
	Shape,
	/** A string seen before, a dot, and a whole number: `<game id>.<seq>`, an event's id. */
	Suffix,
	/** A public key's point, compressed (`p256-point.ts`), as base64url. */
	Point
}

/** Tags up to here; a first byte from `SEEN_BYTE` on is a string seen before, by its number. */
const SEEN_BYTE = 16;

/**
 * The strings both sides know before the first byte: the payloads' keys and words, so each
 * costs a byte. Fixed for `DENSE_MARK`: a reader of this mark reads them in this order.
 */
// prettier-ignore
const PRESET: readonly string[] = unique([
	// envelopes
	'app', 'muggins-league', 'kind', 'format', 'seal', 'key', 'sig',
	'card', 'invite', 'group', 'session', 'bundle', 'receipt',
	'game', 'events', 'signatures', 'cards', 'league', 'roster', 'server', 'address', 'joinCode',
	'groups', 'standings', 'at', 'index', 'code', 'held', 'incoming', 'place', 'played', 'points',
	'rows', 'won',
	// records
	'id', 'name', 'players', 'gameId', 'date', 'createdAt', 'updatedAt', 'deviceId', 'fingerprint',
	'finishedAt', 'leagueId', 'sessionId', 'options', 'target', 'rounds', 'result', 'endCause',
	'hands', 'ruleset', 'rulesetId', 'sides', 'label', 'total', 'winners', 'seats', 'signedAt',
	'status', 'voidReason', 'voidedAt', 'retiredAt', 'term', 'start', 'end', 'ownerKey', 'present',
	'studentId', 'lastPlayedAt', 'nameKey',
	// events
	'seq', 'event', 'redoOf', 'type', 'player', 'count', 'by', 'from', 'outcome', 'wentOut', 'pips',
	'tiles', 'dominoes', 'spinner', 'note', 'reason',
	...EVENT_TYPES, 'blocked', 'domino', ...PENALTY_KINDS,
	// signatures and games
	'playerId', 'strokes', 'typed', 'setAsideAt', 'setAsideReason', 'in-progress', 'finished',
	'classroom', 'udl', 'double-six', 'edge-muggins', 'fives-and-threes', 'block', 'draw',
	'overtime', 'disqualified'
]);

/** `words` without repeats, in order: each word has one number. */
function unique(words: readonly string[]): string[] {
	return [...new Set(words)];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX = /^(?:[0-9a-f]{2}){16,}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BASE64 = /^[A-Za-z0-9_-]{40,}$/;

function isTime(s: string): boolean {
	if (!TIME.test(s)) return false;
	const ms = Date.parse(s);
	return Number.isFinite(ms) && new Date(ms).toISOString() === s;
}

function hexBytes(s: string): Uint8Array {
	const out = new Uint8Array(s.length / 2);
	for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(i * 2, i * 2 + 2), 16);
	return out;
}

function hexOf(bytes: Uint8Array): string {
	let s = '';
	for (const b of bytes) s += b.toString(16).padStart(2, '0');
	return s;
}

function uuidOf(bytes: Uint8Array): string {
	const h = hexOf(bytes);
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The bytes of a base64url string that reads back as exactly itself, else null. */
function base64Bytes(s: string): Uint8Array | null {
	if (!BASE64.test(s)) return null;
	const bytes = fromBase64Url(s);
	return bytes && toBase64Url(bytes) === s ? bytes : null;
}

class Writer extends ByteWriter {
	private strings = new Map(PRESET.map((word, i) => [word, i]));
	private shapes = new Map<string, number>();
	private lastTime = 0;

	value(v: unknown): void {
		if (v === null) this.byte(Tag.Null);
		else if (v === false) this.byte(Tag.False);
		else if (v === true) this.byte(Tag.True);
		else if (typeof v === 'number') this.number(v);
		else if (typeof v === 'string') this.string(v);
		else if (Array.isArray(v)) {
			this.byte(Tag.List);
			this.uint(v.length);
			for (const x of v) this.value(x);
		} else if (typeof v === 'object') this.object(v as Record<string, unknown>);
		else throw new TypeError(`no JSON form for ${typeof v}`);
	}

	private number(n: number): void {
		// Zigzagged, a whole number takes twice its size: past 2^52 it goes as text.
		if (Number.isSafeInteger(n) && Math.abs(n) <= 2 ** 52 && !Object.is(n, -0)) {
			this.byte(Tag.Int);
			this.int(n);
		} else {
			this.byte(Tag.Number);
			this.text(JSON.stringify(n));
		}
	}

	private string(s: string): void {
		const seen = this.strings.get(s);
		if (seen !== undefined) {
			if (seen < 0x100 - SEEN_BYTE) this.byte(SEEN_BYTE + seen);
			else {
				this.byte(Tag.Seen);
				this.uint(seen);
			}
			return;
		}
		if (this.suffix(s)) return;
		this.strings.set(s, this.strings.size);
		if (UUID.test(s)) {
			this.byte(Tag.Uuid);
			this.raw(hexBytes(s.replace(/-/g, '')));
		} else if (HEX.test(s)) {
			this.byte(Tag.Hex);
			this.uint(s.length / 2);
			this.raw(hexBytes(s));
		} else if (isTime(s)) {
			const ms = Date.parse(s);
			this.byte(Tag.Time);
			this.int(ms - this.lastTime);
			this.lastTime = ms;
		} else {
			const bytes = base64Bytes(s);
			const point = bytes && compress(bytes);
			if (point) {
				this.byte(Tag.Point);
				this.raw(point);
			} else if (bytes) {
				this.byte(Tag.Base64);
				this.uint(bytes.length);
				this.raw(bytes);
			} else {
				this.byte(Tag.Text);
				this.text(s);
			}
		}
	}

	/** `s` as a string seen before, a dot and a number, when it is one (not remembered). */
	private suffix(s: string): boolean {
		const m = /^(.+)\.(0|[1-9]\d{0,14})$/.exec(s);
		const base = m?.[1] === undefined ? undefined : this.strings.get(m[1]);
		if (base === undefined || !m) return false;
		this.byte(Tag.Suffix);
		this.uint(base);
		this.uint(Number(m[2]));
		return true;
	}

	private object(o: Record<string, unknown>): void {
		const keys = Object.keys(o);
		const shape = JSON.stringify(keys);
		const seen = this.shapes.get(shape);
		if (seen !== undefined) {
			this.byte(Tag.Shape);
			this.uint(seen);
		} else {
			this.shapes.set(shape, this.shapes.size);
			this.byte(Tag.NewShape);
			this.uint(keys.length);
			for (const k of keys) this.string(k);
		}
		for (const k of keys) this.value(o[k]);
	}
}

class Reader extends ByteReader {
	private strings: string[] = [...PRESET];
	private shapes: string[][] = [];
	private lastTime = 0;
	/** About the length of the JSON read so far, to stop a small message unpacking to a huge one. */
	private size = 0;

	private grow(n: number): void {
		this.size += n;
		if (this.size > MAX_INFLATED) throw new TransferError('transfer-too-big');
	}

	private stringOf(tag: number): string | undefined {
		if (tag >= SEEN_BYTE) return this.seen(tag - SEEN_BYTE);
		switch (tag) {
			case Tag.Suffix: {
				const base = this.seen(this.uint());
				return `${base}.${this.uint()}`;
			}
			case Tag.Seen:
				return this.seen(this.uint());
			case Tag.Text:
				return this.remember(this.text());
			case Tag.Uuid:
				return this.remember(uuidOf(this.raw(16)));
			case Tag.Hex:
				return this.remember(hexOf(this.raw(this.count())));
			case Tag.Base64:
				return this.remember(toBase64Url(this.raw(this.count())));
			case Tag.Point: {
				const point = decompress(this.raw(33));
				if (!point) throw damaged('not a key');
				return this.remember(toBase64Url(point));
			}
			case Tag.Time: {
				this.lastTime += this.int();
				const d = new Date(this.lastTime);
				if (!Number.isFinite(d.getTime())) throw damaged('bad time');
				return this.remember(d.toISOString());
			}
			default:
				return undefined;
		}
	}

	private seen(i: number): string {
		const s = this.strings[i];
		if (s === undefined) throw damaged('unknown string');
		return s;
	}

	private remember(s: string): string {
		this.strings.push(s);
		return s;
	}

	private key(): string {
		const s = this.stringOf(this.byte());
		if (s === undefined) throw damaged('a key that is not text');
		return s;
	}

	value(depth = 0): unknown {
		if (depth > MAX_DEPTH) throw damaged('nested too deep');
		const tag = this.byte();
		this.grow(4);
		switch (tag) {
			case Tag.Null:
				return null;
			case Tag.False:
				return false;
			case Tag.True:
				return true;
			case Tag.Int:
				return this.int();
			case Tag.Number: {
				const n = Number(this.text());
				if (!Number.isFinite(n)) throw damaged('bad number');
				return n;
			}
			case Tag.List: {
				const n = this.count();
				const list: unknown[] = [];
				for (let i = 0; i < n; i++) list.push(this.value(depth + 1));
				return list;
			}
			case Tag.NewShape: {
				const n = this.count();
				const keys: string[] = [];
				for (let i = 0; i < n; i++) keys.push(this.key());
				this.shapes.push(keys);
				return this.fill(keys, depth);
			}
			case Tag.Shape: {
				const keys = this.shapes[this.uint()];
				if (!keys) throw damaged('unknown shape');
				return this.fill(keys, depth);
			}
		}
		const s = this.stringOf(tag);
		if (s === undefined) throw damaged('unknown tag');
		this.grow(s.length);
		return s;
	}

	/** An object with `keys`, each defined as its own property (a key `__proto__` included). */
	private fill(keys: readonly string[], depth: number): Record<string, unknown> {
		const o: Record<string, unknown> = {};
		for (const k of keys) {
			this.grow(k.length);
			setOwn(o, k, this.value(depth + 1));
		}
		return o;
	}
}

/** How the body after `DENSE_MARK` is kept: as written, or deflated when that is shorter. */
const enum Body {
	Plain,
	Deflated
}

/** `value` (plain JSON data) as dense bytes: `DENSE_MARK`, how the body is kept, the body. */
export async function encode(value: unknown): Promise<Uint8Array> {
	const w = new Writer();
	w.value(value);
	const plain = w.bytes();
	const deflated = await deflate(plain);
	const [how, body] =
		deflated.length < plain.length ? [Body.Deflated, deflated] : [Body.Plain, plain];
	const out = new Uint8Array(body.length + 2);
	out[0] = DENSE_MARK;
	out[1] = how;
	out.set(body, 2);
	return out;
}

/**
 * The JSON value dense `bytes` hold.
 * @throws TransferError `transfer-damaged` for bytes that are not a whole dense value,
 * `transfer-too-big` for one that unpacks past `MAX_INFLATED`
 */
export async function decode(bytes: Uint8Array): Promise<unknown> {
	if (bytes[0] !== DENSE_MARK) throw damaged('not dense');
	const how = bytes[1];
	const body = bytes.subarray(2);
	if (how !== Body.Plain && how !== Body.Deflated) throw damaged('unknown body');
	const r = new Reader(how === Body.Deflated ? await inflate(body) : body);
	const value = r.value();
	if (!r.done()) throw damaged('bytes after the end');
	return value;
}
