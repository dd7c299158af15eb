/**
 * What a merge of a backup into the store writes, worked out without the store (issue 35: the
 * store only stores): from the file's records and the device's, which records are new, which
 * are newer versions, which the device keeps, and which of the file's games would replace a
 * card the device counts. `db/store-dump.ts` reads the device's records and writes the plan.
 */
import { countsInStandings } from './contributions';
import type { StoreDump } from './backup-records';
import type { GameRecord } from './records';

/** How a restore treats what the device already holds. */
export type RestoreMode = 'merge' | 'replace';

/** What a restore will do to one table. */
export interface TablePlan {
	/** Records not on the device: added. */
	added: number;
	/** Records on the device that the file has in a newer version: replaced by it. */
	updated: number;
	/** Records the device already has as they are, or in a newer version: kept. */
	kept: number;
	/** Records on the device that a replace removes. */
	removed: number;
}

/** What a restore will do, table by table. */
export type RestorePlan = Record<keyof StoreDump, TablePlan>;

/** The tables a backup holds. */
export const TABLES = [
	'leagues',
	'players',
	'sessions',
	'games',
	'events',
	'matches',
	'signatures',
	'inbox',
	'turnIns'
] as const;

/** A store dump with no records, to fill a part of. */
export function emptyDump(): StoreDump {
	return {
		leagues: [],
		players: [],
		sessions: [],
		games: [],
		events: [],
		matches: [],
		signatures: [],
		inbox: [],
		turnIns: []
	};
}

/** A count of zero for each table. */
export function emptyCounts(): Record<keyof StoreDump, number> {
	return {
		leagues: 0,
		players: 0,
		sessions: 0,
		games: 0,
		events: 0,
		matches: 0,
		signatures: 0,
		inbox: 0,
		turnIns: 0
	};
}

type Stamped = { id: string; updatedAt: string };

/** Parts `parts` as one part (each game's rows are in its own part, so in this one). */
export function joinParts(parts: readonly StoreDump[]): StoreDump {
	if (parts.length === 1) return parts[0]!;
	const out = emptyDump();
	for (const t of TABLES) {
		(out[t] as unknown[]) = parts.flatMap((part) => part[t] as unknown[]);
	}
	return out;
}

/**
 * When a record last changed. A game's `updatedAt` follows its log only, so its void and its
 * signing (a field issue 4 adds) count too.
 */
function changedAt(record: Stamped): string {
	const { voidedAt, signedAt } = record as { voidedAt?: unknown; signedAt?: unknown };
	return [record.updatedAt, voidedAt, signedAt]
		.filter((t): t is string => typeof t === 'string')
		.reduce((a, b) => (b > a ? b : a));
}

/**
 * Which of the file's records a merge writes: new ones, and newer versions of ones held, but
 * for those `keep` keeps as the device holds them.
 */
function newer<T extends Stamped>(
	incoming: readonly T[],
	held: ReadonlyMap<string, T>,
	keep: ReadonlySet<string> = new Set()
) {
	const write: T[] = [];
	let added = 0;
	let updated = 0;
	for (const record of incoming) {
		const mine = held.get(record.id);
		if (!mine) added++;
		else if (!keep.has(record.id) && changedAt(record) > changedAt(mine)) updated++;
		else continue;
		write.push(record);
	}
	return { write, added, updated, kept: incoming.length - write.length };
}

/**
 * The file's games that would replace a card the device counts with a different one, being
 * dated later: a merge never does (issue 37), as a date is anyone's to type. Those signed and
 * locked are offered to the instructor in the inbox (`backup/merge-check.ts`); an unsigned one is an
 * earlier state of the card, and is left out. (An earlier-dated version was never taken.)
 */
function rivalsOfCounted(file: StoreDump, held: StoreDump): GameRecord[] {
	const mine = byId(held.games);
	return file.games.filter((g) => {
		const h = mine.get(g.id);
		return (
			h !== undefined &&
			countsInStandings(h) &&
			g.fingerprint !== h.fingerprint &&
			changedAt(g) > changedAt(h)
		);
	});
}

export function byId<T extends { id: string }>(records: readonly T[]): Map<string, T> {
	return new Map(records.map((r) => [r.id, r]));
}

/**
 * Records without a time of change, by `key`: the file's are added where the device has none
 * of that key, or where `later` says the file's is newer; the device's are kept otherwise.
 */
function missing<T>(
	file: readonly T[],
	held: readonly T[],
	key: (r: T) => string,
	later: (a: T, b: T) => boolean = () => false
): { write: T[]; added: number; updated: number; kept: number } {
	const mine = new Map(held.map((r) => [key(r), r]));
	const write: T[] = [];
	let added = 0;
	let updated = 0;
	for (const r of file) {
		const m = mine.get(key(r));
		if (!m) added++;
		else if (later(r, m)) updated++;
		else continue;
		write.push(r);
	}
	return { write, added, updated, kept: file.length - write.length };
}

/**
 * The rows that belong to a game (its events, its signatures) and go with it: those of the
 * games taken from the file replace the device's rows of those games.
 */
function following<T extends { gameId: string }>(
	file: readonly T[],
	held: readonly T[],
	taken: ReadonlySet<string>
): { write: T[]; plan: TablePlan } {
	const write = file.filter((r) => taken.has(r.gameId));
	const replaced = held.filter((r) => taken.has(r.gameId)).length;
	return {
		write,
		plan: {
			added: Math.max(0, write.length - replaced),
			updated: Math.min(write.length, replaced),
			kept: file.length - write.length,
			removed: Math.max(0, replaced - write.length)
		}
	};
}

/**
 * The merge: records by id, where the same record twice is one record and, of two versions,
 * the later change wins. A game and its rows go together: a game taken from the file brings
 * its whole log and its signatures, replacing the device's, so two logs are never interleaved
 * and a signature never meets a version of the card it did not sign.
 *
 * With `addOnly` (a file from outside this device, split by `outsidePart`), a record the device
 * holds is never replaced, whatever its date: only records it lacks are added.
 */
export function mergePlan(file: StoreDump, held: StoreDump, addOnly = false) {
	const rivals = addOnly ? [] : rivalsOfCounted(file, held);
	const take = <T extends Stamped>(
		incoming: readonly T[],
		mine: readonly T[],
		keep?: Set<string>
	) => (addOnly ? missing(incoming, mine, (r) => r.id) : newer(incoming, byId(mine), keep));
	const games = take(file.games, held.games, new Set(rivals.map((g) => g.id)));
	const taken = new Set(games.write.map((g) => g.id));
	return {
		leagues: take(file.leagues, held.leagues),
		players: take(file.players, held.players),
		sessions: take(file.sessions, held.sessions),
		games,
		matches: take(file.matches, held.matches),
		events: following(file.events, held.events, taken),
		signatures: following(file.signatures, held.signatures, taken),
		// A received card is kept as it arrived; its state is the device's to change.
		inbox: missing(file.inbox, held.inbox, (r) => r.id),
		turnIns: missing(
			file.turnIns,
			held.turnIns,
			(r) => r.gameId,
			(a, b) => a.at > b.at
		),
		taken,
		rivals
	};
}
