/**
 * A card's log packed for a QR code: each event in a few bytes (issue 36). Inside a card, most
 * of an event is known from the card itself: its game, its place in the log, the phone that
 * recorded it, its players (by seat), and an id made of the game's id and its place
 * (`rules/event-id.ts`). Only what is not is written. `packCard` gives the card back unpacked
 * when its log is not exactly what `unpackCard` would rebuild, so packing never changes what
 * the players and the phone signed.
 */
import { canonicalJson } from '$lib/rules/canonical';
import { eventIdAt } from '$lib/rules/event-id';
import { ByteReader, ByteWriter, damaged, setOwn } from './byte-stream';
import { fromBase64Url, toBase64Url } from '$lib/card/keys';
import { resultOfEvents } from '$lib/card/game-check';
import type { EventRecord, GameRecord } from '$lib/card/records';
import { printsOf } from '$lib/card/seal';
import { TransferError } from './errors';

/**
 * The event types and penalty kinds by number, as packed logs and `dense.ts` write them: part
 * of the code format, so a new one goes at the end, never between.
 */
export const EVENT_TYPES = [
	'score',
	'muggins',
	'hand-end',
	'adjust',
	'correct',
	'time-up',
	'penalty',
	'end',
	'void'
] as const;
export const PENALTY_KINDS = ['slow-play', 'passed-could-play', 'bogus-play'] as const;

/** What an event's first byte says besides its type (low 4 bits). */
const enum Known {
	Id = 0x10,
	Device = 0x20,
	NoRedo = 0x40,
	NextSeq = 0x80
}

type Json = Record<string, unknown>;

/** What a packed log is read against: the card's game. */
interface Context {
	gameId: string;
	deviceId: unknown;
	seats: readonly string[];
	createdAt: number;
}

function contextOf(game: unknown): Context | null {
	if (typeof game !== 'object' || game === null) return null;
	const { id, deviceId, seats, createdAt } = game as Json;
	if (typeof id !== 'string' || typeof createdAt !== 'string') return null;
	if (!Array.isArray(seats) || !seats.every((s) => typeof s === 'string')) return null;
	const ms = Date.parse(createdAt);
	return Number.isFinite(ms) ? { gameId: id, deviceId, seats, createdAt: ms } : null;
}

class LogWriter extends ByteWriter {
	constructor(private readonly ctx: Context) {
		super();
	}

	/** A player: their seat, or past the seats, their id. */
	player(id: unknown): void {
		const seat = this.ctx.seats.indexOf(id as string);
		if (seat >= 0) return this.uint(seat);
		this.uint(this.ctx.seats.length);
		this.text(String(id));
	}

	/** An event's id: its place in the log when it is made of that, else its text (place 0). */
	ref(id: unknown): void {
		const m = typeof id === 'string' ? /^(.*)\.([1-9]\d{0,14})$/.exec(id) : null;
		if (m && m[1] === this.ctx.gameId) return this.uint(Number(m[2]));
		this.uint(0);
		this.text(String(id));
	}
}

class LogReader extends ByteReader {
	constructor(
		bytes: Uint8Array,
		private readonly ctx: Context
	) {
		super(bytes);
	}

	player(): string {
		const seat = this.uint();
		return this.ctx.seats[seat] ?? this.text();
	}

	ref(): string {
		const seq = this.uint();
		return seq === 0 ? this.text() : eventIdAt(this.ctx.gameId, seq);
	}
}

function writeEvent(w: LogWriter, e: Json): void {
	switch (e.type) {
		case 'score':
			w.player(e.player);
			return w.int(e.count as number);
		case 'muggins':
			w.player(e.by);
			w.player(e.from);
			return w.int(e.count as number);
		case 'hand-end': {
			const flags =
				(e.outcome === 'domino' ? 1 : 0) | ('wentOut' in e ? 2 : 0) | ('spinner' in e ? 4 : 0);
			w.uint(flags);
			if ('wentOut' in e) w.player(e.wentOut);
			if ('spinner' in e) w.text(String(e.spinner));
			const hands = Object.entries(e.hands as Json);
			w.uint(hands.length);
			for (const [player, held] of hands) {
				w.player(player);
				const h = held as Json;
				if (Array.isArray(h.dominoes)) {
					w.uint(0);
					w.uint(h.dominoes.length);
					for (const d of h.dominoes) w.text(String(d));
				} else {
					w.uint((h.tiles as number) + 1);
					w.uint(h.pips as number);
				}
			}
			return;
		}
		case 'adjust':
		case 'correct':
			w.player(e.player);
			w.int(e.points as number);
			return w.text(String(e.note));
		case 'penalty':
			w.player(e.player);
			return w.uint(PENALTY_KINDS.indexOf(e.kind as (typeof PENALTY_KINDS)[number]));
		case 'end':
			w.uint('reason' in e ? 1 : 0);
			if ('reason' in e) w.text(String(e.reason));
			return;
		case 'void':
			return w.ref(e.target);
	}
}

function readEvent(r: LogReader, type: (typeof EVENT_TYPES)[number], id: string): Json {
	const e: Json = { id, type };
	switch (type) {
		case 'score':
			e.player = r.player();
			e.count = r.int();
			break;
		case 'muggins':
			e.by = r.player();
			e.from = r.player();
			e.count = r.int();
			break;
		case 'hand-end': {
			const flags = r.uint();
			e.outcome = flags & 1 ? 'domino' : 'blocked';
			if (flags & 2) e.wentOut = r.player();
			if (flags & 4) e.spinner = r.text();
			const hands: Json = {};
			for (let n = r.count(); n > 0; n--) {
				const player = r.player();
				const tiles = r.uint();
				if (tiles === 0) {
					const dominoes: string[] = [];
					for (let k = r.count(); k > 0; k--) dominoes.push(r.text());
					setOwn(hands, player, { dominoes });
				} else setOwn(hands, player, { pips: r.uint(), tiles: tiles - 1 });
			}
			e.hands = hands;
			break;
		}
		case 'adjust':
		case 'correct':
			e.player = r.player();
			e.points = r.int();
			e.note = r.text();
			break;
		case 'penalty': {
			e.player = r.player();
			const kind = PENALTY_KINDS[r.uint()];
			if (!kind) throw damaged('unknown penalty');
			e.kind = kind;
			break;
		}
		case 'end':
			if (r.uint()) e.reason = r.text();
			break;
		case 'void':
			e.target = r.ref();
			break;
	}
	return e;
}

/** The log `events` of the card whose game gives `ctx`, packed. */
function pack(events: readonly Json[], ctx: Context): Uint8Array {
	const w = new LogWriter(ctx);
	let seq = 0;
	let at = ctx.createdAt;
	w.uint(events.length);
	for (const record of events) {
		const e = record.event as Json;
		const type = EVENT_TYPES.indexOf(e.type as (typeof EVENT_TYPES)[number]);
		const next = record.seq === seq + 1;
		const derived = e.id === eventIdAt(ctx.gameId, record.seq as number);
		const device = record.deviceId === ctx.deviceId;
		const noRedo = record.redoOf === null;
		w.byte(
			type |
				(derived ? Known.Id : 0) |
				(device ? Known.Device : 0) |
				(noRedo ? Known.NoRedo : 0) |
				(next ? Known.NextSeq : 0)
		);
		seq = record.seq as number;
		if (!next) w.uint(seq);
		const ms = Date.parse(record.at as string);
		w.int(ms - at);
		at = ms;
		if (!device) w.text(String(record.deviceId));
		if (!noRedo) w.ref(record.redoOf);
		if (!derived) w.text(String(e.id));
		writeEvent(w, e);
	}
	return w.bytes();
}

/** The log packed by `pack`, rebuilt. @throws TransferError `transfer-damaged` */
function unpack(bytes: Uint8Array, ctx: Context): Json[] {
	const r = new LogReader(bytes, ctx);
	const events: Json[] = [];
	let seq = 0;
	let at = ctx.createdAt;
	for (let n = r.count(); n > 0; n--) {
		const first = r.byte();
		const type = EVENT_TYPES[first & 0x0f];
		if (!type) throw damaged('unknown event');
		seq = first & Known.NextSeq ? seq + 1 : r.uint();
		at += r.int();
		const time = new Date(at);
		if (!Number.isFinite(time.getTime())) throw damaged('bad time');
		const deviceId = first & Known.Device ? ctx.deviceId : r.text();
		const redoOf = first & Known.NoRedo ? null : r.ref();
		const id = first & Known.Id ? eventIdAt(ctx.gameId, seq) : r.text();
		const event = readEvent(r, type, id);
		events.push({ gameId: ctx.gameId, seq, event, at: time.toISOString(), deviceId, redoOf });
	}
	if (!r.done()) throw damaged('bytes after the log');
	return events;
}

/** What a packed card's game holds in place of a field rebuilt from the card. */
const REBUILT = '=';

/**
 * The fields of a card's game made from its log: its fingerprint (what the players signed) and
 * its result. Left out of a packed card when they are exactly what they are made from.
 */
const MADE = {
	fingerprint: (game: GameRecord, events: EventRecord[]) => printsOf(game)(events),
	result: (game: GameRecord, events: EventRecord[]) => resultOfEvents(game, events)
} as const;

/**
 * `card` (an object with a `game` and its `events`) with its log packed into a base64url
 * string and its game's made fields left out, or `card` itself when the packed card would not
 * rebuild it exactly.
 */
export function packCard(card: Json): Json {
	const ctx = contextOf(card.game);
	const events = card.events;
	if (!ctx || !Array.isArray(events)) return card;
	try {
		const game = { ...(card.game as Json) };
		for (const [field, make] of Object.entries(MADE)) {
			const made = make(card.game as GameRecord, events as EventRecord[]);
			if (canonicalJson(made) === canonicalJson(game[field])) game[field] = REBUILT;
		}
		const signatures = Array.isArray(card.signatures)
			? card.signatures.map((sig: Json) =>
					game.fingerprint === REBUILT && sig.fingerprint === (card.game as Json).fingerprint
						? { ...sig, fingerprint: REBUILT }
						: sig
				)
			: card.signatures;
		const log = toBase64Url(pack(events as Json[], ctx));
		const packed = { ...card, game, events: log, signatures };
		return canonicalJson(unpackCard(packed)) === canonicalJson(card) ? packed : card;
	} catch {
		// A card this form has no way for (a hand-made one): sent as it is.
		return card;
	}
}

/**
 * `card` with a packed log (`packCard`) unpacked; any other value as it is.
 * @throws TransferError `transfer-damaged` for a packed log that cannot be read
 */
export function unpackCard(card: unknown): unknown {
	if (typeof card !== 'object' || card === null) return card;
	const { events, game } = card as Json;
	if (typeof events !== 'string') return card;
	const ctx = contextOf(game);
	const bytes = fromBase64Url(events);
	if (!ctx || !bytes) throw damaged('a packed log without its game');
	const log = unpack(bytes, ctx);
	const rebuilt = { ...(game as Json) };
	for (const [field, make] of Object.entries(MADE)) {
		if (rebuilt[field] !== REBUILT) continue;
		try {
			rebuilt[field] = make(rebuilt as unknown as GameRecord, log as unknown as EventRecord[]);
		} catch (e) {
			throw new TransferError('transfer-damaged', { detail: `game.${field}` }, { cause: e });
		}
	}
	const { signatures } = card as Json;
	return {
		...(card as Json),
		game: rebuilt,
		events: log,
		// A signature of the card as it is: its fingerprint is the game's, made above.
		signatures: Array.isArray(signatures)
			? signatures.map((sig: unknown) =>
					typeof sig === 'object' && sig !== null && (sig as Json).fingerprint === REBUILT
						? { ...(sig as Json), fingerprint: rebuilt.fingerprint }
						: sig
				)
			: signatures
	};
}

/** A card's or a bundle's logs packed (`packCard`); any other payload as it is. */
export function packLogs(payload: Json): Json {
	if (payload.kind === 'card') return packCard(payload);
	if (payload.kind === 'bundle' && Array.isArray(payload.cards)) {
		return { ...payload, cards: payload.cards.map((c: Json) => packCard(c)) };
	}
	return payload;
}

/**
 * What `packLogs` packed, unpacked: the value read from a code, before it is checked.
 * @throws TransferError `transfer-damaged` for a packed log that cannot be read
 */
export function unpackLogs(value: unknown): unknown {
	const top = unpackCard(value);
	if (typeof top !== 'object' || top === null) return top;
	const { cards } = top as Json;
	if (!Array.isArray(cards)) return top;
	return { ...(top as Json), cards: cards.map(unpackCard) };
}
