/**
 * The store's upkeep's one cache (`upkeep.ts`), kept per read-write transaction and gone with
 * it: what the transaction showed of its games (so a score tap costs the upkeep nothing), the
 * fingerprints its writer already took (so a card just signed is not hashed again to be
 * judged), and the upkeep's queue of writes.
 */
import type {
	DBCoreMutateRequest,
	DBCoreMutateResponse,
	DBCoreTable,
	DBCoreTransaction
} from 'dexie';
import { lockedWithResult } from '$lib/card/locked';
import type { VouchedPrint } from '$lib/card/incoming-check';
import type {
	EventRecord,
	GameRecord,
	GameSignaturesRecord,
	LogRecord,
	SignatureRecord
} from '$lib/card/records';

/** IndexedDB's mode of a DBCore transaction, when it is the native one (it is, below Dexie). */
function readOnly(trans: DBCoreTransaction): boolean {
	return (trans as unknown as { mode?: string }).mode === 'readonly';
}

/** What the upkeep holds for one transaction. */
interface Entry {
	/** Game id → locked with its result, as stored (see `UpkeepCache`). */
	known: Map<string, boolean>;
	/** Canonical card text → its fingerprint, taken by the transaction's writer. */
	prints: Map<string, string>;
	/** The upkeep's work queued so far: each write waits for the one before. */
	turn: Promise<unknown> | null;
	/** Game id → its log's events as this transaction added it, and the record it was added as. */
	logs: Map<string, { events: readonly EventRecord[]; from: LogRecord }>;
	/** Game id → the fingerprint its writer vouched for, of that record with that log. */
	vouched: Map<string, VouchedPrint>;
	/** The signature records this transaction added (the very objects). */
	addedSignatures: WeakSet<SignatureRecord>;
	/** A write to `signatures` other than an add that succeeded: vouched signatures are not taken. */
	signaturesTouched: boolean;
	/**
	 * The writer works out the league-wide records (contributions, totals) of what it writes
	 * afterwards, from the store (`rebuild.ts`): a restore onto an empty device.
	 */
	leagueWideLeft: boolean;
}

/**
 * For each game id a transaction showed, whether the record as stored is locked with its
 * result (`lockedWithResult`; an absent record is not). Only a game locked with its result has
 * a verdict or a contribution, so a write that leaves a known unlocked game unlocked (a score
 * tap) needs no read and no rewrite of them.
 *
 * It learns from the records read in the transaction (the writer's own `get` of the game goes
 * through the middleware) and from the writes the upkeep itself passes on, every write to
 * `games` in the transaction. The fact is taken when the read returns, before the caller can
 * change the object it got. A write it cannot follow (a range deleted) makes it forget.
 */
export class UpkeepCache {
	#entries = new WeakMap<DBCoreTransaction, Entry>();

	#entry(trans: DBCoreTransaction): Entry | null {
		if (readOnly(trans)) return null;
		let entry = this.#entries.get(trans);
		if (!entry)
			this.#entries.set(
				trans,
				(entry = {
					known: new Map(),
					prints: new Map(),
					turn: null,
					logs: new Map(),
					vouched: new Map(),
					addedSignatures: new WeakSet(),
					signaturesTouched: false,
					leagueWideLeft: false
				})
			);
		return entry;
	}

	#of(trans: DBCoreTransaction): Map<string, boolean> | null {
		return this.#entry(trans)?.known ?? null;
	}

	/**
	 * Runs `work` once the upkeep's earlier work in `trans` is done, so two writes in one
	 * transaction never rewrite the same derived record from the same stale copy.
	 */
	inTurn<T>(trans: DBCoreTransaction, work: () => Promise<T>): Promise<T> {
		const entry = this.#entry(trans);
		if (!entry) return work();
		const next = entry.turn ? entry.turn.then(work) : work();
		entry.turn = next.then(
			() => undefined,
			() => undefined
		);
		return next;
	}

	/** Leaves the league-wide records of `trans`'s writes to its writer (see `Entry`). */
	leaveLeagueWide(trans: DBCoreTransaction): void {
		const entry = this.#entry(trans);
		if (entry) entry.leagueWideLeft = true;
	}

	/** Whether `trans`'s writer works out its league-wide records itself (`leaveLeagueWide`). */
	leagueWideLeft(trans: DBCoreTransaction): boolean {
		return this.#entries.get(trans)?.leagueWideLeft ?? false;
	}

	/** Notes that `print` is the fingerprint of canonical card text `text`, in `trans`. */
	notePrint(trans: DBCoreTransaction, text: string, print: string): void {
		this.#entry(trans)?.prints.set(text, print);
	}

	/** The fingerprints noted in `trans`. */
	prints(trans: DBCoreTransaction): ReadonlyMap<string, string> {
		return this.#entries.get(trans)?.prints ?? new Map();
	}

	/** Notes game records `found` (undefined: absent) under `keys`, read in `trans`. */
	read(trans: DBCoreTransaction, keys: readonly unknown[], found: readonly unknown[]): void {
		const known = this.#of(trans);
		if (!known) return;
		keys.forEach((key, i) => {
			if (typeof key !== 'string') return;
			const record = found[i] as GameRecord | undefined;
			known.set(key, record !== undefined && lockedWithResult(record));
		});
	}

	/**
	 * Whether each of games `ids` is, as stored in `trans` before the write now under way,
	 * known to be absent or not locked with its result.
	 */
	unlocked(trans: DBCoreTransaction, ids: readonly string[]): boolean {
		const known = this.#entries.get(trans)?.known;
		return known !== undefined && ids.every((id) => known.get(id) === false);
	}

	/**
	 * The facts a write to `games` will leave, taken before it goes down (its values may
	 * change once it is passed on); `after` notes them once it has succeeded.
	 */
	writing(req: DBCoreMutateRequest): { after: (res: DBCoreMutateResponse) => void } {
		const { trans } = req;
		if (req.type === 'add' || req.type === 'put') {
			const facts = req.values.map((v: GameRecord) => [v.id, lockedWithResult(v)] as const);
			return {
				after: (res) =>
					facts.forEach(([id, locked], i) => {
						if (res.failures[i] === undefined) this.#of(trans)?.set(id, locked);
					})
			};
		}
		if (req.type === 'delete') {
			const keys = [...req.keys];
			return { after: () => keys.forEach((k) => this.#of(trans)?.set(k as string, false)) };
		}
		return { after: () => this.#of(trans)?.clear() };
	}

	/**
	 * The logs a write to `logs` leaves that the upkeep can know without reading them back: a
	 * log added (an add that succeeded had no log under its key before) is, until the
	 * transaction writes that key again, the events it was added with. A restore's batch adds
	 * its logs and then its games: judging the games then reads none of the logs it just wrote
	 * (issue 39). Taken before the write goes down, kept once it has succeeded; a put, a delete
	 * or a range deleted makes it forget what it touches.
	 */
	writingLogs(req: DBCoreMutateRequest): { after: (res: DBCoreMutateResponse) => void } {
		const logs = this.#entry(req.trans)?.logs;
		if (!logs) return { after: () => undefined };
		if (req.type === 'add') {
			// A copy of the list: the writer's array may grow after the write (the stored one cannot).
			const added = req.values.map(
				(v: LogRecord) => [v.gameId, { events: [...v.events], from: v }] as const
			);
			return {
				after: (res) =>
					added.forEach(([id, log], i) => {
						if (res.failures[i] === undefined) logs.set(id, log);
					})
			};
		}
		if (req.type === 'put') req.values.forEach((v: LogRecord) => logs.delete(v.gameId));
		else if (req.type === 'delete') req.keys.forEach((k) => logs.delete(k as string));
		else logs.clear();
		return { after: () => undefined };
	}

	/**
	 * The signatures a write to `signatures` adds (kept once it has succeeded), for the vouched
	 * signatures (`VouchedPrint.signatures`); any other write makes the vouched ones not taken.
	 */
	writingSignatures(req: DBCoreMutateRequest): { after: (res: DBCoreMutateResponse) => void } {
		const entry = this.#entry(req.trans);
		if (!entry) return { after: () => undefined };
		if (req.type !== 'add') {
			entry.signaturesTouched = true;
			return { after: () => undefined };
		}
		// Each signature a record before version 17; a game's signatures one record since.
		const added = (req.values as (SignatureRecord | GameSignaturesRecord)[]).map((v) =>
			'signatures' in v ? v.signatures : [v]
		);
		return {
			after: (res) =>
				added.forEach((list, i) => {
					if (res.failures[i] === undefined) for (const s of list) entry.addedSignatures.add(s);
				})
		};
	}

	/**
	 * The signatures vouched for game `record` as added (`VouchedPrint.signatures`), when the word
	 * was given for this very record and each of them was added in this transaction, with no other
	 * write to `signatures` in it; otherwise undefined, and they are read.
	 */
	vouchedSignatures(
		trans: DBCoreTransaction,
		record: GameRecord
	): readonly SignatureRecord[] | undefined {
		const entry = this.#entries.get(trans);
		const word = entry?.vouched.get(record.id);
		if (!entry || !word?.signatures || word.game !== record || entry.signaturesTouched) {
			return undefined;
		}
		return word.signatures.every((s) => entry.addedSignatures.has(s)) ? word.signatures : undefined;
	}

	/** The events of the log of game `id` as this transaction added it, if it knows them. */
	addedLog(trans: DBCoreTransaction, id: string): readonly EventRecord[] | undefined {
		return this.#entries.get(trans)?.logs.get(id)?.events;
	}

	/** Notes the fingerprints a writer vouches for (`VouchedPrint`), in `trans`. */
	vouch(trans: DBCoreTransaction, prints: readonly VouchedPrint[]): void {
		const vouched = this.#entry(trans)?.vouched;
		for (const p of prints) vouched?.set(p.game.id, p);
	}

	/**
	 * The fingerprint vouched for game `record` as added, when the word was given for this very
	 * record and for the log this transaction added it with, unchanged since (a log put again or
	 * deleted is forgotten, `writingLogs`); otherwise undefined, and the game is hashed.
	 */
	vouchedPrint(trans: DBCoreTransaction, record: GameRecord): string | undefined {
		const entry = this.#entries.get(trans);
		const word = entry?.vouched.get(record.id);
		if (!entry || !word || word.game !== record) return undefined;
		return entry.logs.get(record.id)?.from === word.log ? word.print : undefined;
	}

	/** `games` with its reads noted (`get`, `getMany`). */
	watchReads(games: DBCoreTable): Pick<DBCoreTable, 'get' | 'getMany'> {
		return {
			get: (req) =>
				games.get(req).then((found: unknown) => {
					this.read(req.trans, [req.key], [found]);
					return found;
				}),
			getMany: (req) =>
				games.getMany(req).then((found: unknown[]) => {
					this.read(req.trans, req.keys, found);
					return found;
				})
		};
	}
}
