/**
 * Backup and restore: one JSON file with everything the app keeps (format version, app
 * version, export time, then every league, student, session, game, event, signature and UDL
 * match, and the cards received and turned in).
 *
 * A restore reads the file in steps that each refuse with a plain reason before anything is
 * written: too big, not JSON (cut short), not ours (foreign), too new, or damaged (the schema
 * or the links between records). Only a file that passes every step reaches the store, in one
 * transaction.
 */
import * as v from 'valibot';
import * as leagues from '$lib/db/leagues';
import * as transfer from '$lib/db/transfer';
import { localDay } from '$lib/days';
import { CodedError } from '$lib/coded-error';
import type { MessageCode } from '$lib/messages';
import { BACKUP_APP, BACKUP_FORMAT, BackupSchema, type Backup, type StoreData } from './schema';

/** The largest backup a restore reads: 20 MB. */
export const MAX_BACKUP_BYTES = 20 * 1024 * 1024;

/** Why a file cannot be restored (sentences in `messages.ts`). */
export type BackupErrorCode = Extract<
	MessageCode,
	'backup-too-big' | 'backup-not-json' | 'backup-foreign' | 'backup-newer' | 'backup-damaged'
>;

/** A file refused for restore. Nothing was changed. */
export class BackupError extends CodedError<BackupErrorCode> {
	override readonly name = 'BackupError';
}

/** A backup ready to save. */
export interface BackupFile {
	name: string;
	text: string;
}

/**
 * The backup of everything on this device.
 * @param appVersion written in the file, for the record
 */
export async function makeBackup(
	appVersion: string,
	opts: { now?: Date } = {}
): Promise<BackupFile> {
	const now = opts.now ?? new Date();
	const file = {
		app: BACKUP_APP,
		format: BACKUP_FORMAT,
		appVersion,
		exportedAt: now.toISOString(),
		data: await transfer.dump()
	};
	return { name: `muggins-backup-${localDay(now)}.json`, text: JSON.stringify(file) };
}

function megabytes(bytes: number): string {
	return (bytes / 1024 / 1024).toFixed(1);
}

/** Where an issue is, as a reader can follow it: "games 3 → seats". */
function where(issue: v.BaseIssue<unknown>): string {
	const path = v.getDotPath(issue);
	return path ? path.replace(/^data\./, '').replace(/\./g, ' → ') : 'the file';
}

function damaged(detail: string): BackupError {
	return new BackupError('backup-damaged', { detail });
}

function checkUnique<T>(items: readonly T[], key: (t: T) => string, what: string): Set<string> {
	const seen = new Set<string>();
	for (const item of items) {
		const k = key(item);
		if (seen.has(k)) throw damaged(`${what} ${k} appears twice`);
		seen.add(k);
	}
	return seen;
}

/** The links between records: ids unique, and every reference points at a record in the file. */
function checkLinks(data: StoreData): void {
	const leagueIds = checkUnique(data.leagues, (l) => l.id, 'league');
	const playerIds = checkUnique(data.players, (p) => p.id, 'player');
	const sessionIds = checkUnique(data.sessions, (s) => s.id, 'session');
	const gameIds = checkUnique(data.games, (g) => g.id, 'game');
	checkUnique(data.events, (e) => `${e.gameId} #${e.seq}`, 'event');
	const known = (ids: Set<string>, id: string | null) => id === null || ids.has(id);
	for (const p of data.players) {
		if (!known(leagueIds, p.leagueId)) throw damaged(`player ${p.id} names a missing league`);
	}
	for (const s of data.sessions) {
		if (!leagueIds.has(s.leagueId)) throw damaged(`session ${s.id} names a missing league`);
	}
	for (const g of data.games) {
		if (!known(leagueIds, g.leagueId)) throw damaged(`game ${g.id} names a missing league`);
		if (!known(sessionIds, g.sessionId)) throw damaged(`game ${g.id} names a missing session`);
		if (g.seats.some((p) => !playerIds.has(p)))
			throw damaged(`game ${g.id} seats a missing player`);
	}
	checkUnique(data.matches, (m) => m.id, 'match');
	checkUnique(data.signatures, (x) => x.id, 'signature');
	for (const x of data.signatures) {
		if (!gameIds.has(x.gameId)) throw damaged(`a signature belongs to a missing game ${x.gameId}`);
	}
	for (const m of data.matches) {
		if (m.gameIds.some((g) => !gameIds.has(g))) throw damaged(`match ${m.id} names a missing game`);
	}
	checkUnique(data.inbox, (r) => r.id, 'received card');
	for (const r of data.inbox) {
		if (!leagueIds.has(r.leagueId)) throw damaged(`a received card names a missing league`);
	}
	checkUnique(data.turnIns, (r) => r.gameId, 'turned-in card');
	const lastSeq = new Map<string, number>();
	for (const e of [...data.events].sort((a, b) => a.seq - b.seq)) {
		if (!gameIds.has(e.gameId)) throw damaged(`an event belongs to a missing game ${e.gameId}`);
		const expected = (lastSeq.get(e.gameId) ?? 0) + 1;
		if (e.seq !== expected) throw damaged(`game ${e.gameId} is missing event ${expected}`);
		lastSeq.set(e.gameId, e.seq);
	}
}

/**
 * Reads and checks a backup file (a picked `File`, or its text).
 * @throws BackupError `backup-too-big`, `backup-not-json`, `backup-foreign`, `backup-newer`,
 * `backup-damaged`
 */
export async function readBackup(file: Blob | string): Promise<Backup> {
	const size = typeof file === 'string' ? new Blob([file]).size : file.size;
	if (size > MAX_BACKUP_BYTES) {
		throw new BackupError('backup-too-big', {
			size: megabytes(size),
			max: megabytes(MAX_BACKUP_BYTES)
		});
	}
	const text = typeof file === 'string' ? file : await file.text();
	let json: unknown;
	try {
		json = JSON.parse(text.replace(/^\uFEFF/, ''));
	} catch {
		throw new BackupError('backup-not-json');
	}
	if (typeof json !== 'object' || json === null || (json as { app?: unknown }).app !== BACKUP_APP) {
		throw new BackupError('backup-foreign');
	}
	const format = (json as { format?: unknown }).format;
	if (typeof format === 'number' && format > BACKUP_FORMAT) {
		throw new BackupError('backup-newer', { format });
	}
	const parsed = v.safeParse(BackupSchema, json);
	if (!parsed.success) {
		const [issue] = parsed.issues;
		throw damaged(`${where(issue)}: ${issue.message}`);
	}
	checkLinks(parsed.output.data);
	return parsed.output;
}

/** What a backup holds, to show before restoring it. */
export interface BackupSummary {
	exportedAt: string;
	appVersion: string;
	leagues: string[];
	counts: Record<keyof StoreData, number>;
}

/** The contents of `backup` in brief. */
export function summarize(backup: Backup): BackupSummary {
	const { data } = backup;
	return {
		exportedAt: backup.exportedAt,
		appVersion: backup.appVersion,
		leagues: data.leagues.map((l) => l.name),
		counts: {
			leagues: data.leagues.length,
			players: data.players.length,
			sessions: data.sessions.length,
			games: data.games.length,
			events: data.events.length,
			matches: data.matches.length,
			signatures: data.signatures.length,
			inbox: data.inbox.length,
			turnIns: data.turnIns.length
		}
	};
}

/** What restoring `backup` in `mode` would add, replace, keep and remove. */
export function planRestore(
	backup: Backup,
	mode: transfer.RestoreMode
): Promise<transfer.RestorePlan> {
	return transfer.plan(backup.data, mode);
}

/**
 * Restores `backup` (merge or replace, in one transaction). When the current league is gone
 * afterwards, the backup's first league becomes current.
 */
export async function restoreBackup(backup: Backup, mode: transfer.RestoreMode): Promise<void> {
	await transfer.restore(backup.data, mode);
	const first = backup.data.leagues[0];
	if ((await leagues.currentId()) === null && first) await leagues.setCurrent(first.id);
}
