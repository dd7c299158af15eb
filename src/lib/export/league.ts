/**
 * The league's CSV exports, read from the store: standings, games (one row per player per
 * game), hands (one row per player per hand) and events (the full audit trail).
 *
 * Standings and the games of signed cards come from the stored signed results, so they stay
 * quick on a long term; only games not signed yet, and the hands and events exports (which
 * need every hand), read and replay the logs.
 */
import * as cards from '$lib/db/cards';
import * as games from '$lib/db/games';
import * as leagues from '$lib/db/leagues';
import * as players from '$lib/db/players';
import * as roster from '$lib/db/roster';
import * as sessions from '$lib/db/sessions';
import { dayOfTime, localDay } from '$lib/days';
import { standings } from '$lib/rules/standings';
import type { GameState, PlayerId } from '$lib/rules/types';
import { csvFileName, toCsv, type Sheet } from './csv';
import { eventsSheet, gamesSheet, handsSheet, standingsSheet, type GameLine } from './sheets';

/** The exports a league offers. */
export const EXPORT_KINDS = ['standings', 'games', 'hands', 'events'] as const;

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

function lineFrom(
	record: cards.CardRecord,
	date: string,
	state: GameState | null,
	changed: ReadonlySet<string>
): GameLine {
	const status = cards.cardStatus(record, changed.has(record.id));
	const base = {
		gameId: record.id,
		date,
		status,
		counts: cards.countsInStandings(record, changed.has(record.id)),
		voidReason: record.voidReason,
		rulesetId: record.rulesetId,
		seats: [...record.seats]
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

async function namer(
	leagueId: string,
	seats: Iterable<PlayerId>
): Promise<(id: PlayerId) => string> {
	const names = new Map((await roster.everyone(leagueId)).map((p) => [p.id, p.name]));
	const missing = [...new Set(seats)].filter((id) => !names.has(id));
	for (const [id, p] of await players.getMany(missing)) names.set(id, p.name);
	return (id) => names.get(id) ?? 'Unknown player';
}

async function sheetFor(leagueId: string, kind: ExportKind): Promise<Sheet> {
	const records = await cards.ofLeague(leagueId);
	// Every export says what counts, so each checks the signatures afresh.
	const changed = await cards.changedAfterSigning(leagueId);
	const name = await namer(
		leagueId,
		records.flatMap((r) => r.seats)
	);
	if (kind === 'standings') {
		const everyone = (await roster.everyone(leagueId)).map((p) => p.id);
		return standingsSheet(standings(await cards.counted(leagueId, changed), everyone), name);
	}
	const dates = new Map((await sessions.list(leagueId)).map((s) => [s.id, s.date]));
	const dateOf = (r: cards.CardRecord) =>
		(r.sessionId ? dates.get(r.sessionId) : undefined) ?? dayOfTime(r.createdAt);
	records.sort(
		(a, b) => dateOf(a).localeCompare(dateOf(b)) || a.createdAt.localeCompare(b.createdAt)
	);

	if (kind === 'games') {
		const lines: GameLine[] = [];
		for (const r of records) {
			const state = r.result ? null : (await games.get(r.id)).state;
			lines.push(lineFrom(r, dateOf(r), state, changed));
		}
		return gamesSheet(lines, name);
	}
	const views = [];
	for (const r of records) {
		const view = await games.get(r.id);
		views.push({ line: lineFrom(r, dateOf(r), view.state, changed), view });
	}
	if (kind === 'hands')
		return handsSheet(
			views.map((v) => ({ line: v.line, state: v.view.state })),
			name
		);
	return eventsSheet(
		views.map((v) => ({ line: v.line, events: v.view.events, voided: v.view.state.voided })),
		name
	);
}

/**
 * The `kind` export of league `leagueId` as a CSV file named with the league and `day`.
 * @throws DbError `not-found`
 */
export async function leagueCsv(
	leagueId: string,
	kind: ExportKind,
	day: string = localDay()
): Promise<CsvFile> {
	const league = await leagues.get(leagueId);
	const sheet = await sheetFor(leagueId, kind);
	return { name: csvFileName(league.name, kind, day), text: toCsv(sheet), rows: sheet.rows.length };
}
