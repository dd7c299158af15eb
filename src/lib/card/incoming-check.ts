/**
 * The checks of records from outside the device that need no store (issue 13): backups
 * restored or merged (`checkDump`), league invites and received cards. Every path in obeys the
 * same rules:
 * - names follow the one name rule (`names.ts`), a league's name at most `MAX_LEAGUE_NAME`;
 * - a game has at most `MAX_EVENTS` entries and `MAX_SIGNATURES` signatures, as a card file;
 * - what the standings count (`game.result`) is derived here from the signed events, never
 *   taken from the file: a result that the fingerprint does not cover could name any winner;
 * - an id from outside never takes over a record of another league (`assertSameLeague`).
 * The store adds the checks that read what it holds (`$lib/db/incoming.ts`). Everything is
 * checked before the first write: a refused record changes nothing.
 */
import { bare, own } from '$lib/rules/bare';
import type { InboxRecord, StoreDump } from './backup-records';
import { CardError } from './errors';
import { checkGame, contentOf, incomingName, quoted } from './game-check';
import { cleanName, MAX_LEAGUE_NAME, nameKey } from './names';
import {
	byGame,
	type EventRecord,
	type GameRecord,
	type LogRecord,
	type SignatureRecord
} from './records';
import { checkedStudentId, studentIdKey } from './student-ids';

/**
 * Checks that no record from outside takes over a record of another league held on the
 * device under the same id (a game, session or player belongs to one league, or to none).
 * @throws CardError `incoming-id-taken`
 */
export function assertSameLeague<T extends { id: string; leagueId: string | null }>(
	incoming: readonly T[],
	held: ReadonlyMap<string, T>
): void {
	for (const r of incoming) {
		const mine = held.get(r.id);
		if (mine && mine.leagueId !== r.leagueId) throw new CardError('incoming-id-taken');
	}
}

/**
 * A league's name from outside, by the league form's rule.
 * @throws CardError `incoming-name`
 */
export function incomingLeagueName(name: unknown): string {
	const clean = typeof name === 'string' ? cleanName(name) : '';
	if (clean === '' || clean.length > MAX_LEAGUE_NAME) {
		throw new CardError('incoming-name', { name: quoted(clean), max: MAX_LEAGUE_NAME });
	}
	return clean;
}

/**
 * Checks that no two students of one league in `players` share a student id.
 * @throws CardError `student-id-taken`
 */
export function assertStudentIdsUnique(
	players: readonly { name: string; leagueId: string | null; studentId?: string | null }[]
): void {
	const seen = new Map<string, { name: string; studentId: string }>();
	for (const p of players) {
		if (p.leagueId === null || p.studentId == null) continue;
		const key = `${p.leagueId}\u0000${studentIdKey(p.studentId)}`;
		const first = seen.get(key);
		if (first !== undefined) throw new CardError('student-id-taken', first);
		seen.set(key, { name: p.name, studentId: p.studentId });
	}
}

/**
 * A backup's records, each checked and derived as any record from outside (see the top of
 * this file), before a restore or merge writes one: names by the name rule, every game and
 * every card of the inbox through `checkGame` (so results come from the signed events), no
 * id twice in a table. Student ids follow the roster's rule, and are not shared within a
 * league.
 * @throws CardError `incoming-name`, `incoming-too-big`, `incoming-damaged`,
 * `incoming-id-taken`, `student-id-too-long`, `student-id-control`, `student-id-taken`
 */
export async function checkDump(file: StoreDump): Promise<StoreDump> {
	return (await checkDumpWithPrints(file)).dump;
}

/**
 * `checkDump`, with the fingerprint of each game's card as checked (by game id): the staged
 * restore keeps them with the part, and its writing hands them to the store's upkeep, which
 * then does not hash each card a second time to judge it (issue 39).
 */
export async function checkDumpWithPrints(
	file: StoreDump
): Promise<{ dump: StoreDump; prints: Record<string, string> }> {
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
			if (ids.has(r.id)) throw new CardError('incoming-id-taken');
			ids.add(r.id);
		}
	}
	const players = file.players.map((p) => {
		const name = incomingName(p.name);
		const checked = { ...p, name, nameKey: nameKey(name) };
		// A record from before student ids stays without one, as it was backed up.
		if (p.studentId !== undefined) checked.studentId = checkedStudentId(p.studentId);
		return checked;
	});
	assertStudentIdsUnique(players);
	const events = byGame(file.events);
	const signatures = byGame(file.signatures);
	const games: GameRecord[] = [];
	const checkedEvents: EventRecord[] = [];
	const checkedSignatures: SignatureRecord[] = [];
	const prints = bare<string>();
	for (const game of file.games) {
		const checked = await checkGame({
			game,
			events: events.get(game.id) ?? [],
			signatures: signatures.get(game.id) ?? []
		});
		games.push(checked.game);
		prints[checked.game.id] = checked.print;
		checkedEvents.push(...checked.events);
		checkedSignatures.push(...checked.signatures);
	}
	const inbox: InboxRecord[] = [];
	for (const entry of file.inbox) {
		const checked = await checkGame(entry.card, { sealedBySignatures: true });
		inbox.push({
			...entry,
			names: bare(Object.entries(entry.names).map(([id, n]) => [id, incomingName(n)])),
			content: contentOf(checked.game, checked.events),
			card: { game: checked.game, events: checked.events, signatures: checked.signatures }
		});
	}
	const dump = {
		...file,
		leagues: file.leagues.map((l) => ({ ...l, name: incomingLeagueName(l.name) })),
		players,
		games,
		events: checkedEvents,
		signatures: checkedSignatures,
		inbox
	};
	return { dump, prints };
}

/**
 * Checks that the signatures brought in have one id each. A signature is kept with its own
 * game (schema version 17), so one brought in with another card's signature id takes over
 * nothing: the card it came with is judged with it, and the other card keeps its own.
 * @throws CardError `incoming-id-taken`
 */
export function assertOwnIds(signatures: readonly SignatureRecord[]): void {
	const ids = new Set<string>();
	for (const s of signatures) {
		if (ids.has(s.id)) throw new CardError('incoming-id-taken');
		ids.add(s.id);
	}
}

/**
 * A writer's word that `print` is the fingerprint of the card of `game` with `log` (the very
 * objects it writes): a restore took it when it checked the card (`checkDumpWithPrints`).
 */
export interface VouchedPrint {
	game: GameRecord;
	log: LogRecord;
	print: string;
	/**
	 * Every signature of the game, as the writer adds them in the same transaction: a replacing
	 * restore, which writes into the store it emptied, each game's signatures with it (issue 39).
	 * Taken instead of reading them back (its batches' games are not neighbours by id, so no one
	 * range read finds them) while each was added in this transaction and nothing else was
	 * written to `signatures` in it.
	 */
	signatures?: readonly SignatureRecord[];
}

/**
 * Each of `games` with a print in `prints` and a log in `logs`, with its signatures of
 * `signatures` (all of them: a replace writes into the store it emptied, each game's signatures
 * in its part), for the upkeep (`vouchPrints`).
 */
export function vouched(
	games: readonly GameRecord[],
	logs: readonly LogRecord[],
	signatures: readonly SignatureRecord[],
	prints: Readonly<Record<string, string>>
): VouchedPrint[] {
	const logOf = new Map(logs.map((l) => [l.gameId, l]));
	const signed = byGame(signatures);
	const out: VouchedPrint[] = [];
	for (const game of games) {
		const log = logOf.get(game.id);
		const print = own(prints, game.id);
		if (log && print !== undefined) {
			out.push({ game, log, print, signatures: signed.get(game.id) ?? [] });
		}
	}
	return out;
}

/** Grouping by game is the records' own (`records.ts`); its callers here read it from this file. */
export { byGame };
