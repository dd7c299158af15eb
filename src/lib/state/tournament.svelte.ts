import { own } from '$lib/rules/bare';
import * as matches from '$lib/db/matches';
import { toClock, toInstant, toPlayMark, type MatchView } from '$lib/card/match-clock';
import { messageFor } from '$lib/messages';
import { hasStarted, isRunning, remaining, type Clock } from '$lib/rules/clock';
import { matchStanding, type MatchStanding } from '$lib/rules/match';
import { handTimes, playTimer, type PlayTimer } from '$lib/rules/play';
import { limits, timeUpDue } from '$lib/rules/time-up';
import type { GameState, PenaltyKind, PlayerId, TournamentRule } from '$lib/rules/types';
import type { GameScreen } from './game-screen.svelte';
import { Live } from './live.svelte';
import { Now } from './now.svelte';

/** A clock as the screen shows it. */
export interface ClockReading {
	/** Milliseconds left. */
	left: number;
	started: boolean;
	running: boolean;
}

/** One game of the match, as the match card shows it. */
export interface MatchGameRow {
	id: string;
	number: number;
	state: GameState;
	/** This is the game on screen. */
	current: boolean;
}

/** The ids of the events still in effect (not undone). */
function idsInEffect(state: GameState): ReadonlySet<string> {
	return new Set(state.effective.map((e) => e.id));
}

/**
 * The UDL extras of the scorecard: the game and match clocks, the play timer, the match, and
 * the referee's penalties. Everything is read from the store (the match record's start/pause
 * instants, the game's events and their times) at the current time, so two tabs and a reload
 * show the same clocks. When a clock reaches zero it records `time-up` in the game; a second
 * tab doing the same at once is refused by the engine, which is fine.
 *
 * Inert for rulesets without a tournament rule. Create while the page initialises.
 */
export class Tournament {
	#screen: GameScreen;
	#match: Live<MatchView | null, string>;
	#now: Now;
	#busy = $state(false);
	#error = $state<string | null>(null);
	#opening = false;
	#timeUpSent: number | null = null;

	/** `id` is the game's id, read reactively (the route parameter). */
	constructor(screen: GameScreen, id: () => string) {
		this.#screen = screen;
		this.#match = new Live((gameId) => matches.ofGame(gameId), id);
		// Only what never changes with the time may switch the ticking, or each tick would restart it.
		this.#now = new Now(250, () => this.rule !== null);

		// Every UDL game belongs to a match: make one for a game that has none yet.
		$effect(() => {
			const gameId = this.#screen.game?.record.id;
			if (!gameId || !this.rule || !this.#match.loaded || this.#match.current) return;
			if (this.#opening) return;
			this.#opening = true;
			matches
				.open(gameId)
				.catch((err: unknown) => (this.#error = messageFor(err)))
				.finally(() => (this.#opening = false));
		});

		$effect(() => this.#recordTimeUpWhenDue());
	}

	/** The tournament rule of the game's ruleset; null when it has none (nothing to show). */
	get rule(): TournamentRule | null {
		return this.#screen.game?.ruleset.tournament ?? null;
	}

	/** The refusal of the last clock or match action, in plain words, or null. */
	get error(): string | null {
		return this.#error;
	}

	get busy(): boolean {
		return this.#busy;
	}

	#timers = $derived.by(() => {
		const game = this.#screen.game;
		const timers = this.#match.current?.record.timers;
		return game && timers ? own(timers, game.record.id) : undefined;
	});

	#gameClock: Clock = $derived.by(() => toClock(this.#timers?.clock ?? []));
	#matchClock: Clock = $derived.by(() => toClock(this.#match.current?.record.clock ?? []));

	/** The match's games, the one on screen taken from the game's own (freshest) replay. */
	readonly games: MatchGameRow[] = $derived.by(() => {
		const game = this.#screen.game;
		const match = this.#match.current;
		if (!game || !match) return [];
		return match.games.map((g, i) => {
			const current = g.record.id === game.record.id;
			return { id: g.record.id, number: i + 1, state: current ? game.state : g.state, current };
		});
	});

	/** The game on screen is the match's latest: the one the match clock button belongs to. */
	get latest(): boolean {
		return this.games.at(-1)?.current ?? true;
	}

	/** The number (from 1) of the game on screen within its match. */
	get gameNumber(): number {
		return this.games.find((g) => g.current)?.number ?? 1;
	}

	/** When the last game of the match ended (the match clock stops then once it is decided). */
	#lastFinish = $derived.by(() => {
		const ends = (this.#match.current?.games ?? [])
			.map((g) => g.record.finishedAt)
			.filter((t): t is string => t !== null)
			.map((t) => Date.parse(t));
		return ends.length > 0 ? Math.max(...ends) : null;
	});

	readonly standing: MatchStanding | null = $derived.by(() => {
		const rule = this.rule;
		const game = this.#screen.game;
		if (!rule || !game || this.games.length === 0) return null;
		const left = remaining(this.#matchClock, limits(rule).match, this.#now.current);
		return matchStanding(
			game.state.sides.map((s) => s.label),
			this.games.map((g) => g.state),
			rule,
			left
		);
	});

	/** The game clock, stopped at the moment the game ended. */
	readonly gameClock: ClockReading | null = $derived.by(() => {
		const rule = this.rule;
		const game = this.#screen.game;
		if (!rule || !game) return null;
		const end = game.record.finishedAt;
		const at = end === null ? this.#now.current : Date.parse(end);
		const clock = this.#gameClock;
		return {
			left: remaining(clock, limits(rule).game, at),
			started: hasStarted(clock),
			running: isRunning(clock) && end === null
		};
	});

	/** The match clock, stopped at the end of the deciding game once the match is decided. */
	readonly matchClock: ClockReading | null = $derived.by(() => {
		const rule = this.rule;
		if (!rule) return null;
		const over = this.standing?.over ?? false;
		const at = over && this.#lastFinish !== null ? this.#lastFinish : this.#now.current;
		const clock = this.#matchClock;
		return {
			left: remaining(clock, limits(rule).match, at),
			started: hasStarted(clock),
			running: isRunning(clock) && !over
		};
	});

	/** The play timer of the game on screen. */
	readonly play: PlayTimer = $derived.by(() => {
		const rule = this.rule;
		const game = this.#screen.game;
		if (!rule || !game || game.state.over) return { phase: 'waiting' };
		const timed = game.events.map((r) => ({ event: r.event, at: Date.parse(r.at) }));
		return playTimer({
			clock: this.#gameClock,
			seconds: rule.playSeconds,
			mark: toPlayMark(this.#timers?.play ?? null),
			times: handTimes(timed, idsInEffect(game.state)),
			now: this.#now.current
		});
	});

	#recordTimeUpWhenDue(): void {
		const rule = this.rule;
		const game = this.#screen.game;
		if (!rule || !game || !this.#match.current) return;
		const clocks = { game: this.#gameClock, match: this.#matchClock };
		const due = timeUpDue(rule, clocks, game.state, this.#now.current);
		// One attempt per zero: a refusal other than "already up" is shown, not retried each tick.
		if (due === null || this.#timeUpSent === due) return;
		this.#timeUpSent = due;
		const last = game.events.at(-1)?.at;
		const at = Math.max(due, last ? Date.parse(last) : due);
		matches
			.recordTimeUp(game.record.id, toInstant(at))
			.catch((err: unknown) => (this.#error = messageFor(err)));
	}

	async #run(work: (gameId: string) => Promise<unknown>): Promise<boolean> {
		const gameId = this.#screen.game?.record.id;
		if (!gameId || this.#busy) return false;
		this.#busy = true;
		try {
			await work(gameId);
			this.#error = null;
			return true;
		} catch (err) {
			this.#error = messageFor(err);
			return false;
		} finally {
			this.#busy = false;
		}
	}

	/** Starts or resumes the game clock and the match clock. */
	start(): Promise<boolean> {
		return this.#run((id) => matches.startClock(id));
	}

	/** Pauses both clocks: a break the referee allows. */
	pause(): Promise<boolean> {
		return this.#run((id) => matches.pauseClock(id));
	}

	/** "Next play" and "Has a play": the play timer starts again now. */
	restartPlay(): Promise<boolean> {
		return this.#run((id) => matches.markPlay(id, false));
	}

	/** The player on turn draws from the boneyard: the play timer waits for "Has a play". */
	drawing(): Promise<boolean> {
		return this.#run((id) => matches.markPlay(id, true));
	}

	/** Starts the next game of the match; gives its id, or null when refused (see `error`). */
	async nextGame(): Promise<string | null> {
		let next: string | null = null;
		await this.#run(async (id) => {
			next = (await matches.nextGame(id)).id;
		});
		return next;
	}

	/** Records a referee's penalty through the scorecard (its status line and undo). */
	penalty(player: PlayerId, kind: PenaltyKind): Promise<boolean> {
		return this.#screen.record('penalty', { type: 'penalty', player, kind });
	}
}
