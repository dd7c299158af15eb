/**
 * A class session's summary for the instructor (issue 41), printable on one page: who played,
 * who was absent, each group's result and steals, and the day's best game. Read with the
 * session's page (`views.sessionView`) and the kept figures of its groups' cards.
 */
import type { FiguresRecord } from '$lib/card/records';
import * as figures from '$lib/db/figures';
import type { PlayerId } from '$lib/rules/types';
import { sessionView, type GroupView, type SessionView } from './views';

/** One group's line of the summary. */
export interface SummaryGroup {
	group: GroupView;
	/** Steals made at the table ("Muggins!"); null until its card counts. */
	steals: number | null;
}

/** The day's best game: the highest score a winner reached. */
export interface BestGame {
	/** The group's number, from 1. */
	group: number;
	gameId: string;
	winners: PlayerId[];
	total: number;
}

/** A session's summary. */
export interface SessionSummary {
	view: SessionView;
	/** Students in a group whose game started, in the groups' order. */
	played: PlayerId[];
	/** Students on the roster not marked present, in roster order. */
	absent: PlayerId[];
	groups: SummaryGroup[];
	best: BestGame | null;
}

/** The summary of session `view`, with the kept figures of its counted cards (`kept`). */
export function summarise(
	view: SessionView,
	kept: ReadonlyMap<string, FiguresRecord>
): SessionSummary {
	const present = new Set(view.session.present);
	const played = view.groups.filter((g) => g.gameId !== null).flatMap((g) => g.players);
	const absent = view.students.filter((s) => !present.has(s.id)).map((s) => s.id);
	let best: BestGame | null = null;
	const groups = view.groups.map((group) => {
		const counted = group.gameId !== null ? kept.get(group.gameId) : undefined;
		if (!counted) return { group, steals: null };
		const steals = counted.rows.reduce((n, r) => n + (r.learning?.stealsMade ?? 0), 0);
		const won = counted.rows.filter((r) => r.result !== 'lost');
		const total = won[0]?.points;
		if (total !== undefined && (best === null || total > best.total)) {
			best = {
				group: group.index + 1,
				gameId: counted.gameId,
				winners: won.map((r) => r.player),
				total
			};
		}
		return { group, steals };
	});
	return { view, played, absent, groups, best };
}

/**
 * Session `sessionId`'s summary.
 * @throws DbError `not-found`
 */
export async function sessionSummary(sessionId: string): Promise<SessionSummary> {
	const view = await sessionView(sessionId);
	const kept = await figures.ofGames(view.groups.flatMap((g) => g.gameId ?? []));
	return summarise(view, kept);
}
