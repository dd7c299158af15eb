/**
 * A part of a backup that comes from outside this device (sealed by another device, from before
 * seals, or made by hand), split by what it may do here (issue 37): a device never takes
 * changes to a league it holds from a file.
 *
 * - Leagues this device does not hold come in whole, with their students, sessions, games and
 *   received cards: nothing of this device's is at stake there.
 * - Of a league it holds, nothing is taken as it is (not its name, roster, sessions or
 *   games); its signed cards go to the inbox, where they wait for the instructor's choice
 *   like any card from nobody who says who sent it (`db/inbox.ts`).
 * - Turn-in records never come from outside: a receipt is the instructor's word to one phone,
 *   which a file cannot give on the instructor's behalf.
 *
 * Pure: the leagues held here are given.
 */
import type { StoreDump } from './backup-records';
import { byGame } from './incoming-check';
import { lockedWithResult } from './locked';
import type { ReceivedCard } from './records';

/** A card of a league held here, for the inbox. */
export interface OutsideCard {
	leagueId: string;
	card: ReceivedCard;
}

export interface OutsidePart {
	/** What a merge may add (never update): records of leagues not held here, and quick games'. */
	part: StoreDump;
	/** Locked cards with a result, not voided, of leagues held here. */
	cards: OutsideCard[];
}

/** Splits `file` by `held`, the ids of the leagues this device held when the restore began. */
export function outsidePart(file: StoreDump, held: ReadonlySet<string>): OutsidePart {
	const mine = (leagueId: string | null) => leagueId !== null && held.has(leagueId);
	const cards: OutsideCard[] = [];
	const games = [];
	const events = byGame(file.events);
	const signatures = byGame(file.signatures);
	for (const game of file.games) {
		if (!mine(game.leagueId)) games.push(game);
		else if (lockedWithResult(game) && game.voidedAt === null) {
			cards.push({
				leagueId: game.leagueId!,
				card: {
					game,
					events: events.get(game.id) ?? [],
					signatures: signatures.get(game.id) ?? []
				}
			});
		}
	}
	const kept = new Set(games.map((g) => g.id));
	return {
		part: {
			leagues: file.leagues.filter((l) => !held.has(l.id)),
			players: file.players.filter((p) => !mine(p.leagueId)),
			sessions: file.sessions.filter((s) => !mine(s.leagueId)),
			games,
			events: file.events.filter((e) => kept.has(e.gameId)),
			signatures: file.signatures.filter((s) => kept.has(s.gameId)),
			matches: file.matches.filter((m) => m.gameIds.every((id) => !isHeldGame(file, held, id))),
			inbox: file.inbox.filter((r) => !held.has(r.leagueId)),
			turnIns: []
		},
		cards
	};
}

/** Whether game `id`, when it is in `file`, belongs to a league held here. */
function isHeldGame(file: StoreDump, held: ReadonlySet<string>, id: string): boolean {
	const game = file.games.find((g) => g.id === id);
	return game?.leagueId != null && held.has(game.leagueId);
}
