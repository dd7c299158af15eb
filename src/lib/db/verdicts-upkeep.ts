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
 * tap, which reads its game first, costs no read, no hashing and no write here. The rest of
 * the work (`verdicts-work.ts`, with the judge and its SHA-256) loads apart (`LazyPart`).
 * Chained with `then`, never `await`: see `contributions-upkeep.ts`.
 */
import type {
	DBCore,
	DBCoreMutateRequest,
	DBCoreTable,
	DBCoreTransaction,
	Middleware
} from 'dexie';
import { lockedWithResult } from '$lib/card/locked';
import type { EventRecord, GameRecord, SignatureRecord } from '$lib/card/records';
import { inTurn, KnownGames, LazyPart } from './upkeep-turns';

export const GAMES = 'games';
export const EVENTS = 'events';
export const SIGNATURES = 'signatures';
export const VERDICTS = 'verdicts';
export const SIGNED_LOGS = 'signedLogs';
const WATCHED = [GAMES, EVENTS, SIGNATURES];

/** The tables the upkeep reads and writes, below it. */
export interface Tables {
	games: DBCoreTable;
	events: DBCoreTable;
	signatures: DBCoreTable;
	verdicts: DBCoreTable;
	/** Null while an upgrade runs the versions before 11, which have no kept logs. */
	signedLogs: DBCoreTable | null;
}

const turns = new WeakMap<DBCoreTransaction, Promise<unknown>>();
const knownGames = new KnownGames();
const work = new LazyPart(() => import('./verdicts-work'));

/** The ids of the games whose records, events or signatures `req` on `table` writes. */
export function touched(table: string, req: DBCoreMutateRequest): string[] | null {
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
export function movesSignature(name: string, req: DBCoreMutateRequest): boolean {
	return name === SIGNATURES && req.type === 'put';
}

/**
 * Whether `req` on watched table `name` leaves every game it touches as this transaction
 * already showed it: unlocked, so with no verdict before or after (a score tap, whose
 * transaction read the game first).
 */
function leavesNoVerdict(name: string, req: DBCoreMutateRequest): boolean {
	const unlockedAfter =
		name !== GAMES ||
		req.type === 'delete' ||
		((req.type === 'put' || req.type === 'add') &&
			req.values.every((v: GameRecord) => !lockedWithResult(v)));
	const ids = touched(name, req);
	return (
		ids !== null &&
		unlockedAfter &&
		!movesSignature(name, req) &&
		knownGames.unlocked(req.trans, ids)
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
		// Likewise for the kept logs before version 11, which keeps them for every verdict then.
		const logs = down.schema.tables.some((t) => t.name === SIGNED_LOGS) ? [SIGNED_LOGS] : [];
		work.prepare();
		return {
			transaction(stores, mode, options) {
				if (mode !== 'readwrite' || !stores.some((s) => WATCHED.includes(s))) {
					return down.transaction(stores, mode, options);
				}
				void work.start().catch(() => undefined);
				const all = [...new Set([...stores, ...WATCHED, VERDICTS, ...logs])];
				return down.transaction(all, mode, options);
			},
			table(name) {
				const table = down.table(name);
				if (!WATCHED.includes(name)) return table;
				const t: Tables = {
					games: down.table(GAMES),
					events: down.table(EVENTS),
					signatures: down.table(SIGNATURES),
					verdicts: down.table(VERDICTS),
					signedLogs: logs.length > 0 ? down.table(SIGNED_LOGS) : null
				};
				return {
					...table,
					...(name === GAMES ? knownGames.watchReads(table) : {}),
					mutate: (req) =>
						inTurn(turns, req.trans, () => {
							const noted = name === GAMES ? knownGames.writing(req) : null;
							const done = leavesNoVerdict(name, req)
								? table.mutate(req)
								: work.in(t.games, req.trans, (w) => w.mutateWatched(t, name, req, knownGames));
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
