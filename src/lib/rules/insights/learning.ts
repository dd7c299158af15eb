/**
 * What a card says each player is learning (issue 41): in Muggins a steal is a count someone
 * missed, which is what a math teacher wants to see. From a replayed game, per player: the
 * counts they claimed, the steals they made (they spotted a count another player missed), the
 * counts they lost to a steal (they missed one), and the end-of-hand bonuses their side won.
 * Undone entries are left out: only what still stands on the card counts.
 */
import { getRuleset } from '../rulesets';
import { pointsForCount } from '../scoring';
import type { GameState, PlayerId } from '../types';

/** One player's counting in one game, or summed over several. */
export interface Learning {
	/** Counts the player claimed, and the points they earned. */
	countsMade: number;
	countPoints: number;
	/** Counts the player took from another who missed them, and their points. */
	stealsMade: number;
	stealPoints: number;
	/** The player's own counts that another player took, and their points. */
	countsMissed: number;
	missedPoints: number;
	/** Hands whose end-of-hand bonus went to the player's side, and the bonus points. */
	bonuses: number;
	bonusPoints: number;
}

/** A player's figures before any game. */
export function noLearning(): Learning {
	return {
		countsMade: 0,
		countPoints: 0,
		stealsMade: 0,
		stealPoints: 0,
		countsMissed: 0,
		missedPoints: 0,
		bonuses: 0,
		bonusPoints: 0
	};
}

/** `a` and `b` added, figure by figure. */
export function addLearning(a: Learning, b: Learning): Learning {
	const sum = noLearning();
	for (const key of Object.keys(sum) as (keyof Learning)[]) sum[key] = a[key] + b[key];
	return sum;
}

/** Each seated player's figures in game `state` (every player present, zeros included). */
export function learningOf(state: GameState): Map<PlayerId, Learning> {
	const ruleset = getRuleset(state.rulesetId);
	const figures = new Map<PlayerId, Learning>(state.setup.players.map((p) => [p, noLearning()]));
	const of = (player: PlayerId) => figures.get(player);
	for (const event of state.effective) {
		if (event.type === 'score') {
			const mine = of(event.player);
			if (!mine) continue;
			mine.countsMade += 1;
			mine.countPoints += pointsForCount(ruleset, event.count);
		} else if (event.type === 'muggins') {
			const points = pointsForCount(ruleset, event.count);
			const by = of(event.by);
			const from = of(event.from);
			if (by) {
				by.stealsMade += 1;
				by.stealPoints += points;
			}
			if (from) {
				from.countsMissed += 1;
				from.missedPoints += points;
			}
		}
	}
	for (const hand of state.hands) {
		for (const side of state.sides) {
			const bonus = Object.hasOwn(hand.bonus, side.label) ? (hand.bonus[side.label] ?? 0) : 0;
			if (bonus <= 0) continue;
			for (const player of side.players) {
				const mine = of(player);
				if (!mine) continue;
				mine.bonuses += 1;
				mine.bonusPoints += bonus;
			}
		}
	}
	return figures;
}
