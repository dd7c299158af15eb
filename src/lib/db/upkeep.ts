/**
 * Keeps the derived tables equal to what `games`, `logs` and `signatures` imply, in the same
 * transaction as every write to them: a Dexie DBCore middleware that both database
 * connections install (`db.ts`). It keeps
 * - `contributions` (schema version 6): what each counted card adds to its league's standings,
 *   spread over pages (`card/contributions.ts` says why), rewritten when a game's record
 *   changes whether or what it counts;
 * - `verdicts` (schema version 8): whether each signed card's events still hash to the
 *   fingerprint every player signed (`card/verdicts.ts`), judged again when its record, log
 *   or signatures change;
 * - `figures` (schema version 12, issue 41): what each counted card says about each student
 *   who played it (`card/figures.ts`), written with the verdict from the same replay of its
 *   log, exactly while the card counts, so the insights' pages never replay a league.
 * - `studentTotals` and `dayTotals` (schema version 15, issue 41): those figures added up per
 *   student and per day of a league (`totals-upkeep.ts`), so the insights page reads one
 *   record per student instead of every counted card.
 *
 * Why a middleware and not a line in each verb: whether and what a card counts changes with
 * sign-off, reopening, void and restore, attaching a game to a league, cards received, backup
 * restores (merge and replace), deleting a league, and whatever writes games next. Each of
 * them keeping the derived tables too would leave the standings wrong the day one forgets; here
 * no write can skip them, and none can commit without them. Pages then read them instead of
 * hashing a league (which took seconds at a school's scale).
 *
 * How: every read-write transaction that includes one of the watched tables includes the
 * derived ones too (IndexedDB fixes a transaction's tables when it starts). A write first finds
 * the games it touches (reading the records it replaces or deletes when needed), goes ahead,
 * then rewrites the contribution pages that changed and judges each touched game as it now is,
 * writing only the verdicts that differ. Only a game locked with its result counts or has a
 * verdict, so a write that leaves a game the transaction already showed unlocked unlocked is
 * passed on as it is: a score tap, which reads its game first, costs no read, no hashing and no
 * write here (`UpkeepCache`). Writes within one transaction take turns, so two never rewrite
 * one derived record from the same stale copy.
 *
 * Chained with `then`, never `await`: Dexie follows its transaction through the `then` of its
 * own promises, and the middlewares below this one read it, while an `await` can lose it.
 */
import Dexie, {
	type DBCore,
	type DBCoreKeyRange,
	type DBCoreMutateRequest,
	type DBCoreMutateResponse,
	type DBCoreTable,
	type DBCoreTransaction,
	type Middleware
} from 'dexie';
import { changeOf, editPages, pagesTouched, type Change } from '$lib/card/contributions';
import { figuresOf, stateOf } from '$lib/card/figures';
import { lockedWithResult } from '$lib/card/locked';
import type {
	ContributionPageRecord,
	EventRecord,
	FiguresRecord,
	GameRecord,
	GameSignaturesRecord,
	LogRecord,
	SignatureRecord,
	VerdictRecord
} from '$lib/card/records';
import { sameVerdict, verdictOf } from '$lib/card/verdicts';
import type { GameState } from '$lib/rules/types';
import { failed, keepTotals, type TotalsTables } from './totals-upkeep';
import type { VouchedPrint } from '$lib/card/incoming-check';
import { UpkeepCache } from './upkeep-cache';

const GAMES = 'games';
const LOGS = 'logs';
/** Before version 16 (an upgrade from an older one running), each event was a record here. */
const EVENTS = 'events';
/** Before version 17, each signature was a record here. */
const SIGNATURES = 'signatures';
/** A game's signatures, one record per game (version 17). */
const GAME_SIGNATURES = 'gameSignatures';
const CONTRIBUTIONS = 'contributions';
const VERDICTS = 'verdicts';
const FIGURES = 'figures';
const STUDENT_TOTALS = 'studentTotals';
const DAY_TOTALS = 'dayTotals';
const SESSIONS = 'sessions';
const WATCHED = [GAMES, LOGS, SIGNATURES, GAME_SIGNATURES];

/** Dexie's `DBCoreRangeType` values (a const enum, which cannot be imported at run time). */
const EQUAL = 1;
const RANGE = 2;
const WHOLE_TABLE = 3;

/** The one cache of the upkeep, per transaction. */
const cache = new UpkeepCache();

/**
 * Tells the upkeep that `print` is the fingerprint of canonical card text `text`, within the
 * current read-write transaction: a writer that hashed a card (a signature) spares the upkeep
 * hashing it again to judge it. Call it inside `db.transaction`.
 */
export function notePrint(text: string, print: string): void {
	const trans = Dexie.currentTransaction?.idbtrans as unknown as DBCoreTransaction | undefined;
	if (trans) cache.notePrint(trans, text, print);
}

/**
 * Tells the upkeep, within the current read-write transaction, the fingerprints of cards its
 * writer is about to add, each taken over that very game record with that very log record (a
 * restore checked and hashed each card of the file before staging it): a game added with that
 * log is judged without hashing it again. Any other write to the game or its log in between,
 * and the word is not taken. Call it inside `db.transaction`.
 */
export function vouchPrints(prints: readonly VouchedPrint[]): void {
	const trans = Dexie.currentTransaction?.idbtrans as unknown as DBCoreTransaction | undefined;
	if (trans) cache.vouch(trans, prints);
}

/**
 * Leaves the contributions and the totals of the current read-write transaction's writes to its
 * writer, which works them out from the store once it is done (`rebuild.ts`): a restore onto an
 * empty device, whose batches each touched every page and every day of a league (issue 39: at
 * 100 classes, rewriting them was a quarter of the restore's time and most of its peak heap).
 * The verdicts and figures, a game's own, are kept as ever. Call it inside `db.transaction`.
 */
export function leaveLeagueWide(): void {
	const trans = Dexie.currentTransaction?.idbtrans as unknown as DBCoreTransaction | undefined;
	if (trans) cache.leaveLeagueWide(trans);
}

/** The tables the upkeep reads and writes, below it; null where the schema has none yet. */
interface Tables {
	games: DBCoreTable;
	/** The logs; null before version 16, whose upgrade moves `events` into them. */
	logs: DBCoreTable | null;
	events: DBCoreTable | null;
	/** Each signature a record: before version 17, whose upgrade moves them into `gameSignatures`. */
	signatures: DBCoreTable | null;
	gameSignatures: DBCoreTable | null;
	contributions: DBCoreTable | null;
	verdicts: DBCoreTable | null;
	figures: DBCoreTable | null;
	/** The totals per student and per day, and the sessions that date them (version 15). */
	totals: TotalsTables | null;
}

/** The totals' tables, unless the schema has none yet or `trans`'s writer works them out. */
function totalsOf(t: Tables, trans: DBCoreTransaction): TotalsTables | null {
	return cache.leagueWideLeft(trans) ? null : t.totals;
}

function equal(key: unknown): DBCoreKeyRange {
	return { type: EQUAL, lower: key, upper: key, lowerOpen: false, upperOpen: false };
}

/**
 * The ids of the games whose records, logs or signatures `req` on `table` writes (a log's key,
 * and a game's signatures' key, is its game's id).
 */
function touched(table: string, req: DBCoreMutateRequest): string[] | null {
	if (req.type === 'add' || req.type === 'put') {
		return req.values.map((v: GameRecord | LogRecord | SignatureRecord | GameSignaturesRecord) =>
			'gameId' in v ? v.gameId : v.id
		);
	}
	if (req.type === 'delete' && table !== SIGNATURES) return req.keys as string[];
	return null;
}

/** A signature put under an existing id could move it to another game: that one too. */
function movesSignature(name: string, req: DBCoreMutateRequest): boolean {
	return name === SIGNATURES && req.type === 'put';
}

/**
 * Whether `req` on watched table `name` leaves every game it touches uncounted and without a
 * verdict, before and after: a game added or put unlocked that this transaction already showed
 * unlocked (a score tap), or events and signatures of such games.
 */
function changesNothing(name: string, req: DBCoreMutateRequest): boolean {
	const unlockedAfter =
		name !== GAMES ||
		req.type === 'delete' ||
		((req.type === 'put' || req.type === 'add') &&
			req.values.every((v: GameRecord) => !lockedWithResult(v)));
	// A game added is new: nothing counted or was judged under its id before.
	if (name === GAMES && req.type === 'add') return unlockedAfter;
	const ids = touched(name, req);
	return (
		ids !== null && unlockedAfter && !movesSignature(name, req) && cache.unlocked(req.trans, ids)
	);
}

/**
 * What a write to `games` replaces or deletes, read first: the records (for the
 * contributions), and the ids of every game it touches (for the verdicts). Games this
 * transaction already showed unlocked are not read: they counted nowhere.
 */
function gamesBefore(
	games: DBCoreTable,
	req: DBCoreMutateRequest
): Promise<{ old: GameRecord[]; ids: string[] }> {
	const { trans } = req;
	if (req.type === 'add') {
		return Promise.resolve({ old: [], ids: req.values.map((v: GameRecord) => v.id) });
	}
	if (req.type === 'deleteRange') {
		const query = { index: games.schema.primaryKey, range: req.range };
		return games.query({ trans, values: true, query }).then(({ result }) => {
			const old = result as GameRecord[];
			return { old, ids: old.map((g) => g.id) };
		});
	}
	const keys: string[] = req.type === 'put' ? req.values.map((v: GameRecord) => v.id) : req.keys;
	if (cache.unlocked(trans, keys)) return Promise.resolve({ old: [], ids: keys });
	return games.getMany({ trans, keys }).then((found: (GameRecord | undefined)[]) => {
		cache.read(trans, keys, found);
		return { old: found.filter((g): g is GameRecord => g !== undefined), ids: keys };
	});
}

/**
 * The games a write to `logs` or `signatures` touches: from the request when it says,
 * otherwise from the records it is about to delete or replace, read first.
 */
function othersBefore(
	core: DBCoreTable,
	name: string,
	req: DBCoreMutateRequest
): Promise<string[]> {
	const { trans } = req;
	const known = touched(name, req);
	if (known && !movesSignature(name, req)) return Promise.resolve(known);
	const read =
		req.type === 'deleteRange'
			? core
					.query({
						trans,
						// A log's key (a game's signatures' too) is its game's id: the keys say.
						values: name === SIGNATURES,
						query: { index: core.schema.primaryKey, range: req.range }
					})
					.then(({ result }) => result)
			: core.getMany({
					trans,
					keys: req.type === 'delete' ? req.keys : req.values.map((v: SignatureRecord) => v.id)
				});
	return read.then((found: unknown[]) => {
		const ids = [...(known ?? [])];
		for (const item of found) {
			if (item === undefined) continue;
			if (typeof item === 'string') ids.push(item);
			else ids.push((item as SignatureRecord).gameId);
		}
		return ids;
	});
}

/** How `req` to `games`, which `res` answered, changed contributions; `old` as read before. */
function contributionChanges(
	req: DBCoreMutateRequest,
	res: DBCoreMutateResponse,
	old: readonly GameRecord[]
): Change[] {
	const was = new Map(old.map((g) => [g.id, g]));
	const changes: (Change | null)[] = [];
	if (req.type === 'add' || req.type === 'put') {
		req.values.forEach((game: GameRecord, i) => {
			// A write that failed (a bulkAdd's existing id) left the record as it was.
			if (res.failures[i] === undefined) changes.push(changeOf(game.id, was.get(game.id), game));
		});
	} else {
		for (const game of old) changes.push(changeOf(game.id, game, undefined));
	}
	return changes.filter((c): c is Change => c !== null);
}

/** Rewrites the contribution pages `changes` touch, in `trans`. */
function rewritePages(
	pages: DBCoreTable,
	trans: DBCoreTransaction,
	changes: Change[]
): Promise<void> {
	if (changes.length === 0) return Promise.resolve();
	const keys = pagesTouched(changes);
	return pages.getMany({ trans, keys }).then((held: (ContributionPageRecord | undefined)[]) => {
		const stored = held.filter((p): p is ContributionPageRecord => p !== undefined);
		const { put, emptied } = editPages(stored, changes);
		return pages
			.mutate({ trans, type: 'put', values: put })
			.then(failed)
			.then(() => pages.mutate({ trans, type: 'delete', keys: emptied }))
			.then(failed);
	});
}

/** A game's verdict as it now is, with the replay of the events it was judged on. */
interface Judged {
	verdict: VerdictRecord | null;
	state: GameState | null;
}

const NOT_JUDGED: Judged = { verdict: null, state: null };

/** A game's events (in order) and signatures, as they now are in a transaction. */
interface Log {
	events: EventRecord[];
	signatures: SignatureRecord[];
}

function rangeOf(lower: unknown, upper: unknown): DBCoreKeyRange {
	return { type: RANGE, lower, upper, lowerOpen: false, upperOpen: false };
}

/** The events of games `ids`, each in order, as they now are in `trans`. */
function eventsOfGames(
	t: Tables,
	trans: DBCoreTransaction,
	ids: string[]
): Promise<EventRecord[][]> {
	if (t.logs) {
		const logs = t.logs;
		// Logs this transaction added are known as they are (`UpkeepCache.writingLogs`): a
		// restore's batch does not read back what it has just written.
		const known = ids.map((id) => cache.addedLog(trans, id));
		const unknown = ids.filter((_, i) => known[i] === undefined);
		const read =
			unknown.length === 0 ? Promise.resolve([]) : logs.getMany({ trans, keys: unknown });
		return read.then((found: (LogRecord | undefined)[]) => {
			let j = 0;
			return known.map((events) => [...(events ?? found[j++]?.events ?? [])]);
		});
	}
	// An upgrade before version 16: each of a game's events is a record of `events`.
	const events = t.events!;
	return Promise.all(
		ids.map((id) =>
			events
				.query({
					trans,
					values: true,
					query: {
						index: events.schema.primaryKey,
						range: rangeOf([id, Dexie.minKey], [id, Dexie.maxKey])
					}
				})
				.then(({ result }) => result as EventRecord[])
		)
	);
}

/**
 * The signatures of games `ids` as they now are in `trans`: a record a game (version 17); before
 * it, in an upgrade from an older version, a read per game.
 */
function signaturesOf(
	t: Tables,
	trans: DBCoreTransaction,
	ids: string[]
): Promise<SignatureRecord[][]> {
	if (t.gameSignatures) {
		return t.gameSignatures
			.getMany({ trans, keys: ids })
			.then((found: (GameSignaturesRecord | undefined)[]) => found.map((g) => g?.signatures ?? []));
	}
	const rows = t.signatures!;
	const index = rows.schema.getIndexByKeyPath('gameId')!;
	return Promise.all(
		ids.map((id) =>
			rows
				.query({ trans, values: true, query: { index, range: equal(id) } })
				.then(({ result }) => result as SignatureRecord[])
		)
	);
}

/**
 * The logs and signatures of games `records` as they now are in `trans`: the signatures their
 * writer vouched for (`UpkeepCache.vouchedSignatures`) are not read back.
 */
function logsOf(
	t: Tables,
	trans: DBCoreTransaction,
	records: readonly GameRecord[]
): Promise<Map<string, Log>> {
	const ids = records.map((r) => r.id);
	const known = records.map((r) => cache.vouchedSignatures(trans, r));
	const unknown = ids.filter((_, i) => known[i] === undefined);
	const read = unknown.length === 0 ? Promise.resolve([]) : signaturesOf(t, trans, unknown);
	return Promise.all([eventsOfGames(t, trans, ids), read]).then(([events, found]) => {
		let j = 0;
		return new Map(
			ids.map((id, i) => [id, { events: events[i]!, signatures: [...(known[i] ?? found[j++]!)] }])
		);
	});
}

/** Game `record` judged against its `log` as it now is in `trans`. */
function judgeOne(trans: DBCoreTransaction, record: GameRecord, log: Log): Judged {
	// One replay for both: the verdict's hands and the card's figures.
	const state = stateOf(record, log.events);
	const whole = cache.vouchedPrint(trans, record);
	return {
		verdict: verdictOf(record, log.events, log.signatures, cache.prints(trans), state, whole),
		state
	};
}

/**
 * Judges games `ids` as they now are in `trans` and writes the verdicts that differ. Each
 * judged game's figures are written again from the same replay (a void or a correction changes
 * them, not the verdict), and go when the card stops counting: a card has figures only while it
 * has a verdict.
 * @param added games this write added, by id (their adds succeeded): each had no record before,
 * so no verdict and no figures either; they are judged as added, without reading anything back
 * @param gamesWritten the write was to `games`; otherwise the games' records are as they were,
 * and one not locked with its result had no verdict and no figures and still has none (a
 * restore's logs, written before their games, cost one read of those games and no more)
 */
function rejudge(
	t: Tables,
	trans: DBCoreTransaction,
	ids: string[],
	added: ReadonlyMap<string, GameRecord> = new Map(),
	gamesWritten = true
): Promise<void> {
	const verdicts = t.verdicts;
	const keys = [...new Set(ids)];
	if (!verdicts || keys.length === 0) return Promise.resolve();
	const toRead = keys.filter((k) => !added.has(k));
	const read = toRead.length === 0 ? Promise.resolve([]) : t.games.getMany({ trans, keys: toRead });
	return read.then((found: (GameRecord | undefined)[]) => {
		cache.read(trans, toRead, found);
		let j = 0;
		const records = keys.map((k) => added.get(k) ?? found[j++]);
		// The keys whose verdict and figures may be held: not added, and (but after a write to
		// `games`) locked with the result.
		const held = keys.filter(
			(k, i) =>
				!added.has(k) &&
				(gamesWritten || (records[i] !== undefined && lockedWithResult(records[i])))
		);
		if (held.length === 0 && records.every((r) => r === undefined || !lockedWithResult(r))) {
			return Promise.resolve();
		}
		// The figures as they were, before this rejudge writes any: the totals take them out.
		const hadFigures =
			t.figures && totalsOf(t, trans) && held.length > 0
				? t.figures.getMany({ trans, keys: held })
				: Promise.resolve([]);
		const heldVerdicts =
			held.length > 0 ? verdicts.getMany({ trans, keys: held }) : Promise.resolve([]);
		return Promise.all([heldVerdicts, hadFigures]).then(
			([heldFound, had]: [(VerdictRecord | undefined)[], (FiguresRecord | undefined)[]]) => {
				const at = new Map(held.map((k, i) => [k, i]));
				const heldOf = (k: string) => {
					const i = at.get(k);
					return i === undefined ? undefined : heldFound[i];
				};
				const locked = records.filter(
					(r): r is GameRecord => r !== undefined && lockedWithResult(r)
				);
				return logsOf(t, trans, locked).then((logs) =>
					write(t, trans, keys, records, keys.map(heldOf), had, logs)
				);
			}
		);
	});
}

/**
 * Writes what judging games `keys` (their `records` as they now are, their verdicts as `held`,
 * their figures as `had`, their `logs`) changes: verdicts, figures and their totals.
 */
function write(
	t: Tables,
	trans: DBCoreTransaction,
	keys: readonly string[],
	records: readonly (GameRecord | undefined)[],
	held: readonly (VerdictRecord | undefined)[],
	had: readonly (FiguresRecord | undefined)[],
	read: ReadonlyMap<string, Log>
): Promise<void> {
	const verdicts = t.verdicts!;
	const all = records.map((record) => {
		const log = record && read.get(record.id);
		return record && log ? judgeOne(trans, record, log) : NOT_JUDGED;
	});
	const put: VerdictRecord[] = [];
	const gone: string[] = [];
	const figures: FiguresRecord[] = [];
	const noFigures: string[] = [];
	all.forEach(({ verdict: v, state }, i) => {
		const record = records[i];
		const kept = v && record ? figuresOf(record, state, v.changed === 1) : null;
		if (kept) figures.push(kept);
		else if (held[i]) noFigures.push(keys[i]!);
		const unchanged = sameVerdict(held[i], v);
		if (unchanged) return;
		if (v) put.push(v);
		else gone.push(keys[i]!);
	});
	const writes: Promise<void>[] = [];
	if (put.length > 0)
		writes.push(verdicts.mutate({ trans, type: 'put', values: put }).then(failed));
	if (gone.length > 0)
		writes.push(verdicts.mutate({ trans, type: 'delete', keys: gone }).then(failed));
	if (t.figures && figures.length > 0)
		writes.push(t.figures.mutate({ trans, type: 'put', values: figures }).then(failed));
	if (t.figures && noFigures.length > 0)
		writes.push(t.figures.mutate({ trans, type: 'delete', keys: noFigures }).then(failed));
	const totals = totalsOf(t, trans);
	if (totals) writes.push(retotal(totals, trans, had, figures));
	return Promise.all(writes).then(() => undefined);
}

/**
 * The totals after a rejudge of games whose figures were `had` (read before it wrote any) and
 * are now `now` (a game left out of `now` has none): a card whose figures did not change is
 * left out.
 */
function retotal(
	totals: TotalsTables,
	trans: DBCoreTransaction,
	had: readonly (FiguresRecord | undefined)[],
	now: readonly FiguresRecord[]
): Promise<void> {
	const before = new Map(had.flatMap((f) => (f ? [[f.gameId, f]] : [])));
	const after: FiguresRecord[] = [];
	for (const f of now) {
		const old = before.get(f.gameId);
		if (old && JSON.stringify(old) === JSON.stringify(f)) before.delete(f.gameId);
		else after.push(f);
	}
	return keepTotals(totals, trans, [...before.values()], after);
}

/** Every derived record goes with every game (a restore that replaces everything). */
function clearDerived(t: Tables, trans: DBCoreTransaction, range: DBCoreKeyRange): Promise<void> {
	const derived = [
		t.contributions,
		t.verdicts,
		t.figures,
		t.totals?.studentTotals ?? null,
		t.totals?.dayTotals ?? null
	].filter((d): d is DBCoreTable => d !== null);
	return Promise.all(
		derived.map((d) => d.mutate({ trans, type: 'deleteRange', range }).then(failed))
	).then(() => undefined);
}

/** The games an add to `games` added (those whose add did not fail), by id; none for another write. */
function addedBy(req: DBCoreMutateRequest, res: DBCoreMutateResponse): Map<string, GameRecord> {
	const out = new Map<string, GameRecord>();
	if (req.type !== 'add') return out;
	req.values.forEach((game: GameRecord, i) => {
		if (res.failures[i] === undefined) out.set(game.id, game);
	});
	return out;
}

/** The write `req` to watched table `name`, and the derived records it changes. */
function mutateWatched(
	t: Tables,
	name: string,
	req: DBCoreMutateRequest
): Promise<DBCoreMutateResponse> {
	const { trans } = req;
	if (name === GAMES) {
		const games = t.games;
		if (req.type === 'deleteRange' && req.range.type === WHOLE_TABLE) {
			return games.mutate(req).then((res) => clearDerived(t, trans, req.range).then(() => res));
		}
		return gamesBefore(games, req).then(({ old, ids }) =>
			games.mutate(req).then((res) => {
				const pages = cache.leagueWideLeft(trans) ? null : t.contributions;
				const changes = pages ? contributionChanges(req, res, old) : [];
				return (pages ? rewritePages(pages, trans, changes) : Promise.resolve())
					.then(() => rejudge(t, trans, ids, addedBy(req, res)))
					.then(() => res);
			})
		);
	}
	const core = name === LOGS ? t.logs! : name === SIGNATURES ? t.signatures! : t.gameSignatures!;
	return othersBefore(core, name, req).then((ids) =>
		core.mutate(req).then((res) => rejudge(t, trans, ids, undefined, false).then(() => res))
	);
}

/** The middleware; `MugginsDB` installs it. */
export const upkeep: Middleware<DBCore> = {
	stack: 'dbcore',
	name: 'Upkeep',
	// Above Dexie's own middlewares (levels -1 to 2): the derived records written here go
	// through its observation of writes, so live queries of the standings run again.
	level: 10,
	create(down) {
		// While an upgrade runs the versions before 6, there is nothing to keep yet: version 6
		// fills the contributions from the games as they are then, version 8 judges every signed
		// card, version 11 keeps the logs of every verdict, version 12 the counted cards' figures,
		// version 15 the totals per student and per day, dated by the sessions they read.
		const has = (name: string) => down.schema.tables.some((t) => t.name === name);
		const derived = [CONTRIBUTIONS, VERDICTS, FIGURES, STUDENT_TOTALS, DAY_TOTALS].filter(has);
		const scope = has(STUDENT_TOTALS) ? [...derived, SESSIONS] : derived;
		if (derived.length === 0) return {};
		// Before version 16 the logs are not there yet, and nothing writes a game's events.
		const watched = WATCHED.filter(has);
		const tableOf = (name: string) => (has(name) ? down.table(name) : null);
		return {
			transaction(stores, mode, options) {
				if (mode !== 'readwrite' || !stores.some((s) => watched.includes(s))) {
					return down.transaction(stores, mode, options);
				}
				const all = [...new Set([...stores, ...watched, ...scope])];
				return down.transaction(all, mode, options);
			},
			table(name) {
				const table = down.table(name);
				if (!watched.includes(name)) return table;
				const t: Tables = {
					games: down.table(GAMES),
					logs: tableOf(LOGS),
					events: tableOf(EVENTS),
					signatures: tableOf(SIGNATURES),
					gameSignatures: tableOf(GAME_SIGNATURES),
					contributions: tableOf(CONTRIBUTIONS),
					verdicts: tableOf(VERDICTS),
					figures: tableOf(FIGURES),
					totals: has(STUDENT_TOTALS)
						? {
								sessions: down.table(SESSIONS),
								studentTotals: down.table(STUDENT_TOTALS),
								dayTotals: down.table(DAY_TOTALS)
							}
						: null
				};
				return {
					...table,
					...(name === GAMES ? cache.watchReads(table) : {}),
					mutate: (req) =>
						cache.inTurn(req.trans, () => {
							const noted =
								name === GAMES
									? cache.writing(req)
									: name === LOGS
										? cache.writingLogs(req)
										: cache.writingSignatures(req);
							const done = changesNothing(name, req)
								? table.mutate(req)
								: mutateWatched(t, name, req);
							return done.then((res) => {
								noted?.after(res);
								return res;
							});
						})
				};
			}
		};
	}
};
