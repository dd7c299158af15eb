import type { RulesetId } from './types';

/** What the Rules page tells people about a rule sheet, beyond the data the engine plays by. */
export interface RulesetNotes {
	/** One line on what it is and where it comes from. */
	summary: string;
	/** Seed document it was read from. */
	source: string;
	/** Who plays first. */
	leads: string;
	/** What the first double does. */
	spinner: string;
}

/**
 * The words of each rule sheet, kept apart from `rulesets.ts` so that the scorecard, which
 * plays by the data, does not load the prose with it.
 */
export const RULESET_NOTES: Record<RulesetId, RulesetNotes> = {
	classroom: {
		summary:
			'The class league: 2-4 players (3 or 4 is best), muggins points and a lightest-hand bonus.',
		source: 'Muggins-ology (seed 002)',
		leads: 'Each player draws one tile; the heaviest tile leads. Return the tiles and reshuffle.',
		spinner:
			'The first double is the spinner and is played on all four sides. Once both long sides are covered, each uncovered short side counts its half.'
	},
	udl: {
		summary: 'United Domino League: 2 players to 150 under a 15-minute clock, with a referee.',
		source: 'UDL official rules (seed 000)',
		leads: 'The highest double leads; with no double, the highest tile (6-5, then 6-4 …).',
		spinner: 'The first double is the spinner, played on all four sides.'
	},
	'double-six': {
		summary: 'Two players to 250; the hand goes to the fewest dominoes left, 5 points each.',
		source: 'Double Six Dominoes help file (seed 001)',
		leads: 'The highest double leads.',
		spinner:
			'The first double is the spinner, played on all four sides; its short sides count only once played on.'
	},
	'edge-muggins': {
		summary: 'Points are fifths of the count; first to 61; may be played in teams of two.',
		source: 'Edge Dominoes manual, Muggins (seed 004)',
		leads: 'The highest double leads; if nobody has a double, reshuffle and draw again.',
		spinner:
			'No spinner: nothing is played on the ends of a double, and a double counts only at the end of the line.'
	},
	'fives-and-threes': {
		summary: 'Points for multiples of 5 and of 3; pips left in hand count against you.',
		source: 'Official Fives and Threes rules (seed 003)',
		leads: 'The highest double leads.',
		spinner: 'Optional: agree before the game whether doubles are spinners.'
	},
	block: {
		summary: 'Get rid of your dominoes; no drawing; the winner scores the others’ pips.',
		source: 'Edge Dominoes manual, Block (seed 004)',
		leads: 'The holder of the highest double leads.',
		spinner: 'No spinner: nothing is played on the ends of a double.'
	},
	draw: {
		summary: 'Block, except that a player who cannot play draws until they can.',
		source: 'Edge Dominoes manual, Draw (seed 004)',
		leads: 'The holder of the highest double leads.',
		spinner: 'No spinner: nothing is played on the ends of a double.'
	}
};
