/**
 * Standings and CSV export of synthetic leagues in Node, from the rules layer and the export
 * sheets: the work the app does once the store has handed over the cards that count.
 */
import { gamesSheet, standingsSheet, type GameLine } from '../src/lib/export/sheets';
import { toCsv } from '../src/lib/export/csv';
import { standings, type StandingsCard } from '../src/lib/rules/standings';
import type { SyntheticLeague } from './synthetic-league';

/** Milliseconds of the fastest of `runs` calls of `work` (the others warm it up). */
export function fastest(runs: number, work: () => unknown): number {
	let best = Infinity;
	for (let i = 0; i < runs; i++) {
		const t0 = performance.now();
		work();
		best = Math.min(best, performance.now() - t0);
	}
	return best;
}

/** The cards of `league` as the store hands them to the standings. */
export function cardsOf(league: SyntheticLeague): StandingsCard[] {
	const dates = new Map(league.sessions.map((s) => [s.id, s.date]));
	return league.games.flatMap((g) =>
		g.result
			? [
					{
						gameId: g.id,
						date: dates.get(g.sessionId ?? '') ?? '',
						sides: g.result.sides,
						winners: g.result.winners
					}
				]
			: []
	);
}

/** Time (ms) and heap growth (MB) of the standings of `league`. */
export function standingsInNode(league: SyntheticLeague): { ms: number; mb: number } {
	const cards = cardsOf(league);
	const roster = league.players.map((p) => p.id);
	global.gc?.();
	const before = process.memoryUsage().heapUsed;
	const rows = standings(cards, roster);
	const mb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
	if (rows.length !== roster.length) throw new Error('The standings lost students.');
	return { ms: fastest(5, () => standings(cards, roster)), mb: Math.max(0, mb) };
}

/** Time (ms) and size (MB) of the games CSV (one row per player per game) of `league`. */
export function gamesCsv(league: SyntheticLeague): { ms: number; mb: number; rows: number } {
	const dates = new Map(league.sessions.map((s) => [s.id, s.date]));
	const names = new Map(league.players.map((p) => [p.id, p.name]));
	const name = (p: string) => names.get(p) ?? p;
	let text = '';
	let rows = 0;
	const ms = fastest(3, () => {
		const lines: GameLine[] = league.games.map((g) => ({
			gameId: g.id,
			date: dates.get(g.sessionId ?? '') ?? '',
			status: 'signed',
			counts: true,
			voidReason: null,
			rulesetId: g.rulesetId,
			seats: g.seats,
			hands: g.result?.hands ?? 0,
			sides: g.result?.sides ?? [],
			winners: g.result?.winners ?? [],
			over: true
		}));
		const sheet = gamesSheet(lines, name);
		rows = sheet.rows.length;
		text = toCsv(sheet);
	});
	return { ms, mb: Buffer.byteLength(text) / 1024 / 1024, rows };
}

/** Time (ms) of the standings CSV of `league`. */
export function standingsCsv(league: SyntheticLeague): number {
	const names = new Map(league.players.map((p) => [p.id, p.name]));
	const rows = standings(
		cardsOf(league),
		league.players.map((p) => p.id)
	);
	return fastest(3, () => toCsv(standingsSheet(rows, (p) => names.get(p) ?? p)));
}
