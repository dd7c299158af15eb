/**
 * Checks for the counted cards' figures (schema version 12, issue 41). Import
 * `fake-indexeddb/auto` first (see helpers.ts).
 */
import { expect } from 'vitest';
import { db } from '$lib/db/db';
import { figuresAfresh } from '$lib/card/figures';
import type { FiguresRecord } from '$lib/card/records';
import { totalsOf, type DayTotalsRecord, type StudentTotalsRecord } from '$lib/card/totals';
import { dayOfTime } from '$lib/days';
import { judgedAfresh } from './verdict-helpers';
import { allEvents } from './helpers';

/**
 * The figures the stored games and events imply, from nothing: each game whose card counts
 * (judged afresh: signed, not voided, not changed after signing), its log replayed.
 */
export async function figuresFromScratch(): Promise<FiguresRecord[]> {
	const [games, events, verdicts] = await Promise.all([
		db.games.toArray(),
		allEvents(),
		judgedAfresh()
	]);
	const changed = new Set(verdicts.filter((v) => v.changed === 1).map((v) => v.gameId));
	return games
		.flatMap(
			(g) =>
				figuresAfresh(
					g,
					events.filter((e) => e.gameId === g.id).sort((a, b) => a.seq - b.seq),
					changed.has(g.id)
				) ?? []
		)
		.sort((a, b) => a.gameId.localeCompare(b.gameId));
}

/** Expects the stored figures to be exactly those computed from scratch. */
export async function expectFiguresKept(): Promise<void> {
	const kept = (await db.figures.toArray()).sort((a, b) => a.gameId.localeCompare(b.gameId));
	expect(kept).toEqual(await figuresFromScratch());
}

/**
 * Expects the kept totals per student and per day (schema version 15) to be exactly those the
 * kept figures add up to, each dated by its session's day, else the day it ended.
 */
export async function expectTotalsKept(): Promise<void> {
	const [found, sessions] = await Promise.all([db.figures.toArray(), db.sessions.toArray()]);
	const days = new Map(sessions.map((s) => [s.id, s.date]));
	const fresh = totalsOf(
		found.map((figures) => ({
			figures,
			date:
				(figures.sessionId ? days.get(figures.sessionId) : undefined) ?? dayOfTime(figures.endedAt)
		}))
	);
	const byKey =
		<T extends { leagueId: string }>(k: (r: T) => string) =>
		(a: T, b: T) =>
			`${a.leagueId} ${k(a)}`.localeCompare(`${b.leagueId} ${k(b)}`);
	const students = byKey<StudentTotalsRecord>((r) => r.player);
	const dated = byKey<DayTotalsRecord>((r) => r.date);
	expect((await db.studentTotals.toArray()).sort(students)).toEqual(fresh.students.sort(students));
	expect((await db.dayTotals.toArray()).sort(dated)).toEqual(fresh.days.sort(dated));
}
