/**
 * Writing a game's log: append, undo, redo. Loaded with the first write (`games.append` and
 * the scorecard's `tap-writer.ts` import it), so a scorecard's first paint carries only what
 * reads a game.
 */
import Dexie, { type DBCoreTransaction } from 'dexie';
import type { GameEvent, NewGameEvent } from '$lib/rules/types';
import { canonicalJson } from '$lib/rules/canonical';
import { eventIdAt } from '$lib/rules/event-id';
import { timestamp } from './clock';
import { db, type MugginsDB } from './db';
import { deviceId } from './device';
import { DbError, guard } from './errors';
import { afterEvent, view, type GameView } from '$lib/card/game-view';
import { eventsOf } from './game-read';
import { redoable, replayRecords, step, undoable, type Replayed } from '$lib/card/log';
import { plain, toSetup, type EventRecord, type GameRecord } from '$lib/card/records';

/** A game after an event was stored, with that event. */
export interface Appended extends GameView {
	appended: EventRecord;
}

/** Overrides for tests and imports. */
export interface AppendOptions {
	/** Time of the event; the clock's when left out. */
	now?: string;
	/** The event's id; made of the game's id and its place in the log when left out. */
	id?: string;
	/**
	 * When the log already holds this event (the one with `id`, or without one, the same entry
	 * at the same time `now`), store nothing and return the game as it is: a write retried after
	 * a reload (`state/unstored.ts`) is stored once.
	 */
	once?: boolean;
}
/**
 * Whether `stored` is the entry a retried write brings: the event with `id`, or without one,
 * the same entry recorded at the same time (a person taps once a millisecond at most).
 */
function isEntry(stored: EventRecord, id: string | undefined, entry: NewGameEvent, at: string) {
	if (id !== undefined) return stored.event.id === id;
	return (
		stored.at === at && canonicalJson({ ...stored.event, id: undefined }) === canonicalJson(entry)
	);
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
 * Stores game `appended.gameId`'s log `held` (as read in the caller's `rw` transaction through
 * `source`) with `appended` after it. A `seq` other than the next one is refused, as the
 * `[gameId+seq]` key of the events table (before schema version 16) refused a second event at
 * one place: a `ConstraintError`, and nothing is stored.
 */
export async function putAppended(
	source: MugginsDB,
	held: readonly EventRecord[],
	appended: EventRecord
): Promise<void> {
	if (appended.seq !== (held.at(-1)?.seq ?? 0) + 1) {
		throw new Dexie.ConstraintError(`entry ${appended.seq} of game ${appended.gameId} is taken`);
	}
	await source.logs.put({ gameId: appended.gameId, events: [...held, appended] });
}

/**
 * Stores the event that `choose` picks from the game's replay, if the engine accepts it.
 *
 * One `rw` transaction over games and logs: it reads the log, replays it, applies the event,
 * and only then stores the log with it at the next `seq` and updates the game's status.
 * IndexedDB runs `rw` transactions over the same stores one after another, even from two tabs,
 * so the log read is the log written after; `putAppended` refuses a second event at one place
 * should that ever fail. Any throw aborts the transaction: nothing is stored.
 *
 * A signed card is locked: the check reads the game record inside this same transaction, so
 * no event can slip in between the last signature's commit and this write.
 */
async function write(
	gameId: string,
	opts: AppendOptions,
	choose: (replayed: Replayed) => { event: NewGameEvent; redoOf: string | null }
): Promise<Appended> {
	const device = await deviceId();
	const written = await guard(() =>
		db.transaction('rw', db.games, db.logs, async () => {
			const [record, events] = await Promise.all([mustGetForPut(gameId), eventsOf(gameId)]);
			if (record.signedAt !== null && !opts.once) throw new DbError('card-signed');
			const before = replayRecords(toSetup(record), events);
			const { event: chosen, redoOf } = choose(before);
			const at = timestamp(opts.now);
			const stored = opts.once ? events.find((e) => isEntry(e, opts.id, chosen, at)) : undefined;
			if (stored) return { log: { events, replayed: before }, updated: record, appended: stored };
			if (record.signedAt !== null) throw new DbError('card-signed');
			const seq = (events.at(-1)?.seq ?? 0) + 1;
			const event = { ...chosen, id: opts.id ?? eventIdAt(gameId, seq) } as GameEvent;
			const appended: EventRecord = {
				gameId,
				seq,
				event,
				at,
				deviceId: device,
				redoOf
			};
			const after = step(before, appended);
			const updated = afterEvent(record, after.state, at);
			// The game first: a write to the log before it would drop the read it reuses.
			await db.games.put(updated);
			await putAppended(db, events, appended);
			return { log: { events: [...events, appended], replayed: after }, updated, appended };
		})
	);
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
	return write(gameId, opts, () => ({ event: plain(event), redoOf: null }));
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
		return { event: { type: 'void', target: target.id }, redoOf: null };
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
		const { id, ...entry } = again;
		return { event: entry as NewGameEvent, redoOf: id };
	});
}
