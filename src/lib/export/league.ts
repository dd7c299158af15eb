/**
 * The league's CSV exports, read from the store: standings, the gradebook (one row per
 * student, in roster order), the insights (one row per student: rating, streaks, counting;
 * issue 41), games (one row per player per game), hands (one row per player
 * per hand) and events (the full audit trail). Each student's school id sits beside their name.
 *
 * Standings and the games of signed cards come from the stored signed results, so they stay
 * quick on a long term; only games not signed yet, and the hands and events exports (which
 * need every hand), read and replay the logs. Everything but the standings is read and written
 * a batch of games at a time (`writeLeagueCsv`), so a school's export never sits whole in memory.
 */
import * as cards from '$lib/db/cards';
import * as figures from '$lib/db/figures';
import { TermFold, insightLines } from '$lib/league/class-insights';
import { ratings } from '$lib/rules/insights/ratings';
import { replayRecords } from '$lib/card/log';
import { keptHandsOf, logsOf } from '$lib/db/log-reads';
import { toSetup, type EventRecord, type KeptEvent } from '$lib/card/records';
import * as leagues from '$lib/db/leagues';
import * as lists from '$lib/db/lists';
import * as players from '$lib/db/players';
import * as roster from '$lib/db/roster';
import { localDay } from '$lib/days';
import { placesFrom, type CardPlace } from '$lib/league/card-place';
import type { SessionRecord } from '$lib/card/records';
import { bare } from '$lib/rules/bare';
import { playedHands, type PlayedHands } from '$lib/rules/hand-lines';
import { standings } from '$lib/rules/standings';
import type { GameState, PlayerId } from '$lib/rules/types';
import { csvFileName, csvHead, csvRows, toCsv, type Sheet } from './csv';
import {
	EVENTS_HEADER,
	gameLabel,
	gamesSheet,
	gradebookSheet,
	handsSheet,
	insightsSheet,
	standingsSheet,
	type GameLine,
	type LoggedGame
} from './sheets';
import { eventsCsv } from './events-csv';

/** The exports a league offers. */
export const EXPORT_KINDS = [
	'standings',
	'gradebook',
	'insights',
	'games',
	'hands',
	'events'
] as const;

/** One of the league's exports. */
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A file ready to save. */
export interface CsvFile {
	name: string;
	text: string;
	/** Data rows (the header not counted). */
	rows: number;
}

/** Hands that have something in them: the last, empty one of a game ended early is left out. */
function handsPlayed(state: GameState): number {
	return state.hands.filter((h) => h.settlement !== null || h.eventIds.length > 0).length;
}

/** Where a game of the export was played, and its number in the league. */
interface Placed {
	place: CardPlace;
	number: number;
}

function lineFrom(
	record: cards.CardRecord,
	{ place, number }: Placed,
	state: GameState | null,
	changed: ReadonlySet<string>
): GameLine {
	const status = cards.cardStanding(record, changed.has(record.id));
	const base = {
		gameId: record.id,
		number,
		place: gameLabel(place.date, place.session, place.group),
		date: place.date,
		status,
		counts: cards.countsInStandings(record, changed.has(record.id)),
		voidReason: record.voidReason,
		rulesetId: record.rulesetId,
		seats: [...record.seats],
		...(record.result?.corrections ? { corrections: record.result.corrections } : {})
	};
	if (record.result && !state) {
		const { result } = record;
		return {
			...base,
			hands: result.hands,
			sides: result.sides,
			winners: result.winners,
			over: true
		};
	}
	if (!state) throw new Error('a game without a signed result needs its replay');
	return {
		...base,
		hands: handsPlayed(state),
		sides: state.sides.map((s) => ({ ...s, total: state.totals[s.label] ?? 0 })),
		winners: state.winners,
		over: state.over
	};
}

/**
 * Names and student ids by player id: the league's roster first (in roster order), anyone
 * else looked up as batches need.
 */
class Namer {
	#names = new Map<PlayerId, string>();
	#ids = new Map<PlayerId, string>();
	/** The roster's players, in the roster page's order. */
	order: PlayerId[] = [];

	static async of(leagueId: string): Promise<Namer> {
		const namer = new Namer();
		for (const p of await roster.everyone(leagueId)) namer.#keep(p);
		return namer;
	}

	#keep(p: { id: PlayerId; name: string; studentId?: string | null }): void {
		this.#names.set(p.id, p.name);
		if (p.studentId) this.#ids.set(p.id, p.studentId);
		this.order.push(p.id);
	}

	/** Looks up the players of `seats` not known yet. */
	async learn(seats: Iterable<PlayerId>): Promise<void> {
		const missing = [...new Set(seats)].filter((id) => !this.#names.has(id));
		for (const p of (await players.getMany(missing)).values()) this.#keep(p);
	}

	readonly name = (id: PlayerId): string => this.#names.get(id) ?? 'Unknown player';
	readonly studentId = (id: PlayerId): string => this.#ids.get(id) ?? '';
}

/** How many games an export reads, replays and writes at a time. */
export const EXPORT_BATCH = 200;

/**
 * How many batches are read ahead of the one being written: with one, the main thread waited
 * for the store about a quarter of an events export (issue 14, 10 classes).
 */
const READ_AHEAD = 2;

/** Receives a file's text part by part, in order (a file being written, or parts of a Blob). */
export type PartSink = (part: string) => void | Promise<void>;

/** The exports written a batch of games at a time. */
type RowKind = Exclude<ExportKind, 'standings' | 'gradebook' | 'insights'>;

/**
 * A batch of games read ahead, with the logs its rows need, the hands kept (by game id) and the
 * sessions its games were played in (by session id).
 */
interface ReadBatch {
	batch: cards.CardRecord[];
	logs: Map<string, EventRecord[]>;
	hands: Map<string, PlayedHands>;
	sessions: Map<string, SessionRecord>;
}

/**
 * Which games of a batch the `kind` rows need the log of: every game for the hands and the
 * audit trail, only those without a signed result for the games sheet (the standings need none).
 */
function needsLog(kind: RowKind, r: cards.CardRecord): boolean {
	return kind !== 'games' || !r.result;
}

/**
 * Reads the next batch of `batches` and the logs of its games that `kind` needs. A signed
 * card's hands are read with its verdict (schema version 10); the logs, one record a game
 * (version 16): reading the logs was most of these exports' time at a school's scale.
 */
async function readAhead(
	kind: RowKind,
	batches: AsyncIterator<cards.CardRecord[]>
): Promise<ReadBatch | null> {
	const next = await batches.next();
	if (next.done) return null;
	const batch = next.value;
	const hands = new Map<string, PlayedHands>();
	const withResult = batch.filter((r) => r.result !== null).map((r) => r.id);
	if (kind === 'hands') {
		const read = await keptHandsOf(withResult);
		withResult.forEach((id, i) => read[i] && hands.set(id, read[i]));
	}
	const ids = batch.filter((r) => needsLog(kind, r) && !hands.has(r.id)).map((r) => r.id);
	const [logs, sessions] = await Promise.all([
		logsOf(ids),
		lists.sessionsById(batch.flatMap((r) => r.sessionId ?? []))
	]);
	return { batch, logs: new Map(ids.map((id, i) => [id, logs[i]!])), hands, sessions };
}

/** The voided events of a log that the rules accept whole: each target, to the void of it. */
function voidsOf(events: readonly KeptEvent[]): Record<string, string> {
	return bare(
		events.flatMap((e) => (e.event.type === 'void' ? [[e.event.target, e.event.id] as const] : []))
	);
}

/** A batch's rows written: the file's header, the rows' CSV text and how many rows. */
interface Written {
	header: readonly string[];
	text: string;
	rows: number;
}

/** `sheet`'s rows as CSV text. */
function written(sheet: Sheet): Written {
	return { header: sheet.header, text: csvRows(sheet.rows), rows: sheet.rows.length };
}

/**
 * The rows of `kind` for one batch of games, in the order they were started, as CSV text. A
 * game is replayed only when its rows need what a replay gives: its hands, or, for a game
 * without a signed result, its totals. (A signed result exists only for a log the rules accept
 * whole, so its voids are read straight from the log.)
 */
function rowsOf(
	kind: RowKind,
	{ batch, logs, hands }: ReadBatch,
	placeOf: (r: cards.CardRecord) => Placed,
	changed: ReadonlySet<string>,
	namer: Namer
): Written {
	const replay = (r: cards.CardRecord) => replayRecords(toSetup(r), logs.get(r.id) ?? []).state;
	if (kind === 'games') {
		return written(
			gamesSheet(
				batch.map((r) => lineFrom(r, placeOf(r), r.result ? null : replay(r), changed)),
				namer.name,
				namer.studentId
			)
		);
	}
	if (kind === 'hands') {
		return written(
			handsSheet(
				batch.map((r) => {
					const kept = hands.get(r.id);
					// The line's own cells come from the record alone: a card with its hands kept
					// needs no replay.
					if (kept) return { line: lineFrom(r, placeOf(r), null, changed), played: kept };
					const state = replay(r);
					return { line: lineFrom(r, placeOf(r), state, changed), played: playedHands(state) };
				}),
				namer.name,
				namer.studentId
			)
		);
	}
	const games = batch.map((r): LoggedGame => {
		const events = logs.get(r.id) ?? [];
		if (r.result) {
			return { line: lineFrom(r, placeOf(r), null, changed), events, voided: voidsOf(events) };
		}
		const state = replay(r);
		return { line: lineFrom(r, placeOf(r), state, changed), events, voided: state.voided };
	});
	// Written straight to text, without a row array per event (`events-csv.ts`).
	return { header: EVENTS_HEADER, ...eventsCsv(games, namer.name, namer.studentId) };
}

/**
 * Writes the `kind` export of league `leagueId` to `write`, part by part: the header, then
 * the rows of `EXPORT_BATCH` games at a time, each batch read in its own short transaction and
 * dropped once written. Games come in the order they were started. Gives the count of data rows.
 * @param opts.batch games per batch (`EXPORT_BATCH`); opts.readAhead batches read ahead
 * (`READ_AHEAD`, at least 1); opts.onProgress told the games written so far and the league's
 * total
 * @throws DbError `not-found`
 */
export async function writeLeagueCsv(
	leagueId: string,
	kind: ExportKind,
	write: PartSink,
	opts: {
		batch?: number;
		readAhead?: number;
		onProgress?: (done: number, total: number) => void;
	} = {}
): Promise<number> {
	const { batch: size = EXPORT_BATCH, readAhead: depth = READ_AHEAD, onProgress } = opts;
	// Every export says what counts: the kept verdicts of the league's signed cards.
	const [changed, namer] = await Promise.all([
		cards.changedAfterSigning(leagueId),
		Namer.of(leagueId)
	]);
	if (kind === 'standings' || kind === 'gradebook') {
		const everyone = [...namer.order];
		const rows = standings(await cards.counted(leagueId, changed), everyone);
		await namer.learn(rows.map((r) => r.player));
		const sheet =
			kind === 'standings'
				? standingsSheet(rows, namer.name, namer.studentId)
				: gradebookSheet(everyone, rows, namer.name, namer.studentId);
		await write(toCsv(sheet));
		return sheet.rows.length;
	}
	if (kind === 'insights') {
		// Kept figures and contributions: nothing is replayed; the ratings are worked out here.
		// The figures are folded a batch at a time, not held (`TermFold`).
		const counted = await cards.counted(leagueId, changed);
		const term = new TermFold();
		await figures.eachOfLeague(leagueId, (batch) => term.add(batch));
		const lines = insightLines(namer.order, counted, ratings(counted), term);
		const sheet = insightsSheet(lines, namer.name, namer.studentId);
		await write(toCsv(sheet));
		return sheet.rows.length;
	}
	// The sessions' numbers, not the sessions: a school's league holds 6,000 sessions, whose
	// groups were two thirds of what an events export held (each batch reads its own sessions).
	const sessionNumbers = await lists.sessionNumbers(leagueId);
	// Each batch's places and numbers (games are numbered in the order they were started).
	let places = new Map<string, CardPlace>();
	let numbers = new Map<string, number>();
	const placeOf = (r: cards.CardRecord): Placed => ({
		place: places.get(r.id) ?? { date: '', session: null, group: null },
		number: numbers.get(r.id) ?? 0
	});
	const total = await lists.countOfLeague(leagueId);
	let head = false;
	let rows = 0;
	let done = 0;
	// The next batches are read while this one is replayed and written: the store's answers
	// and the work on them overlap, and the store always has a batch to read.
	const batches = lists.batchesOfLeague(leagueId, size)[Symbol.asyncIterator]();
	const ahead: Promise<ReadBatch | null>[] = [];
	const readMore = () => {
		while (ahead.length < depth) {
			const next = readAhead(kind, batches);
			// Awaited in turn; marked handled so a failure here is not reported twice.
			next.catch(() => undefined);
			ahead.push(next);
		}
	};
	readMore();
	for (let read = await ahead.shift()!; read !== null; read = await ahead.shift()!) {
		readMore();
		const { batch } = read;
		await namer.learn(batch.flatMap((r) => r.seats));
		places = placesFrom(batch, sessionNumbers, read.sessions);
		numbers = new Map(batch.map((r, i) => [r.id, done + i + 1]));
		const part = rowsOf(kind, read, placeOf, changed, namer);
		if (!head) await write(csvHead(part.header));
		head = true;
		await write(part.text);
		rows += part.rows;
		done += batch.length;
		onProgress?.(done, total);
	}
	if (!head) {
		const part = rowsOf(
			kind,
			{ batch: [], logs: new Map(), hands: new Map(), sessions: new Map() },
			placeOf,
			changed,
			namer
		);
		await write(csvHead(part.header));
	}
	return rows;
}

/** The file name of league `leagueId`'s `kind` export made on `day`. */
export async function leagueCsvName(
	leagueId: string,
	kind: ExportKind,
	day: string = localDay()
): Promise<string> {
	return csvFileName((await leagues.get(leagueId)).name, kind, day);
}

/**
 * The `kind` export of league `leagueId` as one text, named with the league and `day`: for
 * tests and small leagues; the Files page writes the parts as they come (`writeLeagueCsv`).
 * @throws DbError `not-found`
 */
export async function leagueCsv(
	leagueId: string,
	kind: ExportKind,
	day: string = localDay()
): Promise<CsvFile> {
	const name = await leagueCsvName(leagueId, kind, day);
	const parts: string[] = [];
	const rows = await writeLeagueCsv(leagueId, kind, (part) => {
		parts.push(part);
	});
	return { name, text: parts.join(''), rows };
}
