/**
 * Domain types of the rules engine (RULES.md). Plain data only: every value here can be
 * stored, exported and replayed as it is.
 */

/** The rule sheets the app keeps score for. */
export type RulesetId =
	'classroom' | 'udl' | 'double-six' | 'edge-muggins' | 'fives-and-threes' | 'block' | 'draw';

/** A player's id inside a game (a roster id, or any unique string). */
export type PlayerId = string;

/** Who collects points: one player, or two partners, labelled by their ids joined with `+`. */
export type SideLabel = string;

/** Points for a count during play (RULES.md §2). */
export type Scoring = 'pips' | 'fifths' | 'fives-and-threes' | 'none';

/** What an end-of-hand award is computed from, before rounding (RULES.md §3). */
export type AwardBasis =
	'opponents-pips' | 'opponents-minus-own-pips' | 'opponents-minus-own-tiles';

/** How a hand is settled. */
export type HandRule =
	| {
			kind: 'to-winner';
			/** Who wins the hand: the side that went out, else the lightest; or always the lightest; or the fewest dominoes. */
			winner: 'went-out-else-lightest' | 'lightest' | 'fewest-tiles';
			/** Breaks a tie for the winning place; without one a tie gives no award. */
			tieBreak: 'none' | 'lowest-domino';
			/** The basis when someone went out, and when the hand blocked. */
			basis: { domino: AwardBasis; blocked: AwardBasis };
			/** Round the basis to the nearest 5 first. */
			round5: boolean;
			/** Then multiply by this and divide by `divisor`. */
			multiplier: number;
			divisor: number;
	  }
	| { kind: 'each-loses-own-pips' };

/** A points target that ends the game. */
export interface TargetRule {
	/** The target when the game sets none; null means no target unless one is set. */
	default: number | null;
	/** Targets offered when starting a game (any whole number may be set). */
	choices: number[];
	/** Reached the moment a side gets there, or only checked at the end of a hand. */
	when: 'at-once' | 'end-of-hand';
}

/** UDL tournament extras (RULES.md §6): clocks, chips, penalties. */
export interface TournamentRule {
	gameMinutes: number;
	matchMinutes: number;
	bestOf: number;
	playSeconds: number;
	chips: { each: number; worth: number };
}

/** How a player who cannot play gets more dominoes. */
export interface DrawingRule {
	rule: 'until-playable' | 'one' | 'none';
	/** Dominoes that must stay in the boneyard, by number of players; empty when all may be drawn. */
	keep: Partial<Record<number, number>>;
}

/** A rule sheet as data: everything the engine plays by (its words: `ruleset-notes.ts`). */
export interface Ruleset {
	id: RulesetId;
	name: string;
	scoring: Scoring;
	/** An opponent may call "Muggins!" and take an unclaimed score. */
	steals: boolean;
	hand: HandRule;
	target: TargetRule | null;
	/** A fixed number of hands ends the game. */
	rounds: { default: number; choices: number[] } | null;
	tournament: TournamentRule | null;
	table: {
		players: { min: number; max: number; preferred?: number[] };
		/** Four players may play as two teams of two. */
		teams: boolean;
		/** Dominoes each player draws, by number of players. */
		tilesEach: Partial<Record<number, number>>;
		drawing: DrawingRule;
	};
}

/** Per-game settings that override the ruleset's defaults. */
export interface GameOptions {
	target?: number | null;
	rounds?: number;
}

/** Who plays a game: seats in order (play goes to the left), and the sides. */
export interface GameSetup {
	ruleset: RulesetId;
	/** Player ids in seat order. */
	players: PlayerId[];
	/** Partners, for team play; omitted when every player is a side. */
	sides?: PlayerId[][];
	options?: GameOptions;
}

/** What one player still holds when a hand ends. */
export type HeldHand =
	{ pips: number; tiles: number; dominoes?: undefined } | { dominoes: string[] };

/** The fields of a `hand-end` event (RULES.md §3). */
export interface HandEnd {
	outcome: 'domino' | 'blocked';
	wentOut?: PlayerId;
	hands: Record<PlayerId, HeldHand>;
	/** The hand's spinner, e.g. "5-5", for the score card. */
	spinner?: string;
}

/** UDL penalties. */
export type PenaltyKind = 'slow-play' | 'passed-could-play' | 'bogus-play';

/** One entry in a game's log (RULES.md §5). Every event has an id unique in its game. */
export type GameEvent =
	| { id: string; type: 'score'; player: PlayerId; count: number }
	| { id: string; type: 'muggins'; by: PlayerId; from: PlayerId; count: number }
	| ({ id: string; type: 'hand-end' } & HandEnd)
	| { id: string; type: 'adjust'; player: PlayerId; points: number; note: string }
	/** An instructor's correction of a finished card (issue 17): `adjust` after the end. */
	| { id: string; type: 'correct'; player: PlayerId; points: number; note: string }
	| { id: string; type: 'time-up' }
	| { id: string; type: 'penalty'; player: PlayerId; kind: PenaltyKind }
	| { id: string; type: 'end'; reason?: string }
	| { id: string; type: 'void'; target: string };

export type GameEventType = GameEvent['type'];

/** An event without its id, as a caller builds it before the store gives it one. */
export type NewGameEvent = GameEvent extends infer E
	? E extends GameEvent
		? Omit<E, 'id'>
		: never
	: never;

/** A side's pips and dominoes at the end of a hand. */
export interface SideHeld {
	side: SideLabel;
	pips: number;
	tiles: number;
	/** Lowest single domino held, when domino lists were given (for the block/draw tie-break). */
	lowestDomino: number | null;
}

/** The result of settling a hand, with what is needed to explain it. */
export interface Settlement {
	winner: SideLabel | null;
	/** Points per side; sides with no award are left out. */
	awards: Record<SideLabel, number>;
	/** Each side's pips and dominoes, in side order. */
	held: SideHeld[];
	/** How the winner's award was computed, when there is one. */
	working: AwardWorking | null;
	/** Why there is no winner when there is none: a tie, or a ruleset without one. */
	noWinner: 'tie' | 'nobody-wins' | null;
	/** The tie was broken by the lowest single domino. */
	tieBroken: boolean;
}

/** The steps from the pips to an award: basis → rounded → × multiplier ÷ divisor. */
export interface AwardWorking {
	basis: AwardBasis;
	opponents: number;
	own: number;
	raw: number;
	rounded: number | null;
	multiplier: number;
	divisor: number;
	points: number;
}

/** One hand of a game, as the score card shows it. */
export interface HandRecord {
	number: number;
	/** Points made during play (scores and steals), per side. */
	play: Record<SideLabel, number>;
	/** End-of-hand award (or loss), per side. */
	bonus: Record<SideLabel, number>;
	/** Corrections by the instructor or referee, per side. */
	adjust: Record<SideLabel, number>;
	settlement: Settlement | null;
	spinner: string | null;
	/** Ids of the events in effect that belong to this hand. */
	eventIds: string[];
}

/** A side, resolved from the setup. */
export interface Side {
	label: SideLabel;
	players: PlayerId[];
}

/** How a finished game ended. */
export type EndCause =
	'end' | 'target' | 'rounds' | 'time-up' | 'overtime' | 'disqualified' | 'bogus-play';

/** The state of a game: always the replay of its events (RULES.md §5). */
export interface GameState {
	setup: GameSetup;
	rulesetId: RulesetId;
	sides: Side[];
	/** Totals per side label. */
	totals: Record<SideLabel, number>;
	/** Current hand number, from 1; a settled hand moves it on. */
	hand: number;
	/** Every hand so far, the current one last. */
	hands: HandRecord[];
	over: boolean;
	winners: SideLabel[];
	endCause: EndCause | null;
	/** Id of the event that ended the game. */
	endedBy: string | null;
	/** Time ran out with the leaders tied: the next side to score wins. */
	overtime: boolean;
	timeUp: boolean;
	/** Slow-play warnings per player. */
	warnings: Record<PlayerId, number>;
	/** Accepted events still in effect (not voids, not voided), in order. */
	effective: GameEvent[];
	/** Every accepted event in order, voids included. */
	log: GameEvent[];
	/** Ids of voided events, mapped to the void that undid them. */
	voided: Record<string, string>;
}
