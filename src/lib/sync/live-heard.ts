/**
 * What the instructor's device hears of the games being played (issue 40): each handed-out
 * game's record and entries as its phone sent them, and how the live link of each league
 * stands. Kept in memory only, for the session page and the board: never stored, never
 * counted; only the signed card counts. A reload starts empty and the stream gives it all again.
 */
import { SvelteMap } from 'svelte/reactivity';
import * as v from 'valibot';
import type { EventRecord, GameRecord } from '$lib/card/records';
import { LiveGameSchema } from '$lib/transfer/schema';

/** A game as heard: its record as last sent and its entries, in order, each once. */
export interface HeardGame {
	game: GameRecord;
	events: EventRecord[];
	/** When this device last heard of it (its own clock, ms). */
	heardAt: number;
}

/** How a league's live link stands on this device. */
export interface LiveLink {
	/**
	 * `connecting` until the first answer; `live` while the stream is held; `lost` while it
	 * reconnects; `asking` when no stream can be held and the device asks every round instead.
	 */
	mode: 'connecting' | 'live' | 'lost' | 'asking';
	/** When this device last heard from the server about this league (ms), or null. */
	lastHeardAt: number | null;
}

/** The games heard, by game id. */
export const liveGames = new SvelteMap<string, HeardGame>();

/** Each instructor league's live link, by league id. */
export const liveLinks = new SvelteMap<string, LiveLink>();

/**
 * `held` with `incoming` added: ordered by `seq`, each `seq` once (a resend changes nothing).
 * Pure, and quick for the usual case of entries that follow the last one held.
 */
export function mergeEntries(
	held: readonly EventRecord[],
	incoming: readonly EventRecord[]
): EventRecord[] {
	const last = held.at(-1)?.seq ?? 0;
	const sorted = [...incoming].sort((a, b) => a.seq - b.seq);
	if (sorted.every((e, i) => e.seq > last && (i === 0 || e.seq > (sorted[i - 1]?.seq ?? 0)))) {
		return [...held, ...sorted];
	}
	const bySeq = new Map<number, EventRecord>();
	for (const e of held) bySeq.set(e.seq, e);
	for (const e of sorted) if (!bySeq.has(e.seq)) bySeq.set(e.seq, e);
	return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * Whether `incoming` starts the game's log over: its first entry is entry 1 and another entry
 * than the one held there. Another phone took the game over, and the server keeps only its log
 * (docs/server.md, the live classroom); a resend of the same log has the same entries.
 */
function startsOver(held: readonly EventRecord[], incoming: readonly EventRecord[]): boolean {
	const first = incoming.find((e) => e.seq === 1);
	const heldFirst = held[0];
	return first !== undefined && heldFirst?.seq === 1 && heldFirst.event.id !== first.event.id;
}

/**
 * Takes what the server said of one game (`{ game, events }`), at `now`; false when it is not
 * a game as the app writes them (nothing changes then).
 */
export function hear(value: unknown, now: number = Date.now()): boolean {
	const read = v.safeParse(LiveGameSchema, value);
	if (!read.success) return false;
	const { game, events } = read.output as { game: GameRecord; events: EventRecord[] };
	const before = liveGames.get(game.id);
	liveGames.set(game.id, {
		game,
		events: mergeEntries(
			startsOver(before?.events ?? [], events) ? [] : (before?.events ?? []),
			events
		),
		heardAt: now
	});
	return true;
}

/** Sets how league `leagueId`'s live link stands; `heard` when the server just spoke. */
export function setLink(leagueId: string, mode: LiveLink['mode'], heard = false): void {
	const before = liveLinks.get(leagueId);
	const lastHeardAt = heard ? Date.now() : (before?.lastHeardAt ?? null);
	if (before?.mode === mode && before.lastHeardAt === lastHeardAt) return;
	liveLinks.set(leagueId, { mode, lastHeardAt });
}

/** Forgets everything heard (a test's fresh start). */
export function forgetHeard(): void {
	liveGames.clear();
	liveLinks.clear();
}
