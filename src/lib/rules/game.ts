import { bare, bareCopy } from './bare';
import { RuleError, isRuleError } from './errors';
import { parseDomino, settleHand } from './hand';
import { assertCount, pointsForCount } from './scoring';
import { getRuleset } from './rulesets';
import { checkSetup, resolveSides, roundsOf, sideOf, targetOf } from './setup';
import type {
	EndCause,
	GameEvent,
	GameSetup,
	GameState,
	HandRecord,
	PenaltyKind,
	PlayerId,
	Ruleset,
	SideLabel
} from './types';

export { checkSetup, checkTable } from './setup';

type Of<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

const PENALTIES: readonly PenaltyKind[] = ['slow-play', 'passed-could-play', 'bogus-play'];

function emptyHand(number: number, labels: readonly SideLabel[]): HandRecord {
	const zeros = () => bare(labels.map((l) => [l, 0]));
	return {
		number,
		play: zeros(),
		bonus: zeros(),
		adjust: zeros(),
		settlement: null,
		spinner: null,
		eventIds: []
	};
}

/**
 * The state of a game before anything happens.
 * @throws RuleError when the setup cannot be played (see `checkSetup`)
 */
export function newGame(setup: GameSetup): GameState {
	const ruleset = checkSetup(setup);
	const sides = resolveSides(setup.players, setup.sides);
	const labels = sides.map((s) => s.label);
	return {
		setup,
		rulesetId: ruleset.id,
		sides,
		totals: bare(labels.map((l) => [l, 0])),
		hand: 1,
		hands: [emptyHand(1, labels)],
		over: false,
		winners: [],
		endCause: null,
		endedBy: null,
		overtime: false,
		timeUp: false,
		warnings: bare<number>(),
		effective: [],
		log: [],
		voided: bare<string>()
	};
}

/** A copy of hand `h` that can be changed without changing `h`. */
function handDraft(h: HandRecord): HandRecord {
	return {
		...h,
		play: bareCopy(h.play),
		bonus: bareCopy(h.bonus),
		adjust: bareCopy(h.adjust),
		eventIds: [...h.eventIds]
	};
}

/**
 * A copy deep enough that changing it leaves `s` as it was. Only the current hand is copied:
 * the handlers change the current hand alone (a void replays from the start instead), so the
 * hands before it are shared, and a tap late in a long game copies no more than the first.
 */
function draft(s: GameState): GameState {
	const last = s.hands.length - 1;
	return {
		...s,
		totals: bareCopy(s.totals),
		hands: s.hands.map((h, i) => (i === last ? handDraft(h) : h)),
		winners: [...s.winners],
		warnings: bareCopy(s.warnings),
		effective: [...s.effective],
		log: [...s.log],
		voided: bareCopy(s.voided)
	};
}

/** The sides with the highest total, in side order. */
export function leaders(s: GameState): SideLabel[] {
	// One pass over the sides, no spread: it runs after every event of every replay (a school's
	// CSV replays millions), and a side without a total yet counts as 0.
	let best = -Infinity;
	for (const x of s.sides) best = Math.max(best, s.totals[x.label] ?? 0);
	const out: SideLabel[] = [];
	for (const x of s.sides) if ((s.totals[x.label] ?? 0) === best) out.push(x.label);
	return out;
}

function current(s: GameState): HandRecord {
	const h = s.hands[s.hands.length - 1];
	if (!h) throw new Error('a game always has a current hand');
	return h;
}

function finish(s: GameState, winners: SideLabel[], cause: EndCause, event: GameEvent): void {
	s.over = true;
	s.winners = winners;
	s.endCause = cause;
	s.endedBy = event.id;
}

/** Adds points to a side's total and to the current hand's column. */
function credit(
	s: GameState,
	side: SideLabel,
	points: number,
	column: 'play' | 'bonus' | 'adjust'
): void {
	s.totals[side] = (s.totals[side] ?? 0) + points;
	const hand = current(s);
	hand[column][side] = (hand[column][side] ?? 0) + points;
}

/** Ends the game when overtime or a target reached at once says so. */
function checkAtOnce(s: GameState, ruleset: Ruleset, event: GameEvent): void {
	if (s.over) return;
	const top = leaders(s);
	// Ruling: overtime ends as soon as one side is ahead, whatever put it there.
	if (s.overtime && top.length === 1) return finish(s, top, 'overtime', event);
	const target = targetOf(ruleset, s.setup.options);
	if (target !== null && ruleset.target?.when === 'at-once') {
		const reached = top.filter((l) => (s.totals[l] ?? 0) >= target);
		if (reached.length > 0) finish(s, reached, 'target', event);
	}
}

/** Ends the game when a target checked at the end of a hand, or the number of hands, says so. */
function checkEndOfHand(s: GameState, ruleset: Ruleset, event: GameEvent): void {
	if (s.over) return;
	const target = targetOf(ruleset, s.setup.options);
	if (target !== null && ruleset.target?.when === 'end-of-hand') {
		if (Object.values(s.totals).some((t) => t >= target))
			return finish(s, leaders(s), 'target', event);
	}
	const rounds = roundsOf(ruleset, s.setup.options);
	if (rounds !== null && s.hand > rounds) finish(s, leaders(s), 'rounds', event);
}

function player(s: GameState, id: unknown): PlayerId {
	if (typeof id !== 'string' || !s.setup.players.includes(id)) {
		throw new RuleError('unknown-player', { player: String(id) });
	}
	return id;
}

/** Points for a claimed count; refuses counts that earn nothing. */
function claimed(ruleset: Ruleset, count: unknown): number {
	assertCount(count);
	if (ruleset.scoring === 'none')
		throw new RuleError('no-scoring-during-play', { ruleset: ruleset.name });
	const points = pointsForCount(ruleset, count);
	if (points === 0) throw new RuleError('count-not-scoring', { count, ruleset: ruleset.name });
	return points;
}

function disqualify(s: GameState, offender: PlayerId, cause: EndCause, event: GameEvent): void {
	const side = sideOf(s.sides, offender);
	finish(
		s,
		s.sides.map((x) => x.label).filter((l) => l !== side),
		cause,
		event
	);
}

const handlers: {
	[T in Exclude<GameEvent['type'], 'void'>]: (s: GameState, r: Ruleset, e: Of<T>) => void;
} = {
	score(s, r, e) {
		const p = player(s, e.player);
		credit(s, sideOf(s.sides, p), claimed(r, e.count), 'play');
	},
	muggins(s, r, e) {
		const by = player(s, e.by);
		const from = player(s, e.from);
		if (!r.steals) throw new RuleError('steal-not-allowed', { ruleset: r.name });
		if (sideOf(s.sides, by) === sideOf(s.sides, from)) throw new RuleError('same-side');
		credit(s, sideOf(s.sides, by), claimed(r, e.count), 'play');
	},
	'hand-end'(s, r, e) {
		if (e.spinner !== undefined) {
			const [a, b] = parseDomino(e.spinner);
			if (a !== b) throw new RuleError('bad-spinner', { domino: String(e.spinner) });
		}
		const settlement = settleHand(r, s.sides, e);
		for (const [side, points] of Object.entries(settlement.awards))
			credit(s, side, points, 'bonus');
		const hand = current(s);
		hand.settlement = settlement;
		hand.spinner = e.spinner ?? null;
		hand.eventIds.push(e.id);
		s.hand += 1;
		s.hands.push(
			emptyHand(
				s.hand,
				s.sides.map((x) => x.label)
			)
		);
	},
	adjust(s, r, e) {
		const p = player(s, e.player);
		if (typeof e.points !== 'number' || !Number.isInteger(e.points) || e.points === 0) {
			throw new RuleError('bad-points');
		}
		if (typeof e.note !== 'string' || e.note.trim() === '') throw new RuleError('note-required');
		credit(s, sideOf(s.sides, p), e.points, 'adjust');
	},
	/**
	 * Ruling (issue 17): a finished card is corrected like an `adjust`, in the last hand's
	 * correction column; the winners are then the leaders of the corrected totals, except when
	 * a disqualification or a bogus play decided the game. The game stays over.
	 */
	correct(s, r, e) {
		if (!s.over) throw new RuleError('correct-while-playing');
		handlers.adjust(s, r, { ...e, type: 'adjust' });
		if (s.endCause !== 'disqualified' && s.endCause !== 'bogus-play') s.winners = leaders(s);
	},
	'time-up'(s, r, e) {
		if (!r.tournament) throw new RuleError('no-clock', { ruleset: r.name });
		if (s.timeUp) throw new RuleError('time-already-up');
		s.timeUp = true;
		const top = leaders(s);
		if (top.length === 1) finish(s, top, 'time-up', e);
		else s.overtime = true;
	},
	penalty(s, r, e) {
		if (!r.tournament) throw new RuleError('penalty-not-allowed', { ruleset: r.name });
		const p = player(s, e.player);
		if (!PENALTIES.includes(e.kind))
			throw new RuleError('unknown-penalty', { kind: String(e.kind) });
		if (e.kind === 'bogus-play') return disqualify(s, p, 'bogus-play', e);
		if (e.kind === 'passed-could-play') return disqualify(s, p, 'disqualified', e);
		s.warnings[p] = (s.warnings[p] ?? 0) + 1;
		if ((s.warnings[p] ?? 0) >= 2) disqualify(s, p, 'disqualified', e);
	},
	end(s, _r, e) {
		if (e.reason !== undefined && typeof e.reason !== 'string') throw new RuleError('bad-event');
		finish(s, leaders(s), 'end', e);
	}
};

function applyVoid(state: GameState, e: Of<'void'>): GameState {
	if (typeof e.target !== 'string') throw new RuleError('bad-event');
	const target = state.log.find((x) => x.id === e.target);
	if (!target) throw new RuleError('void-unknown');
	if (target.type === 'void') throw new RuleError('void-of-void');
	if (Object.hasOwn(state.voided, target.id)) throw new RuleError('void-already');
	// A finished card's correction can be withdrawn, as it was made: after the end (issue 36).
	if (state.over && state.endedBy !== target.id && target.type !== 'correct') {
		throw new RuleError('game-over');
	}
	let rebuilt = newGame(state.setup);
	try {
		for (const x of state.effective) if (x.id !== target.id) rebuilt = step(rebuilt, x, true);
	} catch (err) {
		if (isRuleError(err)) throw new RuleError('void-conflict');
		throw err;
	}
	const voided = bareCopy(state.voided);
	voided[target.id] = e.id;
	return { ...rebuilt, log: [...state.log, e], voided };
}

/**
 * Applies `event` to `state`: to a copy, or, for a replay that owns its state, in place. Every
 * handler checks everything before it changes anything, so a refused event leaves even an
 * in-place state as it was.
 */
function step(state: GameState, event: GameEvent, inPlace: boolean): GameState {
	if (
		typeof event !== 'object' ||
		event === null ||
		typeof event.id !== 'string' ||
		event.id === ''
	) {
		throw new RuleError('bad-event');
	}
	if (state.log.some((x) => x.id === event.id)) throw new RuleError('duplicate-id');
	if (event.type === 'void') return applyVoid(state, event);
	const handler = Object.hasOwn(handlers, event.type) ? handlers[event.type] : undefined;
	if (!handler)
		throw new RuleError('unknown-event', { type: String((event as { type?: unknown }).type) });
	if (state.over && event.type !== 'correct') throw new RuleError('game-over');
	const ruleset = getRuleset(state.rulesetId);
	const s = inPlace ? state : draft(state);
	(handler as (s: GameState, r: Ruleset, e: GameEvent) => void)(s, ruleset, event);
	if (event.type !== 'hand-end') current(s).eventIds.push(event.id);
	checkAtOnce(s, ruleset, event);
	if (event.type === 'hand-end') checkEndOfHand(s, ruleset, event);
	s.effective.push(event);
	s.log.push(event);
	return s;
}

/**
 * The state after `event`, or a RuleError with a stable code when the rules refuse it
 * (`state` is never changed). A `void` undoes an earlier event: the game is replayed without it.
 */
export function applyEvent(state: GameState, event: GameEvent): GameState {
	return step(state, event, false);
}

/**
 * `applyEvent` for a replay under way, which owns `state` and shares it with nobody: changed
 * in place (no copy per event). A refused event leaves it as it was.
 */
export function applyOwnedEvent(state: GameState, event: GameEvent): GameState {
	return step(state, event, true);
}

/**
 * The state of a game: the replay of its events (RULES.md §5).
 * @throws RuleError at the first event the rules refuse
 */
export function replay(setup: GameSetup, events: readonly GameEvent[]): GameState {
	let state = newGame(setup);
	for (const event of events) state = step(state, event, true);
	return state;
}

/** One refused event of a lenient replay. */
export interface Refusal {
	event: GameEvent;
	error: RuleError;
}

/**
 * Replays every event, skipping the ones the rules refuse instead of stopping: for data that
 * arrives from outside (imports, vector files), where later events still apply.
 */
export function replayLenient(
	setup: GameSetup,
	events: readonly GameEvent[]
): { state: GameState; refused: Refusal[] } {
	let state = newGame(setup);
	const refused: Refusal[] = [];
	for (const event of events) {
		try {
			state = step(state, event, true);
		} catch (err) {
			if (!isRuleError(err)) throw err;
			refused.push({ event, error: err });
		}
	}
	return { state, refused };
}
