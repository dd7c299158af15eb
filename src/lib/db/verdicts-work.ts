/**
 * The verdict upkeep's work for the writes that can change a verdict (`verdicts-upkeep.ts`
 * has the middleware and passes a score tap on without it): finding the games a write touches,
 * judging them as they now are, and writing the verdicts that differ. Loaded apart from the
 * first screen, with the judge and its synchronous SHA-256 (`verdicts.ts`).
 * Chained with `then`, never `await`: see `contributions-upkeep.ts`.
 */
import Dexie, {
	type DBCoreKeyRange,
	type DBCoreMutateRequest,
	type DBCoreMutateResponse,
	type DBCoreTable,
	type DBCoreTransaction
} from 'dexie';
import { lockedWithResult } from '$lib/card/locked';
import type {
	EventRecord,
	GameRecord,
	SignatureRecord,
	SignedLogRecord,
	VerdictRecord
} from '$lib/card/records';
import { failed, type KnownGames } from './upkeep-turns';
import { keptLog, verdictOf } from '$lib/card/verdicts';
import { EVENTS, GAMES, movesSignature, touched, type Tables } from './verdicts-upkeep';

/** Dexie's `DBCoreRangeType` values (a const enum, which cannot be imported at run time). */
const EQUAL = 1;
const RANGE = 2;
const WHOLE_TABLE = 3;

function equal(key: unknown): DBCoreKeyRange {
	return { type: EQUAL, lower: key, upper: key, lowerOpen: false, upperOpen: false };
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

/** A game's verdict as it now is, with the events it was judged on. */
interface Judged {
	verdict: VerdictRecord | null;
	events: EventRecord[];
}

/** Game `record` judged against its events and signatures as they now are in `trans`. */
function judgeOne(t: Tables, trans: DBCoreTransaction, record: GameRecord): Promise<Judged> {
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
	return Promise.all([events, signed]).then(([e, s]) => ({
		verdict: verdictOf(record, e, s),
		events: e
	}));
}

const NOT_JUDGED: Judged = { verdict: null, events: [] };

function same(a: VerdictRecord | undefined, b: VerdictRecord | null): boolean {
	if (!a || !b) return !a && !b;
	return (
		a.leagueId === b.leagueId &&
		a.fingerprint === b.fingerprint &&
		a.changed === b.changed &&
		// The hands change with the events even where the verdict does not (a card changed twice).
		JSON.stringify(a.hands) === JSON.stringify(b.hands)
	);
}

/**
 * Judges games `ids` as they now are in `trans` and writes the verdicts that differ, with
 * their kept logs (`SignedLogRecord`): a log is written with a new or changed verdict, and
 * whenever `eventsWritten` (the write was to the events: a signed card's log changed, and
 * perhaps not its verdict); it goes with its verdict.
 */
function rejudge(
	t: Tables,
	trans: DBCoreTransaction,
	ids: string[],
	knownGames: KnownGames,
	eventsWritten: boolean
): Promise<void> {
	const keys = [...new Set(ids)];
	if (keys.length === 0) return Promise.resolve();
	return Promise.all([t.games.getMany({ trans, keys }), t.verdicts.getMany({ trans, keys })]).then(
		([records, held]: [(GameRecord | undefined)[], (VerdictRecord | undefined)[]]) => {
			knownGames.read(trans, keys, records);
			const judged = records.map((record) =>
				record && lockedWithResult(record)
					? judgeOne(t, trans, record)
					: Promise.resolve(NOT_JUDGED)
			);
			return Promise.all(judged).then((all) => {
				const put: VerdictRecord[] = [];
				const logs: SignedLogRecord[] = [];
				const gone: string[] = [];
				all.forEach(({ verdict: v, events }, i) => {
					const unchanged = same(held[i], v);
					if (v && (!unchanged || eventsWritten)) {
						logs.push(keptLog(v.gameId, events));
					}
					if (unchanged) return;
					if (v) put.push(v);
					else gone.push(keys[i]!);
				});
				const writes: Promise<void>[] = [];
				if (put.length > 0)
					writes.push(t.verdicts.mutate({ trans, type: 'put', values: put }).then(failed));
				if (gone.length > 0)
					writes.push(t.verdicts.mutate({ trans, type: 'delete', keys: gone }).then(failed));
				if (t.signedLogs && logs.length > 0)
					writes.push(t.signedLogs.mutate({ trans, type: 'put', values: logs }).then(failed));
				if (t.signedLogs && gone.length > 0)
					writes.push(t.signedLogs.mutate({ trans, type: 'delete', keys: gone }).then(failed));
				return Promise.all(writes).then(() => undefined);
			});
		}
	);
}

/**
 * The write `req` to watched table `name`, and the verdicts it changes (every write but those
 * the middleware passes on as they are).
 */
export function mutateWatched(
	t: Tables,
	name: string,
	req: DBCoreMutateRequest,
	knownGames: KnownGames
): Promise<DBCoreMutateResponse> {
	const core = t[name as 'games' | 'events' | 'signatures'];
	const { trans } = req;
	if (name === GAMES && req.type === 'deleteRange' && req.range.type === WHOLE_TABLE) {
		// Every game goes (a restore that replaces everything): so does every verdict and log.
		const logs = t.signedLogs;
		return core
			.mutate(req)
			.then((res) =>
				Promise.all([
					t.verdicts.mutate({ trans, type: 'deleteRange', range: req.range }).then(failed),
					logs?.mutate({ trans, type: 'deleteRange', range: req.range }).then(failed)
				]).then(() => res)
			);
	}
	return touchedBefore(core, name, req).then((ids) =>
		core
			.mutate(req)
			.then((res) => rejudge(t, trans, ids, knownGames, name === EVENTS).then(() => res))
	);
}
