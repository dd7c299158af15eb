/**
 * One line per game for the lists on Home: who plays (by side, with totals), which rules, which
 * hand, and when. Pure: the records, their replays and the players' names come in.
 */
import type { GameRecord } from '$lib/card/records';
import { getRuleset, isRulesetId } from '$lib/rules/rulesets';
import type { GameState, PlayerId } from '$lib/rules/types';

/** How many finished games Home lists; older ones stay on the device but are not listed. */
export const FINISHED_LISTED = 10;

/** A side as a list shows it. */
export interface SideSummary {
	label: string;
	/** "Ana", or partners "Ana & Cy". */
	names: string;
	total: number;
	/** Among the winners of a finished game. */
	won: boolean;
}

/** A game as a list shows it. */
export interface GameRow {
	id: string;
	ruleset: string;
	sides: SideSummary[];
	/** The hand being played; null once the game is over. */
	hand: number | null;
	startedAt: string;
	finishedAt: string | null;
}

/** The name shown for a player the device does not know (a card received from elsewhere). */
export const UNKNOWN_PLAYER = 'Unknown player';

/**
 * The row for `game`, whose replay is `state`. `names` maps player ids to names; ids it lacks
 * show as `UNKNOWN_PLAYER`.
 */
export function gameRow(
	game: GameRecord,
	state: GameState,
	names: ReadonlyMap<PlayerId, { name: string }>
): GameRow {
	const nameOf = (id: PlayerId) => names.get(id)?.name ?? UNKNOWN_PLAYER;
	const winners = new Set(state.over ? state.winners : []);
	return {
		id: game.id,
		ruleset: isRulesetId(game.rulesetId) ? getRuleset(game.rulesetId).name : game.rulesetId,
		sides: state.sides.map((s) => ({
			label: s.label,
			names: s.players.map(nameOf).join(' & '),
			total: state.totals[s.label] ?? 0,
			won: winners.has(s.label)
		})),
		hand: state.over ? null : state.hand,
		startedAt: game.createdAt,
		finishedAt: game.finishedAt
	};
}
