/**
 * A league's fields from the league form, cleaned and checked without the store: its name
 * (the one name rule, `names.ts`), its term and its rules. `$lib/db/leagues.ts` stores them.
 */
import { isDay } from '$lib/days';
import { DEFAULT_RULESET, getRuleset } from '$lib/rules/rulesets';
import type { GameOptions, RulesetId } from '$lib/rules/types';
import { DbError } from './db-error';
import { cleanName, MAX_LEAGUE_NAME } from './names';
import { plain, type LeagueRecord } from './records';

export { MAX_LEAGUE_NAME };

/** The longest term name. */
export const MAX_TERM_NAME = 60;

/** What creating or editing a league takes. */
export interface LeagueInput {
	name: string;
	termName?: string;
	/** First and last day of the term, `YYYY-MM-DD`; empty or null for none. */
	start?: string | null;
	end?: string | null;
	/** Defaults to the classroom rules. */
	ruleset?: RulesetId;
	options?: GameOptions;
}

/** `value` as a term's day, or null for none. */
function day(value: string | null | undefined): string | null {
	if (value === undefined || value === null || value === '') return null;
	if (!isDay(value)) throw new DbError('bad-date', { value });
	return value;
}

/**
 * The fields of a league from a form, cleaned and checked.
 * @throws DbError `league-name-required`, `league-name-too-long`, `term-name-too-long`,
 * `bad-date`, `term-backwards`
 * @throws RuleError `unknown-ruleset`
 */
export function fields(
	input: LeagueInput
): Pick<LeagueRecord, 'name' | 'term' | 'rulesetId' | 'options'> {
	const name = cleanName(input.name ?? '');
	if (name === '') throw new DbError('league-name-required');
	if (name.length > MAX_LEAGUE_NAME)
		throw new DbError('league-name-too-long', { max: MAX_LEAGUE_NAME });
	const termName = (input.termName ?? '').trim().replace(/\s+/g, ' ');
	if (termName.length > MAX_TERM_NAME)
		throw new DbError('term-name-too-long', { max: MAX_TERM_NAME });
	const start = day(input.start);
	const end = day(input.end);
	if (start && end && end < start) throw new DbError('term-backwards');
	const rulesetId = getRuleset(input.ruleset ?? DEFAULT_RULESET).id;
	return {
		name,
		term: { name: termName, start, end },
		rulesetId,
		options: plain(input.options ?? {})
	};
}
