/**
 * The engine's rulings where the rule sheets are silent (RULES.md §5), worded for the Rules
 * page: the page shows these very sentences, and tests/unit/rules/rulings.test.ts holds the
 * engine to each, so the words and the score card cannot drift apart.
 */
import type { Ruleset } from './types';

/** One ruling, and the sheets it concerns. */
export interface Ruling {
	id:
		| 'undo-later-first'
		| 'over-only-reopens'
		| 'correction-counts-at-once'
		| 'refused-stays-refused'
		| 'time-up-once'
		| 'named-settings-only';
	text: string;
	/** Whether a sheet's players meet this ruling (time is called only under a game clock). */
	applies: (r: Ruleset) => boolean;
}

const always = () => true;

export const RULINGS: readonly Ruling[] = [
	{
		id: 'undo-later-first',
		text: 'A mistake is undone, never erased. An entry can be undone only when every entry made after it still holds without it: undo the later entries first.',
		applies: always
	},
	{
		id: 'over-only-reopens',
		text: 'Once the game is over, the players can change it only by undoing the entry that ended it, which reopens the game.',
		applies: always
	},
	{
		id: 'correction-counts-at-once',
		text: 'The instructor can correct a finished card’s points, giving the reason. On a signed card the correction counts at once, like the teacher’s pen on a paper card: the players’ signatures stay as what they signed, and the card, the standings, prints and exports show it as corrected by the instructor, with the reason and the score before and after. The instructor can withdraw such a correction the same way. Any other change after signing stops the card counting.',
		applies: always
	},
	{
		id: 'refused-stays-refused',
		text: 'An entry the score card refused never counted, so there is nothing of it to undo.',
		applies: always
	},
	{
		id: 'time-up-once',
		text: 'Time is called once a game: a second “time up” is refused.',
		applies: (r) => r.tournament !== null
	},
	{
		id: 'named-settings-only',
		text: 'A game starts only with the settings this sheet names; a game set up with any other setting is refused.',
		applies: always
	}
];

/** The rulings that concern sheet `r`, in order. */
export function rulingsFor(r: Ruleset): Ruling[] {
	return RULINGS.filter((x) => x.applies(r));
}
