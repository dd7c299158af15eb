/**
 * A league game seen as the card the instructor collects, without the store: where it stands
 * (`cardStanding`), and what the cards that count give the standings (`rules/standings.ts`),
 * from the games themselves or from a league's kept contributions (`contributions.ts`), dated
 * by their class session. `$lib/db/cards.ts` reads them and stores the instructor's void.
 */
import { dayOfTime } from '$lib/days';
import type { StandingsCard } from '$lib/rules/standings';
import { countsInStandings, lockedWithResult, readPage } from './contributions';
import { DbError } from './db-error';
import type { ContributionPageRecord, GameRecord } from './records';

/** The longest reason a void can give. */
export const MAX_VOID_REASON = 200;

/**
 * `reason` for a void, its spaces folded.
 * @throws DbError `void-reason-required`, `void-reason-too-long`
 */
export function voidReason(reason: string): string {
	const why = (reason ?? '').trim().replace(/\s+/g, ' ');
	if (why === '') throw new DbError('void-reason-required');
	if (why.length > MAX_VOID_REASON)
		throw new DbError('void-reason-too-long', { max: MAX_VOID_REASON });
	return why;
}

/** A stored game seen as a card. */
export type CardRecord = GameRecord;

/** Where a card stands for the instructor. */
export type CardStanding = 'in-progress' | 'unsigned' | 'signed' | 'changed' | 'voided';

/**
 * Where `game` stands: voided first, then signed (or changed after signing, when the check
 * found so), finished, or still being played.
 */
export function cardStanding(game: CardRecord, changed = false): CardStanding {
	if (game.voidedAt !== null) return 'voided';
	if (lockedWithResult(game)) return changed ? 'changed' : 'signed';
	return game.status === 'finished' ? 'unsigned' : 'in-progress';
}

/**
 * What `game` contributes to the standings, or null when it does not count. `sessionDate` is
 * the day of the class session that started it; a game outside sessions counts on the day it
 * finished.
 */
export function toStandingsCard(
	game: CardRecord,
	sessionDate?: string,
	changed = false
): StandingsCard | null {
	if (!countsInStandings(game, changed) || !game.result) return null;
	const { result } = game;
	return {
		gameId: game.id,
		date: sessionDate ?? dayOfTime(result.finishedAt || game.finishedAt || game.createdAt),
		sides: result.sides.map((s) => ({ label: s.label, players: [...s.players], total: s.total })),
		winners: [...result.winners],
		...(result.corrections ? { corrections: result.corrections } : {})
	};
}

/**
 * The standings cards among `games`, in date order (on the same day, by game id): the ones
 * that count, dated by their session (`dates`, session id → day) or the day they finished.
 * Pure, for loaders that have read the games already.
 * @param changed ids of cards found changed after signing (`changedAfterSigning`): left out
 */
export function standingsCards(
	games: readonly CardRecord[],
	dates: ReadonlyMap<string, string>,
	changed: ReadonlySet<string> = new Set()
): StandingsCard[] {
	const out: StandingsCard[] = [];
	for (const game of games) {
		const date = game.sessionId ? dates.get(game.sessionId) : undefined;
		const card = toStandingsCard(game, date, changed.has(game.id));
		if (card) out.push(card);
	}
	return out.sort(byDate);
}

/** Earlier date first; on the same day, by game id (the order games are read in by id). */
export function byDate(
	a: { date: string; gameId: string },
	b: { date: string; gameId: string }
): number {
	if (a.date !== b.date) return a.date < b.date ? -1 : 1;
	return a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0;
}

/**
 * The standings cards on `pages` (a league's contributions), added to `out` unsorted (`byDate`
 * sorts them): `counted` reads a league's pages a few at a time, each page's text gone as its
 * cards come. Dated by their session (`dates`, session id → day) or the day they ended. Pure.
 * @param changed ids of cards found changed after signing (`changedAfterSigning`): left out
 */
export function addCardsOnPages(
	out: StandingsCard[],
	pages: readonly ContributionPageRecord[],
	dates: ReadonlyMap<string, string>,
	changed: ReadonlySet<string>
): void {
	for (const page of pages) {
		for (const c of readPage(page)) {
			if (changed.has(c.gameId)) continue;
			const date = (c.sessionId ? dates.get(c.sessionId) : undefined) ?? dayOfTime(c.endedAt);
			const card: StandingsCard = { gameId: c.gameId, date, sides: c.sides, winners: c.winners };
			if (c.corrections) card.corrections = c.corrections;
			out.push(card);
		}
	}
}
