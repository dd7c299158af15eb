/**
 * A game being played on its group's phone, as the instructor's session page and the board
 * show it live (issue 40): from the game's record and the entries heard so far, replayed as
 * the card's log is (`card/log.ts`): the hand, each side's total, the last thing recorded in
 * words, when, the steals, finished or not. Pure: the clock is passed in. Never a score that
 * counts: only the signed card does.
 */
import { replayRecords } from '$lib/card/log';
import { toSetup, type EventRecord, type GameRecord } from '$lib/card/records';
import { isRuleError } from '$lib/rules/errors';
import { narrate, type PlayerNamer } from '$lib/rules/narrate';
import { getRuleset } from '$lib/rules/rulesets';
import type { PlayerId, SideLabel } from '$lib/rules/types';

/** A live game as the screens show it. */
export interface LiveGameView {
	/** The hand being played; null once the game is over. */
	hand: number | null;
	sides: { label: SideLabel; players: PlayerId[]; total: number }[];
	/** The winning sides once it is over. */
	winners: SideLabel[];
	over: boolean;
	/** "Muggins!" steals still in effect (an undone one is not a steal). */
	steals: number;
	/** The last entry recorded, in words, and when (the phone's clock); null before any. */
	last: { words: string; at: string } | null;
}

/** After this long without an entry a game in play is called quiet. */
export const QUIET_MS = 5 * 60_000;

/**
 * After this long with nothing from its phone (no entry, no word of where its game stands), a
 * game's phone is called quiet: a running phone says where its game stands every minute
 * (`sync/game-states.ts` SAY_AGAIN_MS), so this is two missed words and some slack.
 */
export const PHONE_QUIET_MS = 150_000;

/**
 * The live view of `game` with its entries `events` (in order), its players named by `name`;
 * null when the rules cannot read its setup (a game from a newer app).
 */
export function liveGameView(
	game: GameRecord,
	events: readonly EventRecord[],
	name: PlayerNamer
): LiveGameView | null {
	let state;
	try {
		state = replayRecords(toSetup(game), events).state;
	} catch (e) {
		if (isRuleError(e)) return null;
		throw e;
	}
	const ruleset = getRuleset(game.rulesetId);
	const lastRecord = events.at(-1);
	let last: LiveGameView['last'] = null;
	if (lastRecord) {
		const { event } = lastRecord;
		let words = narrate(event, ruleset, name);
		if (event.type === 'void') {
			// "Undo" alone says nothing on a screen across the room: say what was undone.
			const target = events.find((r) => r.event.id === event.target)?.event;
			if (target) words = `${words}: ${narrate(target, ruleset, name)}`;
		}
		last = { words, at: lastRecord.at };
	}
	return {
		hand: state.over ? null : state.hand,
		sides: state.sides.map((s) => ({
			label: s.label,
			players: [...s.players],
			total: state.totals[s.label] ?? 0
		})),
		winners: state.over ? [...state.winners] : [],
		over: state.over,
		steals: state.effective.filter((e) => e.type === 'muggins').length,
		last
	};
}

/** Whole minutes from `at` (ISO time) to `now` (ms), never below 0. */
export function minutesSince(at: string | number, now: number): number {
	const then = typeof at === 'number' ? at : Date.parse(at);
	return Number.isNaN(then) ? 0 : Math.max(0, Math.floor((now - then) / 60_000));
}

/** Whether a game in play, last recorded at `at`, has been quiet long enough to say so. */
export function isQuiet(view: LiveGameView, now: number): boolean {
	if (view.over || !view.last) return false;
	return now - Date.parse(view.last.at) >= QUIET_MS;
}

/**
 * Whole minutes since a game's phone was last heard from, when that is PHONE_QUIET_MS or more;
 * null while it is heard from. `heardAt` is when the server last heard where the game stands,
 * `lastEntryAt` its last entry's time (either may be missing); a finished game's phone has
 * nothing more to say, so it is never quiet.
 */
export function phoneQuietMinutes(
	heardAt: string | undefined,
	lastEntryAt: string | undefined,
	finished: boolean,
	now: number
): number | null {
	if (finished) return null;
	const times = [heardAt, lastEntryAt]
		.map((t) => (t === undefined ? NaN : Date.parse(t)))
		.filter((t) => !Number.isNaN(t));
	if (times.length === 0) return null;
	const last = Math.max(...times);
	return now - last >= PHONE_QUIET_MS ? minutesSince(last, now) : null;
}

/**
 * `phoneQuietMinutes` for a group's game on its phone (`handedOut`): from what its phone last
 * said of it (`said`, its state and when the server heard it) and its live view, when either is
 * there; null otherwise.
 */
export function groupPhoneQuiet(
	handedOut: boolean,
	said: { state: string; heardAt: string } | undefined,
	live: LiveGameView | null,
	now: number
): number | null {
	if (!handedOut || (!said && !live)) return null;
	const over = said?.state === 'finished' || live?.over === true;
	return phoneQuietMinutes(said?.heardAt, live?.last?.at, over, now);
}
