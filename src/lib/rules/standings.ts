/**
 * Trimester standings of a classroom league (RULES.md §7), from the summaries of the cards that
 * count. Pure: the store decides which cards count (signed, not voided) and hands them here, so
 * the standings of a whole term cost one pass over small summaries, never a replay of events.
 *
 * Ruling for team games: each partner is credited with the side's total and the side's result
 * (a win, a shared win or a loss), since the side scored it together; classroom play has no
 * teams, so this only matters for leagues that play another rule sheet in pairs.
 */
import type { ResultCorrection } from './card';
import type { PlayerId, SideLabel } from './types';

/** What one counted card contributes: its sides' final totals and which sides won. */
export interface StandingsCard {
	gameId: string;
	/** The day the game counts for (`YYYY-MM-DD`): its class session's date, else when it ended. */
	date: string;
	sides: { label: SideLabel; players: PlayerId[]; total: number }[];
	/** Labels of the winning sides; two or more is a shared win; none when nobody won. */
	winners: SideLabel[];
	/** The instructor's corrections after signing (§7), already in the totals; for notes only. */
	corrections?: readonly ResultCorrection[];
}

/** Which end of the table a row is marked as. */
export type Honour = 'champion' | 'runner-up' | null;

/** One student's line in the standings. */
export interface StandingsRow {
	player: PlayerId;
	played: number;
	/** Games won, shared wins included (each counts as a win for every winner). */
	won: number;
	/** Of `won`, the wins shared with another side (shown apart, as ties). */
	shared: number;
	/** `won / played` as a fraction from 0 to 1; 0 before any game. */
	winRate: number;
	points: number;
	/** `points / played`; 0 before any game. */
	perGame: number;
	/** 1 for the top; rows equal on all three keys share a place, and the next place skips. */
	place: number;
	/** Another row has the same place. */
	tied: boolean;
	honour: Honour;
}

/** A student's counted games added up: what their standings row is worked out from. */
export interface Tally {
	played: number;
	won: number;
	/** Of `won`, the wins shared with another side. */
	shared: number;
	points: number;
}

function emptyTally(): Tally {
	return { played: 0, won: 0, shared: 0, points: 0 };
}

/** Adds one card to the running tallies. */
function tallyCard(tallies: Map<PlayerId, Tally>, card: StandingsCard): void {
	const winners = new Set(card.winners);
	const sharedWin = winners.size > 1;
	for (const side of card.sides) {
		const won = winners.has(side.label);
		for (const player of side.players) {
			let t = tallies.get(player);
			if (!t) tallies.set(player, (t = emptyTally()));
			t.played += 1;
			t.points += side.total;
			if (won) {
				t.won += 1;
				if (sharedWin) t.shared += 1;
			}
		}
	}
}

/**
 * Orders two tallies: more games won first, then more points, then more points per game.
 * Points per game are compared by cross-multiplying, so 10/3 and 20/6 are exactly equal.
 */
function compareTallies(a: Tally, b: Tally): number {
	if (a.won !== b.won) return b.won - a.won;
	if (a.points !== b.points) return b.points - a.points;
	return b.points * a.played - a.points * b.played;
}

/**
 * The standings over `cards`, best first.
 *
 * `roster` lists students who belong in the table even before their first game (they sit at
 * the bottom with zeros); players who appear only on cards are included too. Rows equal on
 * games won, total points and points per game share a place (1, 2, 2, 4). The champion is
 * every row in first place and the runner-up every row in second place; when first place is
 * shared there is no second place, so co-champions and no runner-up (ruling). Only a row that
 * has played can be honoured. Rows sharing a place are listed in roster order, then by player
 * id; that order never affects the place.
 */
export function standings(
	cards: readonly StandingsCard[],
	roster: readonly PlayerId[] = []
): StandingsRow[] {
	const tallies = new Map<PlayerId, Tally>();
	for (const card of cards) tallyCard(tallies, card);
	return ranked(tallies, roster);
}

/**
 * The standings of students whose counted games are added up in `tallies` (a league's kept
 * totals: the standings page reads one record a student, not every card), as `standings`
 * ranks them; `roster`'s students without a tally sit at the bottom with zeros.
 */
export function ranked(
	tallies: ReadonlyMap<PlayerId, Tally>,
	roster: readonly PlayerId[] = []
): StandingsRow[] {
	const all = new Map<PlayerId, Tally>();
	for (const player of roster) all.set(player, emptyTally());
	for (const [player, t] of tallies) all.set(player, t);
	const order = new Map(roster.map((p, i) => [p, i]));
	const rosterOrder = (a: PlayerId, b: PlayerId) =>
		(order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || (a < b ? -1 : a > b ? 1 : 0);
	const sorted = [...all.entries()].sort(
		([pa, a], [pb, b]) => compareTallies(a, b) || rosterOrder(pa, pb)
	);

	const rows: StandingsRow[] = [];
	sorted.forEach(([player, t], i) => {
		const previous = rows[i - 1];
		const prevTally = sorted[i - 1]?.[1];
		const place =
			previous && prevTally && compareTallies(prevTally, t) === 0 ? previous.place : i + 1;
		rows.push({
			player,
			played: t.played,
			won: t.won,
			shared: t.shared,
			winRate: t.played === 0 ? 0 : t.won / t.played,
			points: t.points,
			perGame: t.played === 0 ? 0 : t.points / t.played,
			place,
			tied: false,
			honour: null
		});
	});

	const perPlace = new Map<number, number>();
	for (const r of rows) perPlace.set(r.place, (perPlace.get(r.place) ?? 0) + 1);
	for (const r of rows) {
		r.tied = (perPlace.get(r.place) ?? 0) > 1;
		if (r.played > 0) r.honour = r.place === 1 ? 'champion' : r.place === 2 ? 'runner-up' : null;
	}
	return rows;
}

/** One student's line in the race for first place: games won after each day of play. */
export interface RaceSeries {
	player: PlayerId;
	/** Cumulative games won, one value per entry of `Race.dates`. */
	wins: number[];
}

/** The race for first place over a term: the leaders' wins, day by day. */
export interface Race {
	/** Days with at least one counted card, in order (`YYYY-MM-DD`). */
	dates: string[];
	series: RaceSeries[];
}

/**
 * The students the race for first place follows: the top `top` rows of `rows` (the final
 * standings) that have played, and more when places are shared at the cut.
 */
export function raceLeaders(rows: readonly StandingsRow[], top = 5): PlayerId[] {
	const table = rows.filter((r) => r.played > 0);
	const cut = table[top - 1]?.place ?? Infinity;
	return table.filter((r) => r.place <= cut).map((r) => r.player);
}

/** One game won, by whom and on which day it counts. */
export interface DayWin {
	player: PlayerId;
	date: string;
}

/**
 * The race of `leaders` over `dates` (every day with a counted card, in order), from their
 * `wins`: a win of anyone else, or on a day not listed, is not drawn.
 */
export function raceOf(
	dates: readonly string[],
	leaders: readonly PlayerId[],
	wins: Iterable<DayWin>
): Race {
	const dayIndex = new Map(dates.map((d, i) => [d, i]));
	const daily = new Map(leaders.map((p) => [p, new Array<number>(dates.length).fill(0)]));
	for (const { player, date } of wins) {
		const row = daily.get(player);
		const day = dayIndex.get(date);
		if (row && day !== undefined) row[day] = (row[day] ?? 0) + 1;
	}
	const series = leaders.map((player) => {
		let sum = 0;
		return { player, wins: (daily.get(player) ?? []).map((n) => (sum += n)) };
	});
	return { dates: [...dates], series };
}

/** Every win on `cards`: each winning side's players, on the card's day. */
function* winsOn(cards: readonly StandingsCard[]): Generator<DayWin> {
	for (const card of cards) {
		const winners = new Set(card.winners);
		for (const side of card.sides) {
			if (!winners.has(side.label)) continue;
			for (const player of side.players) yield { player, date: card.date };
		}
	}
}

/**
 * The race for first place: how many games each of the current top `top` students (by the
 * final standings; more when places are shared at the cut) had won after each day of play.
 * `rows` are `standings(cards, roster)` when the caller has them already: a school's table is
 * not worked out twice.
 */
export function race(
	cards: readonly StandingsCard[],
	roster: readonly PlayerId[] = [],
	top = 5,
	rows: readonly StandingsRow[] = standings(cards, roster)
): Race {
	const dates = [...new Set(cards.map((c) => c.date))].sort();
	return raceOf(dates, raceLeaders(rows, top), winsOn(cards));
}

/** A student's result in one counted game, for their page and the games export. */
export interface PlayerGame {
	gameId: string;
	date: string;
	/** The player's side's total. */
	points: number;
	result: 'won' | 'shared' | 'lost';
	/** Everyone else at the table. */
	opponents: PlayerId[];
	partners: PlayerId[];
}

/** The counted games `player` played, in date order (ties keep the order of `cards`). */
export function gamesOf(cards: readonly StandingsCard[], player: PlayerId): PlayerGame[] {
	const found: PlayerGame[] = [];
	for (const card of cards) {
		const side = card.sides.find((s) => s.players.includes(player));
		if (!side) continue;
		const won = card.winners.includes(side.label);
		found.push({
			gameId: card.gameId,
			date: card.date,
			points: side.total,
			result: won ? (card.winners.length > 1 ? 'shared' : 'won') : 'lost',
			partners: side.players.filter((p) => p !== player),
			opponents: card.sides.filter((s) => s !== side).flatMap((s) => s.players)
		});
	}
	return found.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
