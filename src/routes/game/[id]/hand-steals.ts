import { pointsForCount } from '$lib/rules/scoring';
import { sideOf } from '$lib/rules/setup';
import type { GameEvent, HandRecord, Ruleset, Side, SideLabel } from '$lib/rules/types';

/**
 * The points each side took from others by "Muggins!" in `hand`, by side label (sides that
 * stole nothing are absent), so the card can mark steals apart from the counts a side made.
 * `byId` holds the game's events in effect; an event the hand lists but the map lacks is
 * skipped.
 */
export function stealsBySide(
	hand: HandRecord,
	byId: ReadonlyMap<string, GameEvent>,
	sides: readonly Side[],
	ruleset: Ruleset
): Map<SideLabel, number> {
	const out = new Map<SideLabel, number>();
	for (const id of hand.eventIds) {
		const event = byId.get(id);
		if (event?.type !== 'muggins') continue;
		const side = sideOf(sides, event.by);
		out.set(side, (out.get(side) ?? 0) + pointsForCount(ruleset, event.count));
	}
	return out;
}
