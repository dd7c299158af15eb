/**
 * Reading a stored log: the replay of its records, and what Undo and Redo would do next.
 * Pure: no database, so `games.ts` uses it inside its transactions and tests use it plainly.
 */
import { applyEvent, applyOwnedEvent, newGame, type Refusal } from '$lib/rules/game';
import { isRuleError } from '$lib/rules/errors';
import type { GameEvent, GameSetup, GameState } from '$lib/rules/types';
import type { EventRecord } from './records';

/** A log replayed so far. */
export interface Replayed {
	state: GameState;
	/** Stored events the engine refuses now (none, unless the data or the rules changed). */
	refused: Refusal[];
	/** Ids of undone events Redo can record again, the next one last. */
	redo: readonly string[];
}

/** The replay of an empty log. */
export function start(setup: GameSetup): Replayed {
	return { state: newGame(setup), refused: [], redo: [] };
}

/**
 * The replay after one more record.
 *
 * A void of the event then last in effect is an undo, and stacks its target for Redo; a redo
 * (`redoOf`) of the top of that stack takes it off; any other event clears the stack, because
 * recording an undone event again after something new would put it in another place.
 * @throws RuleError when the engine refuses the record's event
 */
export function step(before: Replayed, record: EventRecord): Replayed {
	return stepWith(applyEvent, before, record);
}

function stepWith(apply: typeof applyEvent, before: Replayed, record: EventRecord): Replayed {
	const last = before.state.effective.at(-1)?.id;
	const state = apply(before.state, record.event);
	const { event, redoOf } = record;
	let redo: readonly string[] = [];
	if (event.type === 'void' && event.target === last) redo = [...before.redo, event.target];
	else if (redoOf !== null && redoOf === before.redo.at(-1)) redo = before.redo.slice(0, -1);
	return { state, refused: before.refused, redo };
}

/**
 * The replay of a stored log. A stored event the engine refuses is skipped and listed in
 * `refused` rather than making the whole game unreadable; later events still apply.
 * @throws RuleError when the stored setup itself is refused
 */
export function replayRecords(setup: GameSetup, records: readonly EventRecord[]): Replayed {
	let replayed = start(setup);
	for (const record of records) {
		try {
			// The replay owns its state until it returns: each event changes it in place.
			replayed = stepWith(applyOwnedEvent, replayed, record);
		} catch (e) {
			if (!isRuleError(e)) throw e;
			replayed = { ...replayed, refused: [...replayed.refused, { event: record.event, error: e }] };
		}
	}
	return replayed;
}

/** The event Undo would void: the last one still in effect, or null when there is none. */
export function undoable(replayed: Replayed): GameEvent | null {
	return replayed.state.effective.at(-1) ?? null;
}

/** The undone event Redo would record again, or null when there is none. */
export function redoable(replayed: Replayed): GameEvent | null {
	const id = replayed.redo.at(-1);
	return id === undefined ? null : (replayed.state.log.find((e) => e.id === id) ?? null);
}
