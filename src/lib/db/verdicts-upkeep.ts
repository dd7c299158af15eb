/**
 * Keeps the `verdicts` table (schema version 8) equal to what the `games`, `events` and
 * `signatures` tables imply, in the same transaction as every write to them: a Dexie DBCore
 * middleware that both database connections install (`db.ts`), like `contributions-upkeep.ts`.
 *
 * Why: a signed card counts only while its events still hash to the fingerprint every player
 * signed. Hashing a league's cards on every page (and again on every write, from live queries)
 * took seconds at a school's scale and held a read transaction that made score taps wait. Here
 * each card is hashed once per write that can change its verdict, and pages read the verdicts.
 *
 * How: every read-write transaction that includes one of those tables includes all four
 * (IndexedDB fixes a transaction's tables when it starts). A write first finds the games it
 * touches (reading the records it deletes when their game is not in the request), goes ahead,
 * then judges each touched game as it now is (`verdictOf`) and writes only the verdicts that
 * differ. Only a game locked with its result has a verdict, so a write that leaves a game the
 * transaction already showed unlocked (`KnownGames`) unlocked is passed on as it is: a score
 * tap, which reads its game first, costs no read, no hashing and no write here.
 * Chained with `then`, never `await`: see `contributions-upkeep.ts`.
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
import { lockedWithResult } from './contributions';
import type { EventRecord, GameRecord, SignatureRecord, VerdictRecord } from './records';
import { failed, inTurn, KnownGames } from './upkeep-turns';

/** The judge (`verdicts.ts`, with its synchronous SHA-256): loaded apart, see `withJudge`. */
type Judge = typeof import('./verdicts');
let judgeModule: Judge | null = null;
let judgeLoading: Promise<Judge> | null = null;

/**
 * Starts loading the judge, once: at the first read-write transaction that can change a
 * verdict (usually a score tap, which needs none), so the first screen's code does not carry
 * the hashing, and a signing finds it loaded. Offline, the service worker has it cached.
 */
export function loadJudge(): Promise<Judge> {
	judgeLoading ??= import('./verdicts').then(
		(m) => (judgeModule = m),
		(error: unknown) => {
			// Tried again at the next write (a chunk the network failed to bring).
			judgeLoading = null;
			throw error;
		}
	);
	return judgeLoading;
}

/**
 * `work` with the judge, in `trans`. While it still loads, `trans` is kept active by reading
 * nothing (one key of the verdicts) again and again: IndexedDB commits a transaction as soon
 * as no request of it is pending, and the verdict must be written in the same transaction as
 * the write that changes it. Once loaded it costs nothing.
 */
function withJudge<T>(
	verdicts: DBCoreTable,
	trans: DBCoreTransaction,
	work: (judge: Judge) => Promise<T>
): Promise<T> {
	let failure: { error: unknown } | null = null;
	loadJudge().catch((error: unknown) => (failure = { error }));
	// Each step runs in the callback of the read before it, where Dexie still knows `trans`
	// (a promise of the import's own would lose it, and so would an `await`).
	const step = (): Promise<T> => {
		if (judgeModule) return work(judgeModule);
		if (failure) throw failure.error;
		return verdicts.get({ trans, key: '' }).then(step);
	};
	return step();
}

const GAMES = 'games';
const EVENTS = 'events';
const SIGNATURES = 'signatures';
const VERDICTS = 'verdicts';
const WATCHED = [GAMES, EVENTS, SIGNATURES];

/** Dexie's `DBCoreRangeType` values (a const enum, which cannot be imported at run time). */
const EQUAL = 1;
const RANGE = 2;
const WHOLE_TABLE = 3;

interface Tables {
	games: DBCoreTable;
	events: DBCoreTable;
	signatures: DBCoreTable;
	verdicts: DBCoreTable;
}

const turns = new WeakMap<DBCoreTransaction, Promise<unknown>>();
const knownGames = new KnownGames();

function equal(key: unknown): DBCoreKeyRange {
	return { type: EQUAL, lower: key, upper: key, lowerOpen: false, upperOpen: false };
}

/** The ids of the games whose records, events or signatures `req` on `table` writes. */
function touched(table: string, req: DBCoreMutateRequest): string[] | null {
	if (req.type === 'add' || req.type === 'put') {
		return req.values.map((v: GameRecord | EventRecord | SignatureRecord) =>
			'gameId' in v ? v.gameId : v.id
		);
	}
	if (req.type === 'delete' && table === GAMES) return req.keys as string[];
	if (req.type === 'delete' && table === EVENTS) return req.keys.map((k: [string, number]) => k[0]);
	if (req.type === 'deleteRange' && table === GAMES) return null;
	if (req.type === 'deleteRange' && table === EVENTS) {
		// A game's events, as `eventsOf` ranges over them: that game.
		const { lower, upper } = req.range;
		if (Array.isArray(lower) && Array.isArray(upper) && lower[0] === upper[0]) {
			return [lower[0] as string];
		}
	}
	return null;
}

/** A signature put under an existing id could move it to another game: that one too. */
function movesSignature(name: string, req: DBCoreMutateRequest): boolean {
	return name === SIGNATURES && req.type === 'put';
}

/**
 * The games `req` on `table` touches: from the request when it says, otherwise from the
 * records it is about to delete or replace, read first.
 */
function touchedBefore(
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
						values: name !== GAMES,
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
			if (name === GAMES) ids.push(typeof item === 'string' ? item : (item as GameRecord).id);
			else if (Array.isArray(item)) ids.push(item[0] as string);
			else ids.push((item as EventRecord | SignatureRecord).gameId);
		}
		return ids;
	});
}

/** Game `record` judged against its events and signatures as they now are in `trans`. */
function judgeOne(
	t: Tables,
	trans: DBCoreTransaction,
	record: GameRecord,
	{ verdictOf }: Judge
): Promise<VerdictRecord | null> {
	const events = t.events
		.query({
			trans,
			values: true,
			query: {
				index: t.events.schema.primaryKey,
				range: {
					type: RANGE,
					lower: [record.id, Dexie.minKey],
					upper: [record.id, Dexie.maxKey],
					lowerOpen: false,
					upperOpen: false
				}
			}
		})
		.then(({ result }) => result as EventRecord[]);
	const byGame = t.signatures.schema.getIndexByKeyPath('gameId');
	const signed = t.signatures
		.query({ trans, values: true, query: { index: byGame!, range: equal(record.id) } })
		.then(({ result }) => result as SignatureRecord[]);
	return Promise.all([events, signed]).then(([e, s]) => verdictOf(record, e, s));
}

function same(a: VerdictRecord | undefined, b: VerdictRecord | null): boolean {
	if (!a || !b) return !a && !b;
	return a.leagueId === b.leagueId && a.fingerprint === b.fingerprint && a.changed === b.changed;
}

/** Judges games `ids` as they now are in `trans` and writes the verdicts that differ. */
function rejudge(t: Tables, trans: DBCoreTransaction, ids: string[]): Promise<void> {
	const keys = [...new Set(ids)];
	if (keys.length === 0) return Promise.resolve();
	return Promise.all([t.games.getMany({ trans, keys }), t.verdicts.getMany({ trans, keys })]).then(
		([records, held]: [(GameRecord | undefined)[], (VerdictRecord | undefined)[]]) => {
			knownGames.read(trans, keys, records);
			const judgeAll = (judge?: Judge) =>
				Promise.all(
					records.map((record) =>
						judge && record && lockedWithResult(record)
							? judgeOne(t, trans, record, judge)
							: Promise.resolve(null)
					)
				);
			const anyLocked = records.some((r) => r && lockedWithResult(r));
			const judged = anyLocked ? withJudge(t.verdicts, trans, judgeAll) : judgeAll();
			return judged.then((verdicts) => {
				const put: VerdictRecord[] = [];
				const gone: string[] = [];
				verdicts.forEach((v, i) => {
					if (same(held[i], v)) return;
					if (v) put.push(v);
					else gone.push(keys[i]!);
				});
				const writes: Promise<void>[] = [];
				if (put.length > 0)
					writes.push(t.verdicts.mutate({ trans, type: 'put', values: put }).then(failed));
				if (gone.length > 0)
					writes.push(t.verdicts.mutate({ trans, type: 'delete', keys: gone }).then(failed));
				return Promise.all(writes).then(() => undefined);
			});
		}
	);
}

/** The write `req` to watched table `name`, and the verdicts it changes. */
function mutateWatched(
	t: Tables,
	name: string,
	req: DBCoreMutateRequest
): Promise<DBCoreMutateResponse> {
	const core = t[name as keyof Tables];
	const { trans } = req;
	if (name === GAMES && req.type === 'deleteRange' && req.range.type === WHOLE_TABLE) {
		// Every game goes (a restore that replaces everything): so does every verdict.
		return core.mutate(req).then((res) =>
			t.verdicts
				.mutate({ trans, type: 'deleteRange', range: req.range })
				.then(failed)
				.then(() => res)
		);
	}
	// A game known unlocked before the write, and left unlocked by it, has no verdict before
	// or after: a score tap (its transaction read the game first) reads and writes nothing here.
	const leavesUnlocked =
		name !== GAMES ||
		((req.type === 'put' || req.type === 'add') &&
			req.values.every((v: GameRecord) => !lockedWithResult(v))) ||
		req.type === 'delete';
	const known = touched(name, req);
	const noted = name === GAMES ? knownGames.writing(req) : null;
	if (known && leavesUnlocked && knownGames.unlocked(trans, known) && !movesSignature(name, req)) {
		return core.mutate(req).then((res) => {
			noted?.after(res);
			return res;
		});
	}
	return touchedBefore(core, name, req).then((ids) =>
		core.mutate(req).then((res) => {
			noted?.after(res);
			return rejudge(t, trans, ids).then(() => res);
		})
	);
}

/** The middleware; `MugginsDB` installs it. */
export const verdictsUpkeep: Middleware<DBCore> = {
	stack: 'dbcore',
	name: 'VerdictsUpkeep',
	// Above Dexie's own middlewares (levels -1 to 2), so the verdicts written here wake the live
	// queries that read them; beside the contributions' upkeep, which it does not touch.
	level: 11,
	create(down) {
		// While an upgrade runs the versions before 8, there is nothing to keep yet: version 8
		// judges every signed card as it is then.
		if (!down.schema.tables.some((t) => t.name === VERDICTS)) return {};
		return {
			transaction(stores, mode, options) {
				if (mode !== 'readwrite' || !stores.some((s) => WATCHED.includes(s))) {
					return down.transaction(stores, mode, options);
				}
				void loadJudge();
				const all = [...new Set([...stores, ...WATCHED, VERDICTS])];
				return down.transaction(all, mode, options);
			},
			table(name) {
				const table = down.table(name);
				if (!WATCHED.includes(name)) return table;
				const t: Tables = {
					games: down.table(GAMES),
					events: down.table(EVENTS),
					signatures: down.table(SIGNATURES),
					verdicts: down.table(VERDICTS)
				};
				return {
					...table,
					...(name === GAMES ? knownGames.watchReads(table) : {}),
					mutate: (req) => inTurn(turns, req.trans, () => mutateWatched(t, name, req))
				};
			}
		};
	}
};
