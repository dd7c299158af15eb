import type { LeagueRecord } from '$lib/card/records';

/** Why a session cannot be on `day` in a league of `term`, as a message code; null when it can. */
export function outsideTerm(
	day: string,
	term: Pick<LeagueRecord['term'], 'start' | 'end'>
): 'day-before-term' | 'day-after-term' | null {
	if (term.start !== null && day < term.start) return 'day-before-term';
	if (term.end !== null && day > term.end) return 'day-after-term';
	return null;
}
