/**
 * Backup and restore: one file with everything the app keeps (every league, student, session,
 * game, event, signature and UDL match, and the cards received and turned in).
 *
 * The file (format 3) is written as it is read, a part at a time, never whole in memory: a
 * header line (app, format, app version, export time, and the public key of the device that
 * wrote it), then one record a line, each a JSON object with one key naming its kind
 * (`{"card":{"game":…,"events":[…],"signatures":[…]}}` carries a game with its log and its
 * signatures), an `end` line with the count of each kind, so a file cut short at a line's end
 * is still seen as cut short, and last the device's seal over every line (`seal.ts`). Format 2
 * (the same lines, with no key and no seal) and format 1 (the whole backup as one JSON object)
 * are still read.
 *
 * Who vouches for a file decides what a restore may do with it (issue 37). A file sealed by
 * this device is its own memory: merged or restored as it is. Any other (sealed by another
 * device, from before seals, or made by hand) restores by the instructor's choice, and a merge
 * of it never changes a league this device holds: its cards for those leagues wait in the
 * inbox for the instructor to accept (`db/store-dump.ts` `outsidePart`).
 *
 * A restore reads the file as a stream, a part at a time, in steps that each refuse with a
 * plain reason: not JSON (cut short), not ours (foreign), too new, or damaged (a record's
 * schema, or the links between records). `readBackup` checks the whole file first and keeps
 * only what the preview shows; `restoreBackup` then reads it again into a staging database,
 * every part through the checks of records from outside (`card/incoming-check.ts`), and only
 * then writes it into the store, a part per transaction (`backup/restore.ts`): a refused file
 * changes nothing.
 */
import * as v from 'valibot';
import { planInParts, type FilePlan } from './merge-check';
import { restoreStaged } from './restore';
import * as storeDump from '$lib/db/store-dump';
import type { StoreDump } from '$lib/card/backup-records';
import { byGame } from '$lib/card/incoming-check';
import { localDay } from '$lib/days';
import { fingerprint } from '$lib/card/keys';
import { deviceKey, type DeviceKey } from '$lib/db/device-key';
import { LineChain, sealHolds, sealLine } from './seal';
import { restoreTracker, type RestoreShown } from './restore-progress';
import { CodedError } from '$lib/coded-error';
import type { MessageCode } from '$lib/messages';
import {
	BACKUP_APP,
	BACKUP_FORMAT,
	CardSchema,
	HeaderSchema,
	InboxSchema,
	LeagueSchema,
	LEGACY_FORMAT,
	LegacyBackupSchema,
	MatchSchema,
	PlayerSchema,
	SessionSchema,
	TurnInSchema,
	type LegacyBackup,
	type StoreData
} from './schema';
import { TABLES, emptyCounts, emptyDump, type RestoreMode } from '$lib/card/merge-plan';

/** Why a file cannot be restored (sentences in `messages.ts`). */
export type BackupErrorCode = Extract<
	MessageCode,
	| 'backup-too-big'
	| 'backup-not-json'
	| 'backup-foreign'
	| 'backup-newer'
	| 'backup-damaged'
	| 'backup-changed'
>;

/** A file refused for restore. Nothing was changed. */
export class BackupError extends CodedError<BackupErrorCode> {
	override readonly name = 'BackupError';
}

/** Told how far a long backup or restore has got, as a share from 0 to 1. */
export type Progress = (share: number) => void;

/** Receives a file's text part by part, in order. */
export type PartWriter = (part: string) => void | Promise<void>;

/** The tables of a backup, in the order the preview lists them. */
type TableName = keyof StoreData;

/** The tables other records point at. */
type Referenced = 'leagues' | 'players' | 'sessions' | 'games';

/** The kind of each line of a format 2 file, and the table its records go to. */
const KINDS = {
	turnIn: 'turnIns',
	received: 'inbox',
	match: 'matches',
	card: 'games',
	session: 'sessions',
	player: 'players',
	league: 'leagues'
} as const;
type Kind = keyof typeof KINDS;

const RECORD_SCHEMAS = {
	turnIn: TurnInSchema,
	received: InboxSchema,
	match: MatchSchema,
	card: CardSchema,
	session: SessionSchema,
	player: PlayerSchema,
	league: LeagueSchema
} as const;

/** Records (a game counts with its events) gathered before a part is handed on. */
const PART_RECORDS = 2000;
/** Text gathered before a part is handed on. */
const PART_CHARS = 1_000_000;

/** The name of a backup made at `now`. */
export function backupName(now: Date = new Date()): string {
	return `muggins-backup-${localDay(now)}.json`;
}

/**
 * Writes the backup of everything on this device to `write`, part by part (the store read a
 * part at a time, `storeDump.dumpInParts`). Gives how many records of each table it wrote.
 * @param appVersion written in the file, for the record
 */
export async function writeBackup(
	appVersion: string,
	write: PartWriter,
	opts: { now?: Date; onProgress?: Progress } = {}
): Promise<Record<TableName, number>> {
	const key = await deviceKey();
	const chain = new LineChain();
	const sealed = async (text: string) => {
		await chain.addLines(text);
		await write(text);
	};
	await sealed(headerLine(appVersion, opts.now ?? new Date(), key));
	// The events and signatures are left out of the progress: counting them would read every
	// game's log and signatures once more.
	const total = Object.values(await storeDump.counts(false)).reduce((a, b) => a + b, 0);
	const counts = emptyCounts();
	let done = 0;
	for await (const part of storeDump.dumpInParts()) {
		await sealed(partLines(part));
		for (const t of TABLES) {
			counts[t] += part[t].length;
			if (t !== 'events' && t !== 'signatures') done += part[t].length;
		}
		opts.onProgress?.(total > 0 ? Math.min(1, done / total) : 1);
	}
	await sealed(endLine(counts));
	await write(await sealLine(chain, key.privateKey));
	return counts;
}

/** A format 3 file's first line, naming the device (`key`) whose seal ends the file. */
export function headerLine(
	appVersion: string,
	now: Date,
	key: Pick<DeviceKey, 'publicKey'>
): string {
	const header = {
		app: BACKUP_APP,
		format: BACKUP_FORMAT,
		appVersion,
		exportedAt: now.toISOString(),
		device: key.publicKey
	};
	return JSON.stringify(header) + '\n';
}

/** The end line (before the seal): how many records of each table the file holds. */
export function endLine(counts: Record<TableName, number>): string {
	return JSON.stringify({ end: counts }) + '\n';
}

/**
 * The lines of the records of `part`, each ended with a newline: a game with its events and
 * signatures (which must be in the same part) on one line.
 */
export function partLines(part: StoreDump): string {
	const lines: string[] = [];
	const line = (kind: Kind, record: unknown) =>
		lines.push(`{"${kind}":${JSON.stringify(record)}}\n`);
	for (const r of part.turnIns) line('turnIn', r);
	for (const r of part.inbox) line('received', r);
	for (const r of part.matches) line('match', r);
	const events = byGame(part.events);
	const signatures = byGame(part.signatures);
	for (const game of part.games) {
		line('card', {
			game,
			events: events.get(game.id) ?? [],
			signatures: signatures.get(game.id) ?? []
		});
	}
	for (const r of part.sessions) line('session', r);
	for (const r of part.players) line('player', r);
	for (const r of part.leagues) line('league', r);
	return lines.join('');
}

/** A backup as one text: for tests and small stores (the app writes the parts as they come). */
export async function makeBackup(
	appVersion: string,
	opts: { now?: Date } = {}
): Promise<{ name: string; text: string }> {
	const parts: string[] = [];
	await writeBackup(appVersion, (p) => void parts.push(p), opts);
	return { name: backupName(opts.now), text: parts.join('') };
}

function damaged(detail: string): BackupError {
	return new BackupError('backup-damaged', { detail });
}

/** Where an issue is, as a reader can follow it: "games 3 → seats". */
function where(issue: v.BaseIssue<unknown>, prefix = ''): string {
	const path = v.getDotPath(issue);
	const inside = path ? path.replace(/^data\./, '').replace(/\./g, ' → ') : '';
	return [prefix, inside].filter(Boolean).join(' → ') || 'the file';
}

/**
 * The file's own rules, checked record by record across a whole read: no id twice in a table,
 * each game's log whole and in order, and every reference pointing at a record in the file
 * (checked at the end, as a record may name one further on).
 */
class FileCheck {
	readonly counts = emptyCounts();
	readonly leagueNames: string[] = [];
	firstLeague: string | null = null;
	#ids = new Map<TableName, Set<string>>();
	/** Ids named before their record was read, by table: what named each first. */
	#wanted = new Map<Referenced, Map<string, string>>();

	#unique(table: TableName, key: string, what: string): void {
		let seen = this.#ids.get(table);
		if (!seen) this.#ids.set(table, (seen = new Set()));
		if (seen.has(key)) throw damaged(`${what} ${key} appears twice`);
		seen.add(key);
	}

	#needs(table: Referenced, id: string | null, what: () => string) {
		if (id === null || this.#ids.get(table)?.has(id)) return;
		let wanted = this.#wanted.get(table);
		if (!wanted) this.#wanted.set(table, (wanted = new Map()));
		if (!wanted.has(id)) wanted.set(id, what());
	}

	/** Checks the records of `part` and counts them. */
	add(part: StoreDump): void {
		for (const l of part.leagues) {
			this.#unique('leagues', l.id, 'league');
			this.leagueNames.push(l.name);
			this.firstLeague ??= l.id;
		}
		for (const p of part.players) {
			this.#unique('players', p.id, 'player');
			this.#needs('leagues', p.leagueId, () => `player ${p.id} names a missing league`);
		}
		for (const s of part.sessions) {
			this.#unique('sessions', s.id, 'session');
			this.#needs('leagues', s.leagueId, () => `session ${s.id} names a missing league`);
		}
		const gameIds = new Set<string>();
		for (const g of part.games) {
			this.#unique('games', g.id, 'game');
			gameIds.add(g.id);
			this.#needs('leagues', g.leagueId, () => `game ${g.id} names a missing league`);
			this.#needs('sessions', g.sessionId, () => `game ${g.id} names a missing session`);
			for (const p of g.seats) {
				this.#needs('players', p, () => `game ${g.id} seats a missing player`);
			}
		}
		// A game's events come in the same part as the game (on its line): each log is checked
		// whole here, with no set of every event of the file kept.
		const lastSeq = new Map<string, number>();
		for (const e of [...part.events].sort((a, b) => a.seq - b.seq)) {
			if (!gameIds.has(e.gameId)) throw damaged(`an event belongs to a missing game ${e.gameId}`);
			const expected = (lastSeq.get(e.gameId) ?? 0) + 1;
			if (e.seq !== expected) throw damaged(`game ${e.gameId} is missing event ${expected}`);
			lastSeq.set(e.gameId, e.seq);
		}
		for (const x of part.signatures) {
			this.#unique('signatures', x.id, 'signature');
			if (!gameIds.has(x.gameId)) {
				throw damaged(`a signature belongs to a missing game ${x.gameId}`);
			}
		}
		for (const m of part.matches) {
			this.#unique('matches', m.id, 'match');
			for (const g of m.gameIds) {
				this.#needs('games', g, () => `match ${m.id} names a missing game`);
			}
		}
		for (const r of part.inbox) {
			this.#unique('inbox', r.id, 'received card');
			this.#needs('leagues', r.leagueId, () => 'a received card names a missing league');
		}
		for (const r of part.turnIns) this.#unique('turnIns', r.gameId, 'turned-in card');
		for (const t of TABLES) this.counts[t] += part[t].length;
	}

	/** Checks what the records named further on, once the whole file is read. */
	finish(expected?: Record<string, unknown>): void {
		for (const [table, wanted] of this.#wanted) {
			const ids = this.#ids.get(table);
			for (const [id, what] of wanted) if (!ids?.has(id)) throw damaged(what);
		}
		if (expected) {
			for (const t of TABLES) {
				if (expected[t] !== this.counts[t]) throw damaged(`its end does not count its ${t}`);
			}
		}
	}
}

/** The lines of `blob`, read as a stream, with how many bytes had been read at each. */
async function* linesOf(blob: Blob): AsyncGenerator<{ line: string; at: number }> {
	const reader = blob.stream().getReader();
	const decoder = new TextDecoder();
	let rest = '';
	let at = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		at += value.byteLength;
		rest += decoder.decode(value, { stream: true });
		const lines = rest.split('\n');
		rest = lines.pop()!;
		for (const line of lines) yield { line, at };
	}
	rest += decoder.decode();
	if (rest !== '') yield { line: rest, at };
}

function parseLine(line: string): unknown {
	try {
		return JSON.parse(line);
	} catch {
		throw new BackupError('backup-not-json');
	}
}

/** Refuses a header that is not this app's, or of a newer format. */
function checkApp(json: unknown): void {
	if (typeof json !== 'object' || json === null || (json as { app?: unknown }).app !== BACKUP_APP) {
		throw new BackupError('backup-foreign');
	}
	const format = (json as { format?: unknown }).format;
	if (typeof format === 'number' && format > BACKUP_FORMAT) {
		throw new BackupError('backup-newer', { format });
	}
}

/** Splits `records` into parts of `size` records. */
function* chunks<T>(records: readonly T[], size = PART_RECORDS): Generator<T[]> {
	for (let i = 0; i < records.length; i += size) yield records.slice(i, i + size);
}

/** A format 1 file's tables as parts, a game with its events and signatures. */
function* legacyParts(data: StoreData): Generator<StoreDump> {
	const empty = emptyDump;
	for (const t of ['turnIns', 'inbox', 'matches', 'sessions', 'players', 'leagues'] as const) {
		for (const chunk of chunks<unknown>(data[t])) yield { ...empty(), [t]: chunk };
	}
	const events = byGame(data.events);
	const signatures = byGame(data.signatures);
	const gameIds = new Set(data.games.map((g) => g.id));
	for (const e of data.events) {
		if (!gameIds.has(e.gameId)) throw damaged(`an event belongs to a missing game ${e.gameId}`);
	}
	for (const x of data.signatures) {
		if (!gameIds.has(x.gameId)) throw damaged(`a signature belongs to a missing game ${x.gameId}`);
	}
	for (const games of chunks(data.games, 200)) {
		yield {
			...empty(),
			games,
			events: games.flatMap((g) => events.get(g.id) ?? []),
			signatures: games.flatMap((g) => signatures.get(g.id) ?? [])
		};
	}
}

/** A format 1 file's text, parsed and checked against its schema. */
function readLegacy(text: string): LegacyBackup {
	let json: unknown;
	try {
		json = JSON.parse(text.replace(/^\uFEFF/, ''));
	} catch {
		throw new BackupError('backup-not-json');
	}
	checkApp(json);
	const parsed = v.safeParse(LegacyBackupSchema, json);
	if (!parsed.success) {
		const [issue] = parsed.issues;
		throw damaged(`${where(issue)}: ${issue.message}`);
	}
	return parsed.output;
}

/** Reads the whole of a format 1 file as text: it was written as one piece. */
async function legacyText(file: Blob): Promise<string> {
	try {
		return await file.text();
	} catch (err) {
		if (err instanceof RangeError) {
			throw new BackupError('backup-too-big', { size: (file.size / 1024 / 1024).toFixed(1) });
		}
		throw err;
	}
}

/**
 * The parts of a format 2 or 3 file after its header, each record checked against its schema,
 * then by `check` (none on the second reading: `readBackup`); the `end` line last, with the
 * counts `check` must have seen, and in format 3 the seal of the device the header names
 * (`device`), over every line before it.
 * @throws BackupError `backup-changed` when the seal does not hold
 */
async function* lineParts(
	file: Blob,
	check: FileCheck | null,
	device: string | null,
	onProgress?: Progress
): AsyncGenerator<StoreDump> {
	let part = emptyDump();
	let records = 0;
	let chars = 0;
	let number = 0;
	let ended: Record<string, unknown> | null = null;
	const chain = device === null ? null : new LineChain();
	let sealed = false;
	for await (const { line, at } of linesOf(file)) {
		number++;
		if (number === 1) {
			await chain?.add(line);
			continue;
		}
		if (line.trim() === '') continue;
		if (sealed || (ended && !chain)) throw damaged(`line ${number} comes after the end`);
		const json = parseLine(line);
		const keys = typeof json === 'object' && json !== null ? Object.keys(json) : [];
		const kind = keys[0];
		if (keys.length !== 1 || kind === undefined) throw damaged(`line ${number} is not a record`);
		const value = (json as Record<string, unknown>)[kind];
		if (ended && chain && device !== null) {
			// Format 3: after the end, only the seal of every line before it.
			if (kind !== 'seal' || typeof value !== 'string') {
				throw damaged(`line ${number} comes after the end`);
			}
			if (!(await sealHolds(chain, device, value))) throw new BackupError('backup-changed');
			sealed = true;
			continue;
		}
		await chain?.add(line);
		if (kind === 'end') {
			if (typeof value !== 'object' || value === null) throw damaged(`line ${number}: the end`);
			ended = value as Record<string, unknown>;
			continue;
		}
		// Own keys only: `in` would take `__proto__`, `constructor` or `toString` for a kind.
		if (!Object.hasOwn(KINDS, kind)) throw damaged(`line ${number} is an unknown kind of record`);
		const parsed = v.safeParse(RECORD_SCHEMAS[kind as Kind], value);
		if (!parsed.success) {
			const [issue] = parsed.issues;
			throw damaged(`${where(issue, `line ${number} (${kind})`)}: ${issue.message}`);
		}
		if (kind === 'card') {
			const card = parsed.output as v.InferOutput<typeof CardSchema>;
			part.games.push(card.game);
			part.events.push(...card.events);
			part.signatures.push(...card.signatures);
			records += 1 + card.events.length;
		} else {
			(part[KINDS[kind as Kind]] as unknown[]).push(parsed.output);
			records++;
		}
		chars += line.length;
		if (records >= PART_RECORDS || chars >= PART_CHARS) {
			check?.add(part);
			yield part;
			onProgress?.(file.size > 0 ? at / file.size : 1);
			part = emptyDump();
			records = chars = 0;
		}
	}
	if (!ended || (chain && !sealed)) throw new BackupError('backup-not-json');
	check?.add(part);
	yield part;
	check?.finish(ended);
	onProgress?.(1);
}

/**
 * Who vouches for a backup: this device (its seal, unchanged since), another device (its seal:
 * a laptop the teacher replaced, or anyone's), or nobody (a file from before seals, format 1 or
 * 2, or one made by hand). Only this device's own file may change the leagues it holds.
 */
export type BackupOrigin = 'this-device' | 'another-device' | 'unsealed';

/** A backup file read and checked, ready to restore. Only what the preview shows is kept. */
export interface Backup {
	format: number;
	origin: BackupOrigin;
	/** The short fingerprint of the device that sealed it ("4F-2A-91"), or null. */
	device: string | null;
	appVersion: string;
	exportedAt: string;
	/** The leagues' names, in the file's order. */
	leagues: string[];
	/** The first league's id, made current when a restore leaves none. */
	firstLeague: string | null;
	counts: Record<TableName, number>;
	/**
	 * Reads the file again, part by part, each record checked by the file's own rules (its
	 * links once the last part is read: the iteration throws then, inside a restore's
	 * transaction).
	 */
	parts(onProgress?: Progress): AsyncIterable<StoreDump>;
}

/**
 * Reads and checks a backup file (a picked `File`, or its text), as a stream and a part at a
 * time for format 2: the records' schemas, the links between them, and that it is whole.
 * @throws BackupError `backup-not-json`, `backup-foreign`, `backup-newer`, `backup-damaged`,
 * `backup-too-big` (a format 1 file too big for this browser to read as one text)
 */
export async function readBackup(
	input: Blob | string,
	opts: { onProgress?: Progress } = {}
): Promise<Backup> {
	const file = typeof input === 'string' ? new Blob([input]) : input;
	let first: string | null = null;
	for await (const { line } of linesOf(file.slice(0, Math.min(file.size, 64 * 1024)))) {
		first = line;
		break;
	}
	let header: unknown = null;
	try {
		header = first === null ? null : JSON.parse(first.replace(/^\uFEFF/, ''));
	} catch {
		// Not a line of its own: a format 1 file (written in one piece), or not a backup.
	}
	if (header === null || (header as { format?: unknown }).format === LEGACY_FORMAT) {
		return legacyBackup(readLegacy(await legacyText(file)), opts.onProgress);
	}
	checkApp(header);
	const parsed = v.safeParse(HeaderSchema, header);
	if (!parsed.success) {
		const [issue] = parsed.issues;
		throw damaged(`${where(issue, 'the first line')}: ${issue.message}`);
	}
	const head = parsed.output;
	const device = head.format === BACKUP_FORMAT ? head.device : null;
	const check = new FileCheck();
	for await (const part of lineParts(file, check, device, opts.onProgress)) void part;
	const mine = device === null ? null : (await deviceKey()).publicKey;
	return {
		format: head.format,
		origin: device === null ? 'unsealed' : device === mine ? 'this-device' : 'another-device',
		device: device === null ? null : await fingerprint(device),
		appVersion: head.appVersion,
		exportedAt: head.exportedAt,
		leagues: check.leagueNames,
		firstLeague: check.firstLeague,
		counts: check.counts,
		// Read again for the restore, and its seal checked again: the file is read twice. Its
		// links and ids, checked whole above, are not gathered again: a Blob never changes, and
		// a picked file changed on disk since fails to read (NotReadableError) rather than give
		// other bytes. (The ids of a school of 100 classes, 270,000 of them, held through the
		// whole restore, raised its peak heap by tens of megabytes.)
		parts: (onProgress) => lineParts(file, null, device, onProgress)
	};
}

function legacyBackup(backup: LegacyBackup, onProgress?: Progress): Backup {
	async function* parts(progress?: Progress): AsyncGenerator<StoreDump> {
		const check = new FileCheck();
		const total = backup.data.games.length || 1;
		let done = 0;
		for (const part of legacyParts(backup.data)) {
			check.add(part);
			yield part;
			done += part.games.length;
			progress?.(Math.min(1, done / total));
		}
		check.finish();
	}
	// The same checks as a format 2 file's, run once now (it is all in memory already).
	const check = new FileCheck();
	for (const part of legacyParts(backup.data)) check.add(part);
	check.finish();
	onProgress?.(1);
	return {
		format: LEGACY_FORMAT,
		origin: 'unsealed',
		device: null,
		appVersion: backup.appVersion,
		exportedAt: backup.exportedAt,
		leagues: backup.data.leagues.map((l) => l.name),
		firstLeague: backup.data.leagues[0]?.id ?? null,
		counts: check.counts,
		parts
	};
}

/** What a backup holds, to show before restoring it. */
export interface BackupSummary {
	origin: BackupOrigin;
	device: string | null;
	exportedAt: string;
	appVersion: string;
	leagues: string[];
	counts: Record<TableName, number>;
}

/** The contents of `backup` in brief. */
export function summarize(backup: Backup): BackupSummary {
	return {
		origin: backup.origin,
		device: backup.device,
		exportedAt: backup.exportedAt,
		appVersion: backup.appVersion,
		leagues: backup.leagues,
		counts: backup.counts
	};
}

/** Whether `backup` comes from outside this device: nothing vouches that it is its own. */
function outside(backup: Backup): boolean {
	return backup.origin !== 'this-device';
}

/** What restoring `backup` in `mode` would add, replace, keep and remove. */
export function planRestore(
	backup: Backup,
	mode: RestoreMode,
	opts: { onProgress?: Progress } = {}
): Promise<FilePlan> {
	return planInParts(backup.parts(opts.onProgress), mode, outside(backup));
}

/**
 * Restores `backup` (merge or replace), staged (`backup/restore.ts`): read again part by part into
 * a staging database, each part checked, then written into the store in large batches.
 * Refused anywhere before the writing starts, it changes nothing; a tab closed while writing
 * leaves it to be finished at the next start. When the current league is gone afterwards, the
 * backup's first league becomes current. Progress: what it is doing (checking the file, then
 * writing its games, counted) and about how long is left (`restore-progress.ts`).
 */
export async function restoreBackup(
	backup: Backup,
	mode: RestoreMode,
	opts: { onProgress?: (shown: RestoreShown) => void } = {}
): Promise<void> {
	const { onProgress } = opts;
	// The file's links are checked again at its end, before anything is written.
	await restoreStaged(backup.parts(), mode, {
		outside: outside(backup),
		firstLeague: backup.firstLeague,
		games: backup.counts.games,
		onProgress: onProgress && restoreTracker(onProgress)
	});
}
