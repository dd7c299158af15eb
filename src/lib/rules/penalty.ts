/**
 * What a UDL penalty would do, in plain words, before the referee confirms it: the engine
 * applies it to a copy of the game, and the sentence says what came out. Pure.
 */
import { applyEvent } from './game';
import { sideOf } from './setup';
import type { GameState, PenaltyKind, PlayerId, SideLabel } from './types';

/** Turns a player id, and a side label, into the names people know. */
export interface Namers {
	name: (player: PlayerId) => string;
	sideName: (side: SideLabel) => string;
}

/** A penalty's consequence. */
export interface PenaltyPreview {
	/** It ends the game. */
	ends: boolean;
	/** The sentence shown before confirming. */
	text: string;
}

/** Who the winners are, in words: "Ben wins", "Ben and Cara win". */
function winLine(winners: readonly SideLabel[], sideName: Namers['sideName']): string {
	const names = winners.map(sideName);
	const who = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
	return `${who} ${names.length > 1 || who?.includes(' & ') ? 'win' : 'wins'}`;
}

/**
 * What recording `kind` against `player` would do to the game in `state`. `inMatch` adds that
 * a disqualification also loses the match (see `match.ts`).
 * @throws RuleError when the engine would refuse it (`game-over`, `penalty-not-allowed`, …)
 */
export function previewPenalty(
	state: GameState,
	player: PlayerId,
	kind: PenaltyKind,
	namers: Namers,
	inMatch = false
): PenaltyPreview {
	const after = applyEvent(state, {
		id: `preview-${state.log.length}`,
		type: 'penalty',
		player,
		kind
	});
	const who = namers.name(player);
	if (!after.over) {
		return {
			ends: false,
			text: `First slow play for ${who}: a warning. A second slow play in this game disqualifies ${who}.`
		};
	}
	const wins = winLine(after.winners, namers.sideName);
	if (kind === 'bogus-play') {
		return {
			ends: true,
			text: `A bogus play ends the game and ${who} loses it: ${wins} the game.`
		};
	}
	const why =
		kind === 'slow-play'
			? `Second slow play for ${who}: ${who} is disqualified`
			: `Drawing while holding a play disqualifies ${who}`;
	const side = sideOf(state.sides, player);
	const stake = inMatch && !after.winners.includes(side) ? ' and the match' : '';
	return { ends: true, text: `${why}. ${wins} the game${stake}.` };
}
