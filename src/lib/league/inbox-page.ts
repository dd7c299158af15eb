/**
 * A page of the instructor's inbox: the latest received cards, or only those waiting for a
 * choice, or only those refused, a page at a time (issue 39: a school's league receives
 * thousands). Each card comes with what the page says of it, read for that page's cards alone:
 * its group's name and, when it counts with the instructor's corrections (RULES.md §7), the card
 * as it counts.
 */
import * as cards from '$lib/db/cards';
import * as games from '$lib/db/games';
import * as inbox from '$lib/db/inbox';
import type { InboxRecord, InboxState } from '$lib/card/backup-records';
import type { StandingsCard } from '$lib/rules/standings';
import { sessionsById } from '$lib/db/lists';
import { groupName } from './group-name';

/** Cards on one page of the inbox. */
export const INBOX_PAGE = 30;

/** Which cards the inbox shows: all, those that wait for the instructor, those refused. */
export type InboxShown = 'all' | 'waiting' | 'refused';

const STATE_SHOWN: Record<InboxShown, InboxState | null> = {
	all: null,
	waiting: 'conflict',
	refused: 'refused'
};

/** `text` as what the inbox shows: an address edited by hand shows all the cards. */
export function inboxShown(text: string | null): InboxShown {
	return text === 'waiting' || text === 'refused' ? text : 'all';
}

/** A received card as its page shows it. */
export interface InboxItem {
	entry: InboxRecord;
	/** "Group 3, Tue 24 Nov 2026", for a handed-out game. */
	group: string | undefined;
	/** The card as it counts, when the instructor corrected it after it was received. */
	corrected: StandingsCard | undefined;
}

/** One page of the inbox, and how many cards wait or were refused in all. */
export interface InboxPage {
	items: InboxItem[];
	next: inbox.InboxCursor | null;
	waiting: number;
	refused: number;
}

/**
 * Each of `games` started from a session of league `leagueId`, named as the instructor knows it:
 * "Group 3, Tue 24 Nov 2026". Only their own sessions are read: a page of cards names its own.
 */
export async function groupNames(
	leagueId: string,
	games: readonly { id: string; sessionId: string | null }[]
): Promise<Map<string, string>> {
	const held = await sessionsById(games.flatMap((g) => g.sessionId ?? []));
	const out = new Map<string, string>();
	for (const game of games) {
		const name = groupName(game.sessionId ? held.get(game.sessionId) : null, leagueId, game.id);
		if (name) out.set(game.id, name);
	}
	return out;
}

/** The counted cards among `gameIds` that count with the instructor's corrections, by id. */
async function correctedAmong(gameIds: readonly string[]): Promise<Map<string, StandingsCard>> {
	if (gameIds.length === 0) return new Map();
	const counted = await cards.countedAmong(await games.among(gameIds));
	return new Map(counted.filter((c) => c.corrections !== undefined).map((c) => [c.gameId, c]));
}

/** The page of league `leagueId`'s inbox that starts after `after`, of the cards `shown`. */
export async function inboxPage(
	leagueId: string,
	shown: InboxShown,
	after: inbox.InboxCursor | null
): Promise<InboxPage> {
	const [{ entries, next }, counts] = await Promise.all([
		inbox.page(leagueId, { state: STATE_SHOWN[shown], after, size: INBOX_PAGE }),
		inbox.countsOf(leagueId, ['conflict', 'refused'])
	]);
	const [groups, corrected] = await Promise.all([
		groupNames(
			leagueId,
			entries.map((e) => e.card.game)
		),
		correctedAmong(entries.filter((e) => e.state === 'counted').map((e) => e.gameId))
	]);
	return {
		items: entries.map((entry) => ({
			entry,
			group: groups.get(entry.gameId),
			corrected: corrected.get(entry.gameId)
		})),
		next,
		waiting: counts.get('conflict') ?? 0,
		refused: counts.get('refused') ?? 0
	};
}
