/**
 * A staged restore: a backup of any size written into the store without one transaction
 * having to hold the whole school (a restore of 100 classes in one transaction ran out of
 * quota: the old store and the new one had to fit together until the commit).
 *
 * 1. Staging. Each part of the file, as the backup reader gives it (checked by the file's own
 *    rules), goes through the checks of records from outside (`checkDump`) and is
 *    written, checked, into a database of its own (`db/staging.ts`), one part per
 *    transaction. The real store is not touched: a bad record anywhere, or a file whose links
 *    fail at its end, leaves it as it was, and the staging database is dropped.
 * 2. Checking (merge). Every staged part is compared, read only, with what the device holds
 *    (`checkMerge`): a part that would take over another league's records refuses the
 *    whole restore before the first write.
 * 3. Applying. A replace first empties the store a bounded step at a time; then the staged
 *    parts are written in key order in batches of about `BATCH_RECORDS` records, a batch per
 *    transaction, which also moves the marker on, and dropped from the staging database once
 *    committed. A replace stages each part's games by the group of standings pages each goes
 *    on (`pageOf`), so that a batch rewrites a few pages of its league (see `pageKey`). A
 *    replace writes a batch's parts as one (a bulk write per table, the upkeep working out the
 *    derived data of the whole batch at once); a merge writes them one after the other, each
 *    compared with the store as the parts before it left it.
 *
 * A replace onto a device that holds nothing a backup holds (a new laptop) is not staged: each
 * part, checked, goes straight into the store (`restoreDirect`). Staging is there to keep the
 * device's own records until the whole file is known good; an empty device has none to keep:
 * whatever refuses the file, or a stop, empties it again. (At 10 classes staging was 1.5 s of
 * 8.9, at 100 classes about 20 s of 121: issue 39.)
 *
 * A marker (meta key `restore`) says a restore is under way and how far it got. A Web Lock
 * keeps two tabs from running one at once. If the tab dies, the next start (`resumeRestore`,
 * at idle) discards a restore that was still staging (nothing had changed), finishes one
 * that was applying (the staged parts are all there), or undoes one writing onto an empty
 * device (it empties the device again), and the page tells the person which.
 *
 * This is the procedure; the writing is the store's (`db/store-dump.ts` writes a batch in one
 * transaction, `db/staging.ts` keeps the staged parts, `db/restore-marker.ts` the marker).
 */
import { DbError } from '$lib/db/errors';
import { checkDumpWithPrints, byGame } from '$lib/card/incoming-check';
import {
	finishRestore,
	restoreUnderWay,
	writeMarker,
	type RestoreMarker
} from '$lib/db/restore-marker';
import * as storeDump from '$lib/db/store-dump';
import { checkMerge } from './merge-check';
import {
	dropStaging,
	openStaging,
	stage,
	stagedFrom,
	stagedOf,
	unstage,
	type StagedPart,
	type Staging
} from '$lib/db/staging';
import type { StoreDump } from '$lib/card/backup-records';
import { TABLES, emptyDump, type RestoreMode } from '$lib/card/merge-plan';
import { PAGES, PagesFilled, pageOf } from '$lib/card/contributions';
import { rebuildLeagueWide } from '$lib/db/rebuild';
import { bare, own } from '$lib/rules/bare';

export { restoreUnderWay, type RestoreMarker } from '$lib/db/restore-marker';
export { STAGING_DB } from '$lib/db/staging';

/** The Web Lock a restore holds, in every tab of the origin. */
const LOCK = 'muggins-league-restore';

/**
 * Between the keys of two pages' rows in a replace's staging: a row's key is its page times
 * this, plus its place among the rows staged (fewer than this by far).
 */
const PAGE_SPAN = 2 ** 32;

/**
 * A replace's staged key of the row of page group `page` (`byPage`) staged `seq`-th. The writing
 * goes in key order: a group's games together, its pages' cards then rewritten by a batch or
 * a few, not by every batch. With the file's order (its games by id, the
 * pages by a hash of the id), each batch of a few hundred games touched every one of a league's
 * 128 pages and rewrote it whole: at 100 classes in one league the whole league's contributions
 * were read, parsed and written again a batch, and the restore's time and heap grew with the
 * file (issue 39, 2026-12-02: `readPage` and `editPages` 16 s of CPU, batches 0.9 s at the start
 * and 3.3 s at the end, peak heap 323-550 MB).
 */
function pageKey(page: number, seq: number): number {
	return page * PAGE_SPAN + seq;
}

/**
 * Standings pages staged together: a part is staged as up to `PAGES / PAGE_GROUP` rows, not one a
 * page (a row a game or two at 10 classes: staging, reading back and dropping 5,400 rows cost
 * more than the pages saved there), and a batch still rewrites at most 8 pages of its league.
 */
export const PAGE_GROUP = 8;

/**
 * `part` (checked) split by the group of standings pages of each game (`PAGE_GROUP`; its log,
 * signatures and print go with it), and its other records (leagues, players, sessions, matches,
 * inbox, turned-in cards) as the group after every group of games; in the file's order within
 * each.
 */
function byPage(
	part: StoreDump,
	prints: Record<string, string>
): { page: number; part: StoreDump; prints: Record<string, string> }[] {
	const pages = new Map<number, { part: StoreDump; prints: Record<string, string> }>();
	const events = byGame(part.events);
	const signatures = byGame(part.signatures);
	for (const game of part.games) {
		const page = Math.floor(pageOf(game.id) / PAGE_GROUP);
		let group = pages.get(page);
		if (!group) pages.set(page, (group = { part: emptyDump(), prints: bare() }));
		group.part.games.push(game);
		group.part.events.push(...(events.get(game.id) ?? []));
		group.part.signatures.push(...(signatures.get(game.id) ?? []));
		const print = own(prints, game.id);
		if (print !== undefined) group.prints[game.id] = print;
	}
	const rest = { ...part, games: [], events: [], signatures: [] };
	if (recordsIn(rest) > 0) pages.set(Math.ceil(PAGES / PAGE_GROUP), { part: rest, prints: bare() });
	return [...pages].sort(([a], [b]) => a - b).map(([page, group]) => ({ page, ...group }));
}

/**
 * How far a restore has got: checking the file (staging it, the store untouched) or writing it
 * into the store, and how many of the file's games (cards) that step has done.
 */
export interface RestoreStep {
	/** Restoring: a replace onto an empty device, checking and writing together. */
	step: 'checking' | 'writing' | 'restoring';
	games: number;
	/** The file's games; null when not known (a restore left by a tab before issue 39). */
	total: number | null;
}

/** Told how far a restore has got, after each part checked and each batch written. */
export type RestoreProgress = (step: RestoreStep) => void;

/**
 * About the records a transaction of the applying writes (staged parts of about 2,000 records
 * each, `backup.ts`): a few large transactions rather than many small ones, each small enough
 * that its records and the derived data worked out for them stay a few megabytes.
 */
export const BATCH_RECORDS = 20_000;

/** The records a staged part holds, all tables together. */
function recordsIn(part: StoreDump): number {
	let n = 0;
	for (const t of TABLES) n += part[t].length;
	return n;
}

/**
 * What a start did with a restore the last tab left under way: finished it, discarded it while
 * it had changed nothing, or undid one writing onto an empty device.
 */
export type Resumed = 'finished' | 'discarded' | 'undone' | null;

const BUSY = Symbol('busy');

/**
 * Runs `work` holding the restore's Web Lock, or gives `BUSY` when another tab holds it.
 * Where the browser has no Web Locks (tests in Node), the work simply runs.
 */
async function exclusively<T>(work: () => Promise<T>): Promise<T | typeof BUSY> {
	const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
	if (!locks) return work();
	return locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? work() : BUSY));
}

/**
 * Restores the file whose checked parts `parts` gives (see the top of this file). Refused
 * anywhere before applying, it changes nothing.
 * @param parts the file's parts; a throw from the iteration, even after the last part,
 * refuses the restore
 * @param opts.outside the file comes from outside this device: a merge then changes no league
 * the device holds, and brings their cards to the inbox (`card/outside-part.ts`)
 * @param opts.firstLeague made current when no league is current afterwards
 * @throws DbError `restore-busy` (another tab is restoring), `incoming-*`; CardError
 * `incoming-*`, `student-id-*` (`checkDump`); or what `parts` throws
 */
export async function restoreStaged(
	parts: AsyncIterable<StoreDump>,
	mode: RestoreMode,
	opts: {
		outside?: boolean;
		firstLeague?: string | null;
		onProgress?: RestoreProgress;
		/** The file's games, when the caller knows them: the checking's progress counts to it. */
		games?: number;
		/** Records a transaction writes (`BATCH_RECORDS`); tests write a part at a time with 1. */
		batchRecords?: number;
	} = {}
): Promise<void> {
	const tell = opts.onProgress ?? (() => undefined);
	const out = await exclusively(async () => {
		// One a closed tab left half-written is finished first: its parts are staged already.
		// One it left writing straight onto an empty device is undone.
		const left = await restoreUnderWay();
		if (left?.phase === 'applying') await apply(openStaging(), left, () => undefined);
		if (left?.phase === 'direct') await emptyAgain();
		const direct = mode === 'replace' && (await storeDump.isEmpty());
		const marker: RestoreMarker = {
			phase: direct ? 'direct' : 'staging',
			mode,
			parts: 0,
			next: 0,
			cleared: mode !== 'replace',
			firstLeague: opts.firstLeague ?? null,
			startedAt: new Date().toISOString()
		};
		// A replace empties the store first: then the device holds no league the file could change.
		if (opts.outside) marker.held = mode === 'merge' ? [...(await storeDump.heldLeagues())] : [];
		await dropStaging();
		await writeMarker(marker);
		if (direct) {
			await restoreDirect(parts, marker, tell, opts.games ?? null, opts.batchRecords);
			return;
		}
		const staging = openStaging();
		// The part being staged: the next is read and checked meanwhile (the staging database
		// writes in the browser's own process), so checking and staging take the time of the
		// longer, not of both; one part at a time waits, so the heap holds one part more.
		let staged: Promise<unknown> = Promise.resolve();
		try {
			// Rows staged: a merge's parts as they come (checked in that order, before the first write), a
			// replace's split by page (`pageKey`).
			let n = 0;
			let games = 0;
			tell({ step: 'checking', games, total: opts.games ?? null });
			for await (const part of parts) {
				const checked = await checkDumpWithPrints(part);
				await staged;
				const rows: StagedPart[] =
					mode === 'replace'
						? byPage(checked.dump, checked.prints).map((g, i) => ({
								n: pageKey(g.page, n + i),
								part: g.part,
								prints: g.prints
							}))
						: [{ n, part: checked.dump, prints: checked.prints }];
				staged = stage(staging, rows);
				// Awaited above or below; a refusal meanwhile is not an unhandled one.
				staged.catch(() => undefined);
				n += rows.length;
				games += part.games.length;
				tell({ step: 'checking', games, total: opts.games ?? null });
			}
			await staged;
			if (mode === 'merge') {
				// Each part compared, read only, with what the device holds before the first write:
				// a part that would take over another league's records refuses the whole restore.
				for (let i = 0; i < n; i++) {
					await checkMerge((await stagedOf(staging, i)).part, heldOf(marker));
				}
			}
			marker.parts = n;
			marker.games = games;
			marker.gamesDone = 0;
			marker.phase = 'applying';
			await writeMarker(marker);
		} catch (err) {
			await staged.catch(() => undefined);
			await dropStaging(staging);
			await writeMarker(null);
			throw err;
		}
		await apply(staging, marker, tell, opts.batchRecords);
	});
	if (out === BUSY) throw new DbError('restore-busy');
}

/** The leagues a file from outside may not change, or null for the device's own file. */
function heldOf(marker: RestoreMarker): ReadonlySet<string> | null {
	return marker.held ? new Set(marker.held) : null;
}

/** StagedPart parts read in one request by the writing (a replace's are a game or two each). */
const READ_PARTS = 64;

/**
 * The staged parts from key `next` on, in key order, that one transaction writes: at least one
 * (none when none is left), and more while they hold at most `most` records together; read
 * `READ_PARTS` at a time, each read a short request of its own. `ahead`, the parts from `next`
 * read already, are not read again; those read beyond the batch are given back as the next
 * one's `ahead`.
 */
async function batchFrom(
	staging: Staging,
	next: number,
	most: number,
	ahead: StagedPart[]
): Promise<{ batch: StagedPart[]; ahead: StagedPart[] }> {
	const batch: StagedPart[] = [];
	let records = 0;
	let read = ahead;
	let key = next;
	for (;;) {
		if (read.length === 0) {
			const from = key;
			read = await stagedFrom(staging, from, READ_PARTS);
			if (read.length === 0) return { batch, ahead: [] };
		}
		for (let i = 0; i < read.length; i++) {
			const staged = read[i]!;
			const more = recordsIn(staged.part);
			if (batch.length > 0 && records + more > most) return { batch, ahead: read.slice(i) };
			batch.push(staged);
			records += more;
			key = staged.n + 1;
		}
		read = [];
	}
}

/** The prints of `batch`'s games, or null when a part of it was staged without them. */
function printsOf(batch: readonly StagedPart[]): Record<string, string> | null {
	if (batch.some((s) => !s.prints)) return null;
	return batch.length === 1
		? batch[0]!.prints!
		: Object.assign(bare<string>(), ...batch.map((s) => s.prints));
}

/**
 * Writes the staged parts from `marker.next` on, a batch per transaction with the marker moved
 * on (see the top of this file), after a replace has emptied the store; then drops the marker
 * and the staging database, and makes the file's first league current when none is.
 */
async function apply(
	staging: Staging,
	marker: RestoreMarker,
	onProgress: RestoreProgress,
	batchRecords = BATCH_RECORDS
): Promise<void> {
	if (!marker.cleared) {
		await storeDump.clearInSteps();
		marker.cleared = true;
		await writeMarker(marker);
	}
	const total = marker.games ?? null;
	const tell = () => onProgress({ step: 'writing', games: marker.gamesDone ?? 0, total });
	tell();
	const from = (next: number, ahead: StagedPart[]) => batchFrom(staging, next, batchRecords, ahead);
	// The parts written so far (a marker from before the keys by page counted them in `next`).
	let applied = marker.applied ?? marker.next;
	// While the store writes a batch, the next is read from the staging database and the one
	// before is dropped from it: the two databases work side by side (at most two batches are
	// held, whatever the file's size).
	let reading = from(marker.next, []);
	let dropping: Promise<unknown> = Promise.resolve();
	try {
		for (;;) {
			const read = await reading;
			const { batch } = read;
			if (batch.length === 0) break;
			const games = batch.reduce((n, { part }) => n + part.games.length, 0);
			const next = {
				...marker,
				next: batch.at(-1)!.n + 1,
				applied: applied + batch.length,
				...(marker.gamesDone === undefined ? {} : { gamesDone: marker.gamesDone + games })
			};
			const writing = storeDump.writeBatch(
				batch.map((s) => s.part),
				marker.mode,
				heldOf(marker),
				printsOf(batch),
				checkMerge,
				{ marker: next }
			);
			reading = from(next.next, read.ahead);
			reading.catch(() => undefined);
			await writing;
			// Committed: the staged copies are not needed any more (their room goes back as it goes).
			const written = batch.map((s) => s.n);
			dropping = dropping.then(() => unstage(staging, written));
			dropping.catch(() => undefined);
			Object.assign(marker, next);
			applied = next.applied;
			tell();
		}
		await dropping;
		// Every staged part is written: one missing from the staging database stops here.
		if (applied !== marker.parts) {
			throw new DbError('incoming-damaged', { detail: 'a part of the restore is missing' });
		}
	} finally {
		// Nothing left running against the staging database when it is closed or dropped.
		await Promise.allSettled([reading, dropping]);
	}
	await finishRestore(marker.firstLeague);
	await dropStaging(staging);
}

/**
 * A replace onto an empty device (see the top of this file): each part checked, then written
 * with the others of its batch (about `batchRecords` records) in one transaction; the
 * league-wide records are worked out once at the end (`rebuildLeagueWide`), the batches having
 * left them (`leaveLeagueWide`). Refused anywhere, the device is emptied again. (Checking the
 * next parts while the store wrote a batch saved nothing measurable at 10 classes, 6.2-6.5 s
 * either way: the page's own thread does both.)
 */
async function restoreDirect(
	parts: AsyncIterable<StoreDump>,
	marker: RestoreMarker,
	tell: RestoreProgress,
	total: number | null,
	batchRecords = BATCH_RECORDS
): Promise<void> {
	let written = 0;
	let batch: { dump: StoreDump; prints: Record<string, string> }[] = [];
	let records = 0;
	// The standings pages of the games written, filled as they are (not read back at the end).
	const pages = new PagesFilled();
	const show = () => tell({ step: 'restoring', games: written, total });
	const flush = async () => {
		await storeDump.writeBatch(
			batch.map((b) => b.dump),
			'replace',
			heldOf(marker),
			Object.assign(bare<string>(), ...batch.map((b) => b.prints)),
			checkMerge,
			{ leaveLeagueWide: true }
		);
		for (const { dump } of batch) {
			for (const game of dump.games) pages.add(game);
			written += dump.games.length;
		}
		batch = [];
		records = 0;
		show();
	};
	try {
		show();
		for await (const part of parts) {
			const checked = await checkDumpWithPrints(part);
			batch.push(checked);
			records += recordsIn(checked.dump);
			if (records >= batchRecords) await flush();
		}
		if (batch.length > 0) await flush();
		await rebuildLeagueWide(pages);
	} catch (err) {
		await emptyAgain();
		throw err;
	}
	await finishRestore(marker.firstLeague);
}

/** Empties a device a restore was writing straight into (it held nothing before), and drops the marker. */
async function emptyAgain(): Promise<void> {
	await storeDump.clearInSteps();
	await writeMarker(null);
}

/**
 * At a start: finishes a restore that a closed tab left applying, or discards one it left
 * staging (the store was not touched then) or writing onto an empty device (emptied again). Gives what it did, or null when there was nothing
 * to do (or another tab is on it).
 */
export async function resumeRestore(): Promise<Resumed> {
	const out = await exclusively(async (): Promise<Resumed> => {
		const marker = await restoreUnderWay();
		if (!marker) return null;
		if (marker.phase === 'staging') {
			await dropStaging();
			await writeMarker(null);
			return 'discarded';
		}
		// The device was empty before: emptied again, it is as it was.
		if (marker.phase === 'direct') {
			await emptyAgain();
			return 'undone';
		}
		await apply(openStaging(), marker, () => undefined);
		return 'finished';
	});
	return out === BUSY ? null : out;
}
