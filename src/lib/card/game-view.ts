/**
 * A stored game as the screens see it, and the same game one event later, computed without
 * the store: the scorecard paints a tap from it before the write (`$lib/db/games.ts` `append`)
 * has run, and the write stores the record `afterEvent` gives.
 */
import type { GameEvent, GameState } from '$lib/rules/types';
import type { Refusal } from '$lib/rules/game';
import { redoable, step, undoable, type Replayed } from './log';
import { statusOf, type EventRecord, type GameRecord } from './records';

/** A stored game as the screens need it: the record, its log, and the replay. */
export interface GameView {
	record: GameRecord;
	/** Every stored event, in order. */
	events: EventRecord[];
	/** The replay of `events`. */
	state: GameState;
	/** Stored events the engine now refuses (none, unless the data or the rules changed). */
	refused: Refusal[];
	/** The event `undo` would void, or null. */
	undoable: GameEvent | null;
	/** The undone event `redo` would record again, or null. */
	redoable: GameEvent | null;
	/** Ids of the undone events Redo can record again, the next one last (the replay's). */
	redo: readonly string[];
}

/** The view of `record` and its log `events`, replayed as `replayed`. */
export function view(record: GameRecord, events: EventRecord[], replayed: Replayed): GameView {
	return {
		record,
		events,
		state: replayed.state,
		refused: replayed.refused,
		undoable: undoable(replayed),
		redoable: redoable(replayed),
		redo: replayed.redo
	};
}

/** The replay `game` was drawn from. */
export function replayedOf(game: GameView): Replayed {
	return { state: game.state, refused: game.refused, redo: game.redo };
}

/**
 * `game` after `event` is stored at the end of its log, exactly as `games.append` will store
 * it (the same status and finish time), and the replay after it.
 * @throws RuleError when the rules refuse the event (the store would refuse it too)
 */
export function withEvent(
	game: GameView,
	appended: EventRecord
): { game: GameView; replayed: Replayed } {
	const after = step(replayedOf(game), appended);
	const updated = afterEvent(game.record, after.state, appended.at);
	return { game: view(updated, [...game.events, appended], after), replayed: after };
}

/**
 * Game `record` once an event stored at `at` left it in `state`: finished when the event ended
 * it (at the first such time), in progress again when a void undid its end.
 */
export function afterEvent(record: GameRecord, state: GameState, at: string): GameRecord {
	const status = statusOf(state);
	const finishedAt = status === 'in-progress' ? null : (record.finishedAt ?? at);
	return { ...record, status, finishedAt, updatedAt: at };
}
