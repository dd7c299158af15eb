import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import { upkeep } from './upkeep';
import { paintForget } from './paint-forget';
import type { AssignmentRecord, MetaRecord, ReceiptRecord } from '$lib/card/device-records';
import type { InboxRecord, MatchRecord, TurnInRecord } from '$lib/card/backup-records';
import type {
	ContributionPageRecord,
	FiguresRecord,
	GameRecord,
	LeagueRecord,
	LogRecord,
	PlayerRecord,
	SessionRecord,
	GameSignaturesRecord,
	VerdictRecord
} from '$lib/card/records';
import type { DayTotalsRecord, StudentTotalsRecord } from '$lib/card/totals';
import { declareSchema } from './schema';
import { DB_NAME, noteKey, withNotes } from './version-note';
import { reportBlocked, reportStale, subscribe, type Listener } from './health';

// Dexie turns its debugging aids on by itself on localhost (a teacher's own machine running
// the app, the bench, the browser tests): each table operation then records an async stack
// for the browser's developer tools. The built app behaves alike on every host.
if (!import.meta.env.DEV) Dexie.debug = false;

export { DB_NAME };

/**
 * The app's database. Only the entity modules (`players.ts`, `games.ts`, …) use it; routes
 * call their verbs.
 *
 * It opens lazily, on the first query. When another tab upgrades or deletes the database,
 * this connection closes for good instead of reopening (Dexie's default), because reopening
 * would let this tab's older code write into the newer schema: its queries then fail with
 * `DatabaseClosedError` (a `db-closed` DbError) and `onStale` listeners are told, so the UI
 * can ask for a reload. Nothing already committed is affected.
 */
export class MugginsDB extends Dexie {
	// Declared only (no field is emitted): Dexie defines each table on the connection.
	declare players: EntityTable<PlayerRecord, 'id'>;
	declare games: EntityTable<GameRecord, 'id'>;
	/** Each game's whole log, one record per game (schema version 16). */
	declare logs: EntityTable<LogRecord, 'gameId'>;
	declare meta: EntityTable<MetaRecord, 'key'>;
	/** Each game's signatures, one record per game (schema version 17). */
	declare gameSignatures: EntityTable<GameSignaturesRecord, 'gameId'>;
	declare leagues: EntityTable<LeagueRecord, 'id'>;
	declare sessions: EntityTable<SessionRecord, 'id'>;
	declare matches: EntityTable<MatchRecord, 'id'>;
	declare inbox: EntityTable<InboxRecord, 'id'>;
	declare turnIns: EntityTable<TurnInRecord, 'gameId'>;
	/** A phone's groups of class sessions (issue 15). */
	declare assignments: EntityTable<AssignmentRecord, 'gameId'>;
	/** The instructor's receipts for the cards this phone turned in (issue 15). */
	declare receipts: EntityTable<ReceiptRecord, 'gameId'>;
	/** Derived from `games`, kept by `upkeep.ts`: read it, never write it. */
	declare contributions: Table<ContributionPageRecord, [string, number]>;
	/** Derived from `games`, `logs` and `gameSignatures`, kept by `upkeep.ts`: read it only. */
	declare verdicts: EntityTable<VerdictRecord, 'gameId'>;
	/** Derived like `verdicts`, one per counted card (issue 41), kept by `upkeep.ts`: read it only. */
	declare figures: EntityTable<FiguresRecord, 'gameId'>;
	/** Derived from `figures`, per student of a league (issue 41), kept by `upkeep.ts`: read it only. */
	declare studentTotals: Table<StudentTotalsRecord, [string, string]>;
	/** Derived from `figures`, per day of a league (issue 41), kept by `upkeep.ts`: read it only. */
	declare dayTotals: Table<DayTotalsRecord, [string, string]>;

	#stale = false;
	#staleListeners = new Set<Listener>();
	#blockedListeners = new Set<Listener>();

	/**
	 * @param name another name gives a separate database (tools, tests)
	 * @param options Dexie's options (`durableDb` asks for strict durability)
	 */
	constructor(name: string = DB_NAME, options?: DexieOptions) {
		super(name, options);
		declareSchema(this);
		// Noted at every opening (sticky), for the first screen's plain reads (`plain-read.ts`).
		this.on(
			'ready',
			() => withNotes((notes) => notes.setItem(noteKey(name), String(this.verno))),
			true
		);
		this.use(upkeep);
		// The early paint's kept screens show the store as it was: forgotten as it changes.
		this.use(paintForget);
		this.on('versionchange', () => {
			this.close();
			this.#stale = true;
			for (const listener of this.#staleListeners) listener();
			// Stops Dexie's own handler, which would close with auto-reopen.
			return false;
		});
		this.on('blocked', () => {
			for (const listener of this.#blockedListeners) listener();
		});
	}

	/** Another tab upgraded or deleted the database: this one must reload to go on. */
	get stale(): boolean {
		return this.#stale;
	}

	/** Calls `callback` when the connection goes stale (see the class). Returns an unsubscribe. */
	onStale(callback: Listener): () => void {
		return subscribe(this.#staleListeners, callback);
	}

	/**
	 * Calls `callback` when this tab's upgrade waits for another tab that keeps an older version
	 * open (an old copy of the app that does not close itself). Returns an unsubscribe.
	 */
	onBlocked(callback: Listener): () => void {
		return subscribe(this.#blockedListeners, callback);
	}
}

/** The one database of the app. */
export const db = new MugginsDB();
db.onStale(reportStale);
db.onBlocked(reportBlocked);

/**
 * Made on first use (a signature), not with every first screen: making a connection costs a
 * cold start time of its own (declaring the schema's versions).
 */
let durable: MugginsDB | undefined;

/**
 * A second connection to the same database whose transactions commit with strict
 * durability: IndexedDB reports them complete only once the data is flushed to disk, so a
 * signed card survives a power cut right after "Signed". Only `signatures.ts` writes through
 * it, for the commit of a signature and of a reopening.
 *
 * Why a second connection: Dexie sets durability per database (`chromeTransactionDurability`),
 * not per transaction, and the native transaction it would need is hidden behind its
 * transaction API. Making the one `db` strict would flush on every score tap, which costs
 * milliseconds on a cheap phone's flash for no gain (a lost tap is re-tapped; a lost
 * signature means finding the players again). Chromium's default is relaxed durability
 * (reported complete once handed to the OS), hence asking.
 *
 * It shares everything with `db`: the schema, IndexedDB's ordering of `rw` transactions
 * (across connections too, so the lock check in `games.ts` sees a signature committed here),
 * live queries (Dexie announces its writes by database name), and closing for good when
 * another tab upgrades.
 */
export function durableDb(): MugginsDB {
	return (durable ??= new MugginsDB(DB_NAME, { chromeTransactionDurability: 'strict' }));
}
