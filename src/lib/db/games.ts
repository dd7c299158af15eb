import Dexie, { type DBCoreTransaction } from 'dexie';
import { RuleError } from '$lib/rules/errors';
import { checkTable, type Refusal } from '$lib/rules/game';
import { DEFAULT_RULESET, getRuleset } from '$lib/rules/rulesets';
import type {
	GameEvent,
	GameOptions,
	GameState,
	NewGameEvent,
	PlayerId,
	RulesetId
} from '$lib/rules/types';
import { timestamp } from './clock';
import { db, type MugginsDB } from './db';
import { deviceId } from './device';
import { DbError, guard } from './errors';
import { view, type GameView } from './game-view';
import { redoable, replayRecords, step, undoable, type Replayed } from './log';
import * as players from './players';
import {
	plain,
	statusOf,
	toSetup,
	type EventRecord,
	type GameRecord,
	type GameStatus
} from './records';

/** A player of a new game: a name (an existing player of that name, else a new one) or an id. */
export type PlayerRef = string | { id: PlayerId };

/** What starting a game needs. */
export interface NewGame {
	/** Defaults to the classroom rules. */
	ruleset?: RulesetId;
	/** In seat order (play goes to the left). */
	players: readonly PlayerRef[];
	/** Team play: the seats (0-based) of each side, e.g. `[[0, 2], [1, 3]]`. */
	sides?: readonly (readonly number[])[];
	/** Overrides of the ruleset's defaults (target, rounds). */
	options?: GameOptions;
	leagueId?: string | null;
	sessionId?: string | null;
	/** Creation time; the clock's when left out. */
	now?: string;
	/** The game's id; a random UUID when left out. */
	id?: string;
}

export type { GameView } from './game-view';

/** A game after an event was stored, with that event. */
export interface Appended extends GameView {
	appended: EventRecord;
}

/** Overrides for tests and imports. */
export interface AppendOptions {
	/** Time of the event; the clock's when left out. */
	now?: string;
	/** The event's id; a random UUID when left out. */
	id?: string;
	/**
	 * When the log already holds an event with `id`, store nothing and return the game as it
	 * is: a write retried after a reload (`game-writes.ts`) is stored once.
	 */
	once?: boolean;
}

/** The options a game is played with: the ones given, the ruleset's defaults for the rest. */
function snapshot(rulesetId: RulesetId, given: GameOptions | undefined): GameOptions {
	const ruleset = getRuleset(rulesetId);
	const options = plain(given ?? {});
	if (ruleset.target && options.target === undefined) options.target = ruleset.target.default;
	if (ruleset.rounds && options.rounds === undefined) options.rounds = ruleset.rounds.default;
	return options;
}

function sidesBySeat(seats: readonly PlayerId[], sides: NewGame['sides']): PlayerId[][] | null {
	if (sides === undefined || sides.length === 0) return null;
	return sides.map((side) =>
		side.map((seat) => {
			const id = seats[seat];
			if (id === undefined) throw new RuleError('bad-sides');
			return id;
		})
	);
}

async function seat(ref: PlayerRef, now: string): Promise<PlayerId> {
	if (typeof ref === 'string') return (await players.create(ref, { now })).id;
	return (await players.get(ref.id)).id;
}

/** A game's stored log and its replay, as this tab last wrote it. */
interface KnownLog {
	events: EventRecord[];
	replayed: Replayed;
}

/**
 * The logs this tab wrote last, the most recent last. A write checks the stored log's last
 * event against the one known here, and when they are the same event it reads one record
 * instead of the whole log and replays nothing: a tap then costs the same on the first hand
 * and the tenth. Another tab's write, an import or a restore changes the last event, and the
 * log is read and replayed afresh. `get` uses it only after `expectAppend`, for the write a
 * screen already shows; otherwise reads always read the store.
 */
const known = new Map<string, KnownLog>();
const KNOWN_GAMES = 8;

function remember(gameId: string, log: KnownLog): void {
	known.delete(gameId);
	known.set(gameId, log);
	for (const old of known.keys()) {
		if (known.size <= KNOWN_GAMES) break;
		known.delete(old);
	}
}

/** Per game, the id of the event whose write a screen already shows (`expectAppend`). */
const expecting = new Map<string, string>();

/**
 * Tells `get` that the next read of game `gameId` will find the event `eventId` this tab is
 * writing as its last one: the screen that painted it already holds that game, so when the
 * stored log ends with it and is the log this tab wrote, `get` reads two records and replays
 * nothing, instead of reading and replaying the whole log (the scorecard's live query, after
 * every tap). Any other last event, from another tab or a restore, is read afresh.
 */
export function expectAppend(gameId: string, eventId: string): void {
	expecting.set(gameId, eventId);
}

/** The last stored event of game `gameId`, or undefined for an empty log. */
function lastEventOf(gameId: string): Promise<EventRecord | undefined> {
	return db.events
		.where('[gameId+seq]')
		.between([gameId, Dexie.minKey], [gameId, Dexie.maxKey])
		.last();
}

/** Game `record`'s log and replay: the one known here if still current, else read afresh. */
async function logOf(record: GameRecord, last: EventRecord | undefined): Promise<KnownLog> {
	const mine = known.get(record.id);
	const myLast = mine?.events.at(-1);
	if (mine && myLast?.seq === last?.seq && myLast?.event.id === last?.event.id) return mine;
	const events = await eventsOf(record.id);
	return { events, replayed: replayRecords(toSetup(record), events) };
}

async function mustGet(gameId: string): Promise<GameRecord> {
	const record = await db.games.get(gameId);
	if (!record) throw new DbError('not-found', { what: 'game' });
	return record;
}

/**
 * Game `gameId` as stored, read inside the current read-write transaction the way Dexie's
 * `bulkUpdate` reads (with the transaction's cache), for a `put` of it that follows: Dexie's
 * observation of that write then knows the old value and wakes only the live queries of what
 * changed (this game; the status index when it finishes). A `put` without it counts as a
 * possible delete, which wakes every count on an index (the card list's, Home's) in every tab
 * at every score tap (issue 14). Any other write in between drops the cache: harmless, the
 * `put` then wakes as much as before.
 */
async function mustGetForPut(gameId: string): Promise<GameRecord> {
	const trans = Dexie.currentTransaction.idbtrans as unknown as DBCoreTransaction;
	const [record] = (await db.games.core.getMany({ trans, keys: [gameId], cache: 'clone' })) as [
		GameRecord | undefined
	];
	if (!record) throw new DbError('not-found', { what: 'game' });
	return record;
}

/**
 * Game `gameId`'s events in order, read through `source` (`signatures.ts` reads them through
 * its durable connection, inside its own transactions).
 */
export function eventsOf(gameId: string, source: MugginsDB = db): Promise<EventRecord[]> {
	return source.events
		.where('[gameId+seq]')
		.between([gameId, Dexie.minKey], [gameId, Dexie.maxKey])
		.toArray();
}

/**
 * Starts a game: seats the players (making the new names players), checks the table against
 * the ruleset (player count, teams, options), and stores the game with its options snapshot.
 * One `rw` transaction over players and games: a refused table leaves no new player behind.
 * @throws RuleError when the ruleset refuses the table (`player-count`, `bad-sides`, …)
 * @throws DbError `not-found` for an unknown player id, or a bad name (`name-required`, …)
 */
export async function create(input: NewGame): Promise<GameRecord> {
	const device = await deviceId();
	return guard(() =>
		db.transaction('rw', db.players, db.games, async () => {
			const at = timestamp(input.now);
			const seats: PlayerId[] = [];
			for (const ref of input.players) seats.push(await seat(ref, at));
			const rulesetId = input.ruleset ?? DEFAULT_RULESET;
			const record: GameRecord = {
				id: input.id ?? crypto.randomUUID(),
				rulesetId,
				options: snapshot(rulesetId, input.options),
				seats,
				sides: sidesBySeat(seats, input.sides),
				status: 'in-progress',
				createdAt: at,
				updatedAt: at,
				finishedAt: null,
				leagueId: input.leagueId ?? null,
				sessionId: input.sessionId ?? null,
				deviceId: device,
				voidedAt: null,
				voidReason: null,
				signedAt: null,
				fingerprint: null,
				result: null
			};
			checkTable(toSetup(record));
			await db.games.add(record);
			await players.markPlayed(seats, at);
			return record;
		})
	);
}

/**
 * Game `id` with its events and their replay, read in one transaction (a consistent snapshot
 * even while another tab appends).
 * @throws DbError `not-found`
 */
export async function get(id: string): Promise<GameView> {
	return guard(() =>
		db.transaction('r', db.games, db.events, async () => {
			const expected = expecting.get(id);
			if (expected !== undefined) {
				const [record, last] = await Promise.all([mustGet(id), lastEventOf(id)]);
				if (last?.event.id === expected) {
					expecting.delete(id);
					const { events, replayed } = await logOf(record, last);
					return view(record, events, replayed);
				}
			}
			const record = await mustGet(id);
			const events = await eventsOf(id);
			return view(record, events, replayRecords(toSetup(record), events));
		})
	);
}

/** The games with `status` (all games when left out), the newest first. */
export async function list(filter: { status?: GameStatus } = {}): Promise<GameRecord[]> {
	const { status } = filter;
	return guard(async () => {
		if (status === undefined) {
			const all = await db.games.toArray();
			return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
		}
		return db.games
			.where('[status+createdAt]')
			.between([status, Dexie.minKey], [status, Dexie.maxKey])
			.reverse()
			.toArray();
	});
}

/**
 * Stores the event that `choose` picks from the game's replay, if the engine accepts it.
 *
 * One `rw` transaction over games and events: it reads the log, replays it, applies the
 * event, and only then adds it at the next `seq` and updates the game's status. IndexedDB runs
 * `rw` transactions over the same stores one after another, even from two tabs, so the log
 * read is the log written after; the `[gameId+seq]` key refuses a second event at one place
 * should that ever fail. Any throw aborts the transaction: nothing is stored.
 *
 * A signed card is locked: the check reads the game record inside this same transaction, so
 * no event can slip in between the last signature's commit and this write.
 */
async function write(
	gameId: string,
	opts: { now?: string; once?: boolean },
	choose: (replayed: Replayed) => { event: GameEvent; redoOf: string | null }
): Promise<Appended> {
	const device = await deviceId();
	const written = await guard(() =>
		db.transaction('rw', db.games, db.events, async () => {
			const [record, last] = await Promise.all([mustGetForPut(gameId), lastEventOf(gameId)]);
			if (record.signedAt !== null && !opts.once) throw new DbError('card-signed');
			const { events, replayed: before } = await logOf(record, last);
			const { event, redoOf } = choose(before);
			const stored = opts.once ? events.find((e) => e.event.id === event.id) : undefined;
			if (stored) return { log: { events, replayed: before }, updated: record, appended: stored };
			if (record.signedAt !== null) throw new DbError('card-signed');
			const at = timestamp(opts.now);
			const appended: EventRecord = {
				gameId,
				seq: (events.at(-1)?.seq ?? 0) + 1,
				event,
				at,
				deviceId: device,
				redoOf
			};
			const after = step(before, appended);
			await db.events.add(appended);
			const status = statusOf(after.state);
			const finishedAt = status === 'in-progress' ? null : (record.finishedAt ?? at);
			const updated: GameRecord = { ...record, status, finishedAt, updatedAt: at };
			await db.games.put(updated);
			return { log: { events: [...events, appended], replayed: after }, updated, appended };
		})
	);
	// Only a committed write is remembered: an aborted one (a full disk) left the store as it was.
	remember(gameId, written.log);
	const { log, updated, appended } = written;
	return { ...view(updated, log.events, log.replayed), appended };
}

/**
 * Records `event` in game `gameId` if the rules accept it (see `write` for the transaction).
 * The game turns `finished` when the event ends it, and back to `in-progress` when a void
 * undoes its end.
 * @throws RuleError when the rules refuse the event (`count-not-scoring`, `game-over`, …);
 * nothing is stored
 * @throws DbError `card-signed` once every player signed the card, `not-found`,
 * `storage-full`, `db-closed`
 */
export async function append(
	gameId: string,
	event: NewGameEvent,
	opts: AppendOptions = {}
): Promise<Appended> {
	const id = opts.id ?? crypto.randomUUID();
	return write(gameId, opts, () => ({ event: { ...plain(event), id }, redoOf: null }));
}

/**
 * Undoes the last event still in effect, by recording a `void` of it; undoing again undoes
 * the one before. The undone event is then the result's `redoable` ("Undone: Ana 15", Redo).
 * @throws DbError `nothing-to-undo`, `card-signed`, `not-found`, `storage-full`, `db-closed`
 */
export async function undo(gameId: string, opts: AppendOptions = {}): Promise<Appended> {
	return write(gameId, opts, (replayed) => {
		const target = undoable(replayed);
		if (!target) throw new DbError('nothing-to-undo');
		const id = opts.id ?? crypto.randomUUID();
		return { event: { type: 'void', id, target: target.id }, redoOf: null };
	});
}

/**
 * Records again the event the last undo undid (a copy with a new id: the log stays
 * append-only). Available right after undos, in reverse order; recording anything else first
 * clears it.
 * @throws DbError `nothing-to-redo`, `card-signed`, `not-found`, `storage-full`, `db-closed`
 * @throws RuleError when the event no longer fits (e.g. the game ended meanwhile)
 */
export async function redo(gameId: string, opts: AppendOptions = {}): Promise<Appended> {
	return write(gameId, opts, (replayed) => {
		const again = redoable(replayed);
		if (!again) throw new DbError('nothing-to-redo');
		return { event: { ...again, id: opts.id ?? crypto.randomUUID() }, redoOf: again.id };
	});
}

/**
 * The logs of games `ids`, in the order given: all of them in one read transaction, one range
 * each, requested at once.
 */
export async function logsOf(ids: readonly string[]): Promise<EventRecord[][]> {
	if (ids.length === 0) return [];
	return guard(() =>
		db.transaction('r', db.events, () => Promise.all(ids.map((id) => eventsOf(id))))
	);
}
