/**
 * What a counted card says about each student who played it (schema version 12, issue 41):
 * their side's points and place, and their counting (`rules/insights/learning.ts`). Pure: no
 * database, so the store's upkeep (`db/upkeep.ts`), the version 12 upgrade and the tests all
 * derive the figures the same way, from a game record and its log.
 *
 * A card has figures exactly while it counts in the standings (`countsInStandings`, and not
 * changed after signing): the figures follow every count, void, reopening and correction as
 * the standings do.
 */
import { learningOf } from '$lib/rules/insights/learning';
import type { GameState } from '$lib/rules/types';
import { countsInStandings } from './contributions';
import { replayRecords } from './log';
import {
	toSetup,
	type EventRecord,
	type FiguresRecord,
	type GameRecord,
	type StudentFigures
} from './records';

/** The replay of `record` with its `events`, or null when the rules refuse its setup. */
export function stateOf(record: GameRecord, events: readonly EventRecord[]): GameState | null {
	try {
		return replayRecords(toSetup(record), events).state;
	} catch {
		// A setup the rules refuse (damaged data): there is nothing to learn from its log.
		return null;
	}
}

/**
 * The figures of `record`, whose log replays to `state` (`stateOf`), or null when the card
 * does not count.
 * @param changed the card's events no longer match what was signed (its kept verdict)
 */
export function figuresOf(
	record: GameRecord,
	state: GameState | null,
	changed: boolean
): FiguresRecord | null {
	if (!countsInStandings(record, changed) || !record.result || record.leagueId === null) {
		return null;
	}
	const { result } = record;
	const learning = state ? learningOf(state) : null;
	const winners = new Set(result.winners);
	const rows = result.sides.flatMap((side): StudentFigures[] => {
		const place = 1 + result.sides.filter((s) => s.total > side.total).length;
		const won = winners.has(side.label);
		const outcome = won ? (winners.size > 1 ? 'shared' : 'won') : 'lost';
		return side.players.map((player) => ({
			player,
			side: side.label,
			points: side.total,
			place,
			result: outcome,
			learning: learning?.get(player) ?? null
		}));
	});
	const seat = new Map(record.seats.map((p, i) => [p, i]));
	rows.sort((a, b) => (seat.get(a.player) ?? Infinity) - (seat.get(b.player) ?? Infinity));
	return {
		gameId: record.id,
		leagueId: record.leagueId,
		sessionId: record.sessionId ?? null,
		endedAt: result.finishedAt || record.finishedAt || record.createdAt,
		players: rows.map((r) => r.player),
		rows,
		...(result.corrections
			? { corrections: result.corrections.map((c) => ({ ...c })), correctedIn: record.leagueId }
			: {})
	};
}

/** The figures of game `record` with its `events` as stored, from nothing (upgrade, tests). */
export function figuresAfresh(
	record: GameRecord,
	events: readonly EventRecord[],
	changed: boolean
): FiguresRecord | null {
	return countsInStandings(record, changed)
		? figuresOf(record, stateOf(record, events), changed)
		: null;
}
