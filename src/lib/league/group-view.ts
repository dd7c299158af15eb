/**
 * What a group's phone shows of a league (issue 15): the groups of its latest session, its own
 * group, and its cards with where each stands on the way to the instructor. Read in one place
 * so the page stays thin; run inside `Live`.
 */
import * as cards from '$lib/db/cards';
import * as groupCodes from '$lib/class-loop/group-codes';
import * as leagues from '$lib/db/leagues';
import * as outbox from '$lib/db/outbox';
import * as players from '$lib/db/players';
import * as receipts from '$lib/class-loop/receipts';
import type { AssignmentRecord } from '$lib/card/device-records';
import type { LeagueRecord } from '$lib/card/records';
import type { PlayerId } from '$lib/rules/types';
import type { Names } from './views';

/** Where one of the group's cards stands, from the phone's side. */
export type GroupCardStatus =
	| 'in-progress'
	| 'unsigned'
	/** Signed, never shown to the instructor. */
	| 'signed'
	/** Shown or shared, with no receipt yet. */
	| 'shown'
	/** The instructor's device sent a receipt for it as signed. */
	| 'received'
	| 'voided';

/** One of the group's cards. */
export interface GroupCard {
	gameId: string;
	createdAt: string;
	players: PlayerId[];
	status: GroupCardStatus;
}

/** A group's page on its phone. */
export interface GroupHomeView {
	league: LeagueRecord;
	/** The latest session's groups this phone holds, in order; empty when it holds none. */
	groups: AssignmentRecord[];
	/** The group this phone took in that session, or null. */
	ours: AssignmentRecord | null;
	cards: GroupCard[];
	/** Signed cards with no receipt yet: what "Turn in" sends. */
	unsent: number;
	names: Names;
}

async function statusOf(game: cards.CardRecord): Promise<GroupCardStatus> {
	const base = cards.cardStanding(game);
	if (base !== 'signed') return base === 'changed' ? 'signed' : base;
	if (await receipts.receiptOf(game)) return 'received';
	return (await outbox.turnedIn(game)) ? 'shown' : 'signed';
}

/** League `leagueId` as its group's phone shows it. */
export async function groupHomeView(leagueId: string): Promise<GroupHomeView> {
	const [league, held, records] = await Promise.all([
		leagues.get(leagueId),
		groupCodes.ofLeague(leagueId),
		cards.ofLeague(leagueId)
	]);
	const latest = held[0]?.sessionId;
	const groups = held.filter((a) => a.sessionId === latest).sort((a, b) => a.index - b.index);
	const list: GroupCard[] = [];
	for (const game of records) {
		list.push({
			gameId: game.id,
			createdAt: game.createdAt,
			players: game.seats,
			status: await statusOf(game)
		});
	}
	list.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
	const ids = new Set([...groups.flatMap((g) => g.players), ...list.flatMap((c) => c.players)]);
	const known = await players.getMany([...ids]);
	return {
		league,
		groups,
		ours: groups.find((g) => g.takenAt !== null) ?? null,
		cards: list,
		unsent: list.filter((c) => c.status === 'signed' || c.status === 'shown').length,
		names: new Map([...known].map(([id, p]) => [id, p.name]))
	};
}
