/**
 * Checks for the counted cards' figures (schema version 12, issue 41). Import
 * `fake-indexeddb/auto` first (see helpers.ts).
 */
import { expect } from 'vitest';
import { db } from '$lib/db/db';
import { figuresAfresh } from '$lib/card/figures';
import type { FiguresRecord } from '$lib/card/records';
import { judgedAfresh } from './verdict-helpers';

/**
 * The figures the stored games and events imply, from nothing: each game whose card counts
 * (judged afresh: signed, not voided, not changed after signing), its log replayed.
 */
export async function figuresFromScratch(): Promise<FiguresRecord[]> {
	const [games, events, verdicts] = await Promise.all([
		db.games.toArray(),
		db.events.toArray(),
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
