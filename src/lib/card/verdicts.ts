/**
 * A signed card's signature check as a kept verdict (schema version 8, issue 14). Pure: no
 * database, so the store's upkeep (`db/upkeep.ts`), the version 8 upgrade and the tests all
 * judge a card the same way, from its record, events and signatures. The SHA-256 is the
 * synchronous one (`rules/sha256.ts`): the verdict is written in the same IndexedDB
 * transaction as the write that changes it.
 */
import { cardStatus } from '$lib/rules/card';
import { playedHands, type PlayedHands } from '$lib/rules/hand-lines';
import { canonicalCard } from '$lib/rules/fingerprint';
import { sha256Hex } from '$lib/rules/sha256';
import type { GameState } from '$lib/rules/types';
import { lockedWithResult } from './contributions';
import { stateOf } from './figures';
import { signedPrint } from './seal';
import { bySigning, counting } from './signing-order';
import {
	toCard,
	type EventRecord,
	type GameRecord,
	type KeptEvent,
	type SignatureRecord,
	type SignedLogRecord,
	type VerdictRecord
} from './records';

export { bySigning, counting };

/**
 * Fingerprints already taken, by the exact text they were taken over (`canonicalCard`): the
 * store's upkeep is given those its transaction's writer computed (`db/upkeep.ts`), so a card
 * just signed is not hashed again to be judged.
 */
export type KnownPrints = ReadonlyMap<string, string>;

/** The fingerprint of `record` with `events` as stored, computed synchronously. */
export function printOf(
	record: GameRecord,
	events: readonly EventRecord[],
	known?: KnownPrints
): string {
	const text = canonicalCard(toCard(record, events));
	return known?.get(text) ?? sha256Hex(text);
}

/**
 * The verdict on `record` with its `events` (in order) and every one of its `signatures`, or
 * null when the game is not locked with its result (nothing to keep: such a card does not count
 * whatever its signatures say). The same judgement as `signatures.inspect`.
 * @param state the replay of `events` (`stateOf`), when the caller has it already
 * @param whole the fingerprint of `record` with all of `events`, when the caller has it already
 */
export function verdictOf(
	record: GameRecord,
	events: readonly EventRecord[],
	signatures: readonly SignatureRecord[],
	known?: KnownPrints,
	state?: GameState | null,
	whole?: string
): VerdictRecord | null {
	if (!lockedWithResult(record) || record.fingerprint === null) return null;
	const latest = counting(signatures);
	const status = cardStatus({
		players: record.seats,
		signatures: [...latest.values()].map((s) => ({
			player: s.playerId,
			fingerprint: s.fingerprint
		})),
		locked: record.fingerprint,
		// The instructor's corrections after the seal leave the players' signatures valid.
		current: signedPrint(record, events, (e) => printOf(record, e, known), whole)
	});
	return {
		gameId: record.id,
		leagueId: record.leagueId,
		fingerprint: record.fingerprint,
		changed: status === 'signed' ? 0 : 1,
		hands: handsOf(record, events, state)
	};
}

/**
 * The hands of `record` with `events` as its replay gives them, for the hands export, which
 * then reads them with the verdict instead of reading and replaying the log (schema version 10).
 */
export function handsOf(
	record: GameRecord,
	events: readonly EventRecord[],
	state: GameState | null = stateOf(record, events)
): PlayedHands | null {
	if (!state) return null;
	try {
		return playedHands(state);
	} catch {
		// A setup the rules refuse (damaged data): the export replays it, and fails, itself.
		return null;
	}
}

/**
 * The kept log of game `gameId` with its `events` (`SignedLogRecord`, schema version 11), for
 * the events export, which then reads one record per signed card instead of each event.
 */
export function keptLog(gameId: string, events: readonly EventRecord[]): SignedLogRecord {
	const kept = events.map((e): KeptEvent => {
		const rest: Partial<EventRecord> = { ...e };
		delete rest.gameId;
		return rest as KeptEvent;
	});
	return { gameId, events: JSON.stringify(kept) };
}

/** Whether the stored verdict `a` says what `b` does (both absent included): else it is rewritten. */
export function sameVerdict(a: VerdictRecord | undefined, b: VerdictRecord | null): boolean {
	if (!a || !b) return !a && !b;
	return (
		a.leagueId === b.leagueId &&
		a.fingerprint === b.fingerprint &&
		a.changed === b.changed &&
		// The hands change with the events even where the verdict does not (a card changed twice).
		JSON.stringify(a.hands) === JSON.stringify(b.hands)
	);
}
