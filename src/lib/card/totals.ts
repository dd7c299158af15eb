/**
 * A league's counted cards added up, per student and per day (schema version 15, issue 41): what
 * the insights page reads, so it reads one record per student and four days instead of every
 * counted card's figures (5,400 at 10 classes, 841 ms usable against a budget of 500).
 *
 * Kept by the store's upkeep (`db/totals-upkeep.ts`) from the figures it writes: each change of
 * a card's figures takes the old ones out and adds the new ones (`totalsChange`). Pure, so the
 * upkeep, the version 15 upgrade and the tests add up alike.
 */
import { noLearning, type Learning } from '$lib/rules/insights/learning';
import type { PlayerId } from '$lib/rules/types';
import { dayOfTime } from '$lib/days';
import type { FiguresRecord } from './records';

/** A student's counted cards in a league, added up. Key: `[leagueId+player]`. */
export interface StudentTotalsRecord {
	leagueId: string;
	player: PlayerId;
	/** Counted cards they played, and their side's final totals summed over them. */
	games: number;
	points: number;
	/** Of `games`, those their side won (schema version 18: the standings' table), and of
	 * those, the wins shared with another side. */
	won: number;
	shared: number;
	/** The cards whose counting could be read (`StudentFigures.learning`), and its sum. */
	learnedGames: number;
	learning: Learning;
}

/** One student's counted cards on one day. */
export interface DayPlayer {
	player: PlayerId;
	games: number;
	points: number;
}

/** A league's counted cards of one day, by student. Key: `[leagueId+date]`. */
export interface DayTotalsRecord {
	leagueId: string;
	/** The day the cards count for (`YYYY-MM-DD`): their session's, else the day they ended. */
	date: string;
	/** By player id, so a day kept and one added up afresh are equal; never empty (an empty day
	 * is deleted). */
	players: DayPlayer[];
}

/** A counted card's figures with the day it counts for. */
export interface CardOnDay {
	figures: FiguresRecord;
	date: string;
}

/**
 * The day counted card `figures` counts for: its session's (`dates`, by session id), else the
 * day it ended.
 */
export function dayOf(figures: FiguresRecord, dates: ReadonlyMap<string, string>): string {
	return (
		(figures.sessionId ? dates.get(figures.sessionId) : undefined) ?? dayOfTime(figures.endedAt)
	);
}

/** The changes to write: records to put, and the keys of records to delete. */
export interface TotalsChange {
	students: StudentTotalsRecord[];
	days: DayTotalsRecord[];
	noStudents: [string, PlayerId][];
	noDays: [string, string][];
}

/** What a change needs read first: the records it adds to, by key (`keyOf`). */
export interface HeldTotals {
	students: ReadonlyMap<string, StudentTotalsRecord>;
	days: ReadonlyMap<string, DayTotalsRecord>;
}

/** A compound key as a `Map` key. */
export function keyOf(key: readonly [string, string]): string {
	return JSON.stringify(key);
}

/** The student and day keys that cards `cards` add to or take from. */
export function keysOf(cards: readonly CardOnDay[]): {
	students: [string, PlayerId][];
	days: [string, string][];
} {
	const students = new Map<string, [string, PlayerId]>();
	const days = new Map<string, [string, string]>();
	for (const { figures, date } of cards) {
		const day: [string, string] = [figures.leagueId, date];
		days.set(keyOf(day), day);
		for (const row of figures.rows) {
			const student: [string, PlayerId] = [figures.leagueId, row.player];
			students.set(keyOf(student), student);
		}
	}
	return { students: [...students.values()], days: [...days.values()] };
}

/**
 * The totals `held` become when cards `before` stop counting as they did and cards `after`
 * count instead (a card counted, voided, reopened, corrected or moved is in one or both).
 * A student or a day left with no counted card is deleted.
 */
export function totalsChange(
	before: readonly CardOnDay[],
	after: readonly CardOnDay[],
	held: HeldTotals
): TotalsChange {
	const tally = new Tally(held);
	for (const card of before) tally.add(card, -1);
	for (const card of after) tally.add(card, 1);
	return tally.change();
}

/**
 * Totals being added up from records `held`: each held record is copied once, when a card
 * first touches it, then changed in place. A restore onto an empty device adds up a whole
 * school's figures through one (`db/rebuild.ts`), a few thousand at a time.
 */
export class Tally {
	#held: HeldTotals;
	#students = new Map<string, StudentTotalsRecord>();
	#days = new Map<string, DayTotalsRecord>();
	// Each day's players by id: a day of a league of 100 classes holds thousands of students, and
	// a restore's batch adds thousands of rows to it (a search of the list per row was 7 million
	// comparisons a batch there).
	#onDays = new Map<string, Map<PlayerId, DayPlayer>>();

	constructor(held: HeldTotals) {
		this.#held = held;
	}

	/** Adds card `card` (`sign` 1) or takes it out (-1). */
	add({ figures, date }: CardOnDay, sign: 1 | -1): void {
		const { leagueId } = figures;
		const dayKey = keyOf([leagueId, date]);
		let day = this.#days.get(dayKey);
		let onDay = this.#onDays.get(dayKey);
		if (!day || !onDay) {
			day = structuredCopy(this.#held.days.get(dayKey)) ?? { leagueId, date, players: [] };
			onDay = new Map(day.players.map((p) => [p.player, p]));
			this.#days.set(dayKey, day);
			this.#onDays.set(dayKey, onDay);
		}
		for (const row of figures.rows) {
			const studentKey = keyOf([leagueId, row.player]);
			let mine = this.#students.get(studentKey);
			if (!mine) {
				// Copied once, then changed in place: a restore adds up 200,000 rows through one.
				const held = this.#held.students.get(studentKey);
				mine = held
					? { ...held, learning: { ...held.learning } }
					: {
							leagueId,
							player: row.player,
							games: 0,
							points: 0,
							won: 0,
							shared: 0,
							learnedGames: 0,
							learning: noLearning()
						};
				this.#students.set(studentKey, mine);
			}
			mine.games += sign;
			mine.points += sign * row.points;
			addWin(mine, row.result, sign);
			if (row.learning) {
				mine.learnedGames += sign;
				for (const key of Object.keys(mine.learning) as (keyof Learning)[]) {
					mine.learning[key] += sign * row.learning[key];
				}
			}
			const player = onDay.get(row.player);
			if (player) {
				player.games += sign;
				player.points += sign * row.points;
			} else {
				const added = { player: row.player, games: sign, points: sign * row.points };
				day.players.push(added);
				onDay.set(row.player, added);
			}
		}
	}

	/** The records to put and the keys to delete, for every record the cards added touched. */
	change(): TotalsChange {
		const out: TotalsChange = { students: [], days: [], noStudents: [], noDays: [] };
		for (const s of this.#students.values()) {
			if (s.games > 0) out.students.push(s);
			else out.noStudents.push([s.leagueId, s.player]);
		}
		for (const d of this.#days.values()) {
			const players = d.players.filter((p) => p.games > 0);
			players.sort((a, b) => (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
			if (players.length > 0) out.days.push({ ...d, players });
			else out.noDays.push([d.leagueId, d.date]);
		}
		return out;
	}
}

/** A held day's copy, its players' counts changed in place by a `Tally`. */
function structuredCopy(day: DayTotalsRecord | undefined): DayTotalsRecord | undefined {
	return day && { ...day, players: day.players.map((p) => ({ ...p })) };
}

/** A student's games won and, of those, shared with another side. */
export interface Wins {
	won: number;
	shared: number;
}

/** Adds (`sign` 1) or takes out (-1) a card of `result` to the games `to` won and shared. */
function addWin(to: Wins, result: FiguresRecord['rows'][number]['result'], sign: 1 | -1): void {
	if (result !== 'lost') to.won += sign;
	if (result === 'shared') to.shared += sign;
}

/**
 * Adds the wins of counted cards `figures` to `wins`, by league and student (`keyOf`): schema
 * version 18's upgrade gives the totals kept before it their games won and shared this way.
 */
export function addWins(wins: Map<string, Wins>, figures: readonly FiguresRecord[]): void {
	for (const f of figures) {
		for (const row of f.rows) {
			const key = keyOf([f.leagueId, row.player]);
			const held = wins.get(key) ?? { won: 0, shared: 0 };
			addWin(held, row.result, 1);
			wins.set(key, held);
		}
	}
}

/** The totals of cards `cards` from nothing (the upgrade, and the tests' reference). */
export function totalsOf(cards: readonly CardOnDay[]): {
	students: StudentTotalsRecord[];
	days: DayTotalsRecord[];
} {
	const { students, days } = totalsChange([], cards, { students: new Map(), days: new Map() });
	return { students, days };
}
