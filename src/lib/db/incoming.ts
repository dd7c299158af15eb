/**
 * The one way in for records from outside the device: card files and QR codes (`inbox.ts`),
 * backups restored or merged (`transfer.ts`) and league invites (`invites.ts`). Each path
 * hands its records here one by one before it writes anything, so they all obey the same
 * rules (issue 13):
 * - names follow the one name rule (`players.cleanName`, at most `MAX_NAME_LENGTH`);
 * - a game has at most `MAX_EVENTS` entries and `MAX_SIGNATURES` signatures, as a card file;
 * - what the standings count (`game.result`) is derived here from the signed events, never
 *   taken from the file: a result that the fingerprint does not cover could name any winner;
 * - an id from outside never takes over a record of the device it does not belong to
 *   (`assertOwnIds`, inside the writer's transaction).
 * Everything is checked before the first write: a refused record changes nothing.
 */
import { bare } from '$lib/rules/bare';
import { db } from './db';
import { DbError } from './errors';
import { checkGame, contentOf, incomingName, quoted } from '$lib/card/game-check';
import { MAX_LEAGUE_NAME } from './leagues';
import { cleanName, nameKey } from './players';
import type { InboxRecord } from './records';
import type { EventRecord, GameRecord, PlayerRecord, SignatureRecord } from '$lib/card/records';
import {
	MAX_STUDENT_ID,
	cleanStudentId,
	studentIdKey,
	studentIdProblem
} from '$lib/card/student-ids';
import type { StoreDump } from './records';

export { incomingName, MAX_EVENTS } from '$lib/card/game-check';

/**
 * Checks that no record from outside takes over a record of another league held on the
 * device under the same id (a game, session or player belongs to one league, or to none).
 * @throws DbError `incoming-id-taken`
 */
export function assertSameLeague<T extends { id: string; leagueId: string | null }>(
	incoming: readonly T[],
	held: ReadonlyMap<string, T>
): void {
	for (const r of incoming) {
		const mine = held.get(r.id);
		if (mine && mine.leagueId !== r.leagueId) throw new DbError('incoming-id-taken');
	}
}

/**
 * Checks, inside the writer's transaction, that no signature brought in for game `gameId`
 * has the id of a signature of another game already on the device: a card must never take
 * over another card's signature. (Events are keyed by their game; games, by their own id.)
 * @throws DbError `incoming-id-taken`
 */
export async function assertOwnIds(signatures: readonly SignatureRecord[]): Promise<void> {
	if (signatures.length === 0) return;
	const held = await db.signatures.bulkGet(signatures.map((s) => s.id));
	signatures.forEach((s, i) => {
		const mine = held[i];
		if (mine && mine.gameId !== s.gameId) throw new DbError('incoming-id-taken');
	});
	const ids = new Set<string>();
	for (const s of signatures) {
		if (ids.has(s.id)) throw new DbError('incoming-id-taken');
		ids.add(s.id);
	}
}

/** A league's name from outside, by the league form's rule. */
export function incomingLeagueName(name: unknown): string {
	const clean = typeof name === 'string' ? cleanName(name) : '';
	if (clean === '' || clean.length > MAX_LEAGUE_NAME) {
		throw new DbError('incoming-name', { name: quoted(clean), max: MAX_LEAGUE_NAME });
	}
	return clean;
}

/**
 * A student id from outside, by the roster's rule: trimmed, null for none.
 * @throws DbError `student-id-too-long`, `student-id-control`
 */
export function incomingStudentId(raw: unknown): string | null {
	const clean = cleanStudentId(raw);
	if (clean === null) return null;
	const problem = studentIdProblem(clean);
	if (problem) throw new DbError(problem, { max: MAX_STUDENT_ID });
	return clean;
}

/**
 * Checks that no two students of one league in `players` share a student id.
 * @throws DbError `student-id-taken`
 */
function assertStudentIdsUnique(
	players: readonly { name: string; leagueId: string | null; studentId?: string | null }[]
): void {
	const seen = new Map<string, { name: string; studentId: string }>();
	for (const p of players) {
		if (p.leagueId === null || p.studentId == null) continue;
		const key = `${p.leagueId}\u0000${studentIdKey(p.studentId)}`;
		const first = seen.get(key);
		if (first !== undefined) throw new DbError('student-id-taken', first);
		seen.set(key, { name: p.name, studentId: p.studentId });
	}
}

/**
 * Checks, read only, that merging `players` into the device's rosters leaves no two students
 * of one league with one student id: a student the file brings may not take the id of a
 * different student the device already has (the file's own roster is checked by `checkDump`).
 * @throws DbError `student-id-taken`
 */
export async function assertStudentIdsFree(players: readonly PlayerRecord[]): Promise<void> {
	const leagues = new Set<string>();
	for (const p of players) if (p.leagueId !== null && p.studentId != null) leagues.add(p.leagueId);
	if (leagues.size === 0) return;
	const incoming = new Map(players.map((p) => [p.id, p]));
	for (const leagueId of leagues) {
		// The device's roster with the file's newer versions in place of what they replace: the
		// students the file leaves as they are first, so the message names the one already there.
		const held = await db.players.where('leagueId').equals(leagueId).toArray();
		const kept = held.filter((p) => !incoming.has(p.id));
		assertStudentIdsUnique([...kept, ...players.filter((p) => p.leagueId === leagueId)]);
	}
}

/**
 * A backup's records, each checked and derived as any record from outside (see the top of
 * this file), before a restore or merge writes one: names by the name rule, every game and
 * every card of the inbox through `checkGame` (so results come from the signed events), no
 * id twice in a table.
 * Student ids follow the roster's rule, and are not shared within a league.
 * @throws DbError `incoming-name`, `incoming-too-big`, `incoming-damaged`, `incoming-id-taken`,
 * `student-id-too-long`, `student-id-control`, `student-id-taken`
 */
export async function checkDump(file: StoreDump): Promise<StoreDump> {
	for (const table of [
		'leagues',
		'players',
		'sessions',
		'games',
		'matches',
		'signatures'
	] as const) {
		const ids = new Set<string>();
		for (const r of file[table]) {
			if (ids.has(r.id)) throw new DbError('incoming-id-taken');
			ids.add(r.id);
		}
	}
	const players = file.players.map((p) => {
		const name = incomingName(p.name);
		const checked = { ...p, name, nameKey: nameKey(name) };
		// A record from before student ids stays without one, as it was backed up.
		if (p.studentId !== undefined) checked.studentId = incomingStudentId(p.studentId);
		return checked;
	});
	assertStudentIdsUnique(players);
	const events = byGame(file.events);
	const signatures = byGame(file.signatures);
	const games: GameRecord[] = [];
	const checkedEvents: EventRecord[] = [];
	const checkedSignatures: SignatureRecord[] = [];
	for (const game of file.games) {
		const checked = await checkGame({
			game,
			events: events.get(game.id) ?? [],
			signatures: signatures.get(game.id) ?? []
		});
		games.push(checked.game);
		checkedEvents.push(...checked.events);
		checkedSignatures.push(...checked.signatures);
	}
	const inbox: InboxRecord[] = [];
	for (const entry of file.inbox) {
		const checked = await checkGame(entry.card, { sealedBySignatures: true });
		inbox.push({
			...entry,
			names: bare(Object.entries(entry.names).map(([id, n]) => [id, incomingName(n)])),
			content: await contentOf(checked.game, checked.events),
			card: { game: checked.game, events: checked.events, signatures: checked.signatures }
		});
	}
	return {
		...file,
		leagues: file.leagues.map((l) => ({ ...l, name: incomingLeagueName(l.name) })),
		players,
		games,
		events: checkedEvents,
		signatures: checkedSignatures,
		inbox
	};
}

/** `records` (events, signatures) grouped by their game's id, in their order. */
export function byGame<T extends { gameId: string }>(records: readonly T[]): Map<string, T[]> {
	const out = new Map<string, T[]>();
	for (const r of records) {
		const list = out.get(r.gameId);
		if (list) list.push(r);
		else out.set(r.gameId, [r]);
	}
	return out;
}
