/**
 * Home's two lists, each read on its own so each live query follows only what it shows: the
 * games in progress, and the few that finished last. A score tap in another tab runs the first
 * again, and it replays only the games whose record changed since its last run (`Replays`);
 * the finished list does not run for it at all (its index holds no game in progress).
 */
import * as games from '$lib/db/games';
import * as lists from '$lib/db/lists';
import * as players from '$lib/db/players';
import type { GameRecord } from '$lib/card/records';
import type { GameState } from '$lib/rules/types';
import { FINISHED_LISTED, gameRow, type GameRow } from './game-rows';

/**
 * The last replay of each game a list showed, with the `updatedAt` it was made at: every
 * write to a game's log updates its record's `updatedAt` in the same transaction, so an equal
 * `updatedAt` means the same log, and the replay is reused.
 */
export class Replays {
	#kept = new Map<string, { updatedAt: string; state: GameState }>();

	/** The replays of `records`, by id: kept ones reused, the others read and replayed at once. */
	async of(records: readonly GameRecord[]): Promise<Map<string, GameState>> {
		const stale = records.filter((r) => this.#kept.get(r.id)?.updatedAt !== r.updatedAt);
		const fresh = await lists.replaysOf(stale);
		const states = new Map<string, GameState>();
		const next = new Map<string, { updatedAt: string; state: GameState }>();
		for (const r of records) {
			const state = fresh.get(r.id) ?? this.#kept.get(r.id)?.state;
			if (!state) continue;
			states.set(r.id, state);
			next.set(r.id, { updatedAt: r.updatedAt, state });
		}
		// Only the games still listed are kept: a finished game leaves this list's memory.
		this.#kept = next;
		return states;
	}
}

/** The rows of `records` in their order, replays from `replays`, names read once. */
async function rowsOf(records: readonly GameRecord[], replays: Replays): Promise<GameRow[]> {
	if (records.length === 0) return [];
	const [states, names] = await Promise.all([
		replays.of(records),
		players.getMany([...new Set(records.flatMap((g) => g.seats))])
	]);
	return records.flatMap((r) => {
		const state = states.get(r.id);
		return state ? [gameRow(r, state, names)] : [];
	});
}

/** The games in progress, the latest started first. */
export async function inProgress(replays: Replays): Promise<GameRow[]> {
	return rowsOf(await games.list({ status: 'in-progress' }), replays);
}

/** The games that finished last (at most `FINISHED_LISTED`), and whether older ones exist. */
export async function finished(replays: Replays): Promise<{ rows: GameRow[]; more: boolean }> {
	const { games: latest, more } = await lists.latestFinished(FINISHED_LISTED);
	return { rows: await rowsOf(latest, replays), more };
}
