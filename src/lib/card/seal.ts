/**
 * The players' seal on a card and the instructor's corrections after it (RULES.md §7): the
 * players sign the log up to the seal; a correction the instructor makes afterwards counts at
 * once, and their signatures stay as what they signed. Pure, so the kept verdicts, the results
 * derived on every path in and the sign page read a corrected card the same way.
 *
 * No mark on an event says who made it: the game record's lock does. A card arriving from
 * outside is locked to the fingerprint of its whole log (`card-check.ts`), so a `correct` a
 * phone adds after its players signed leaves it changed after signing. Only the instructor's
 * correction verb (`db/corrections.ts`, behind the PIN on a device that is not a group's
 * phone) keeps a card locked to what its players signed while its log goes past it, and a
 * backup keeps that lock as the instructor's own record.
 */
import { cardResult, type CardResult, type ResultCorrection } from '$lib/rules/card';
import { canonicalCard } from '$lib/rules/fingerprint';
import { sha256Hex } from '$lib/rules/sha256';
import { applyEvent } from '$lib/rules/game';
import { isRuleError } from '$lib/rules/errors';
import { sideOf } from '$lib/rules/setup';
import type { GameState } from '$lib/rules/types';
import { replayRecords } from './log';
import { toCard, toSetup, type EventRecord, type GameRecord } from './records';

/** The fingerprint of a game with `events` as its log (the same game record each time). */
export type PrintOf = (events: readonly EventRecord[]) => string;

/** Fingerprints of `game` with any log, each hashed afresh. */
export function printsOf(game: GameRecord): PrintOf {
	return (events) => sha256Hex(canonicalCard(toCard(game, events)));
}

/** Where the players' signatures end in a log: what they signed, and the corrections after. */
export interface Seal {
	/** How many events of the log the players signed. */
	signed: number;
	/**
	 * The instructor's entries after them, in order (none on most cards): `correct` events, and
	 * `void`s that withdraw one of those.
	 */
	corrections: EventRecord[];
}

/** Whether `record` can be the instructor's after a seal: a `correct`, or a `void` of one. */
function afterSeal(record: EventRecord): boolean {
	return record.event.type === 'correct' || record.event.type === 'void';
}

/** Whether every `void` among `after` withdraws a `correct` among them. */
function withdrawsOwn(after: readonly EventRecord[]): boolean {
	const corrects = new Set(after.filter((e) => e.event.type === 'correct').map((e) => e.event.id));
	return after.every((e) => e.event.type !== 'void' || corrects.has(e.event.target));
}

/** Whether a locked log ending with `last` may go past its seal (and is worth looking into). */
export function mayGoPastSeal(last: EventRecord | undefined): boolean {
	return last !== undefined && afterSeal(last);
}

/**
 * The seal of `game`'s log `events`: the longest start of the log whose fingerprint is the one
 * the game is locked to, when everything after it is a `correct` or a `void` withdrawing one
 * of those. Null when the game is not
 * locked, or when no such start exists (the card changed after signing). Hashes the whole log,
 * and one shorter log for each correction at its end: a card that ends otherwise costs one hash.
 * @param whole the whole log's fingerprint, when already computed
 */
export function sealOf(
	game: GameRecord,
	events: readonly EventRecord[],
	print: PrintOf,
	whole: string = print(events)
): Seal | null {
	const locked = game.fingerprint;
	if (locked === null) return null;
	if (whole === locked) return { signed: events.length, corrections: [] };
	for (let n = events.length - 1; n >= 0 && afterSeal(events[n]!); n--) {
		if (print(events.slice(0, n)) === locked) {
			const corrections = events.slice(n);
			return withdrawsOwn(corrections) ? { signed: n, corrections } : null;
		}
	}
	return null;
}

/**
 * The corrections of `seal` as a result keeps them, each with its side's total before and
 * after, and the state they leave; null when the rules refuse the signed log or a correction.
 */
export function correctionLines(
	game: GameRecord,
	events: readonly EventRecord[],
	seal: Seal
): { lines: ResultCorrection[]; state: GameState } | null {
	const signed = replayRecords(toSetup(game), events.slice(0, seal.signed));
	if (signed.refused.length > 0) return null;
	// A withdrawn correction is as if never made: the others are applied in order without it,
	// as the engine's void replays them.
	const withdrawn = new Set(
		seal.corrections.flatMap((r) => (r.event.type === 'void' ? [r.event.target] : []))
	);
	let state = signed.state;
	const lines: ResultCorrection[] = [];
	for (const record of seal.corrections) {
		const e = record.event;
		if (e.type !== 'correct' || withdrawn.has(e.id)) continue;
		try {
			const side = sideOf(state.sides, e.player);
			const before = state.totals[side] ?? 0;
			state = applyEvent(state, e);
			const after = state.totals[side] ?? 0;
			lines.push({
				player: e.player,
				side,
				points: e.points,
				note: e.note,
				at: record.at,
				before,
				after
			});
		} catch (err) {
			if (isRuleError(err)) return null;
			throw err;
		}
	}
	return { lines, state };
}

/**
 * The fingerprint `game`'s signatures must match to count: its whole log's, or, when the log
 * goes past the players' seal with corrections only and the record's result is the corrected
 * one (totals, winners and the corrections themselves), the seal's: the fingerprint the game
 * is locked to. Anything else (an event of another kind after the seal, a result that does not
 * follow from the log) leaves the whole log's, which the signatures do not match.
 * @param whole the whole log's fingerprint, when already computed
 */
export function signedPrint(
	game: GameRecord,
	events: readonly EventRecord[],
	print: PrintOf,
	whole: string = print(events)
): string {
	const { fingerprint: locked, result } = game;
	if (locked === null || result === null || whole === locked) return whole;
	if (!mayGoPastSeal(events.at(-1))) return whole;
	const seal = sealOf(game, events, print, whole);
	const corrected = seal && correctionLines(game, events, seal);
	if (!corrected || !corrected.state.over) return whole;
	const expected = withCorrections(cardResult(corrected.state, result.finishedAt), corrected.lines);
	return sameResult(result, expected) ? locked : whole;
}

/** `result` with `lines` kept in it: left out when there are none, as before the ruling. */
export function withCorrections(
	result: CardResult,
	lines: readonly ResultCorrection[]
): CardResult {
	if (lines.length === 0) return result;
	return { ...result, corrections: lines.map((l) => ({ ...l })) };
}

/** Whether two results say the same to the standings and the screens (every field compared). */
export function sameResult(a: CardResult | null, b: CardResult | null): boolean {
	if (a === null || b === null) return a === b;
	return JSON.stringify(ordered(a)) === JSON.stringify(ordered(b));
}

function ordered(r: CardResult): unknown[] {
	return [
		r.ruleset,
		r.players,
		r.sides.map((s) => [s.label, s.players, s.total]),
		r.winners,
		r.hands,
		r.endCause,
		r.finishedAt,
		(r.corrections ?? []).map((c) => [c.player, c.side, c.points, c.note, c.at, c.before, c.after])
	];
}
