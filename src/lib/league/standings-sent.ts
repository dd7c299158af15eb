/**
 * The standings the instructor's device sends the group phones (issue 15): the figures of the
 * league's standings page, first names only when the instructor chose so, or the word to hide
 * them once sharing was turned off. Nothing at all for a league that never shared them.
 */
import { timestamp } from '$lib/db/clock';
import * as sharedStandings from '$lib/class-loop/sharing';
import { toSnapshotRow, type StandingsSnapshot } from '$lib/transfer/standings-snapshot';
import { shownStandings } from './shown-standings';
import { nameIn, standingsView } from './views';

/**
 * The snapshot to send league `leagueId`'s phones now: its standings while sharing is on, a
 * hide while it is off, undefined when the league never shared them.
 * @throws DbError `not-found`
 */
export async function snapshotFor(
	leagueId: string,
	opts: { now?: string } = {}
): Promise<StandingsSnapshot | undefined> {
	const sharing = await sharedStandings.sharing(leagueId);
	if (!sharing) return undefined;
	if (!sharing.on) return { league: leagueId, at: sharing.changedAt, rows: null };
	const view = await standingsView(leagueId);
	const shown = shownStandings(view.rows, view.names, {
		firstNames: sharing.firstNames,
		top: null,
		playedOnly: false
	});
	return {
		league: leagueId,
		at: timestamp(opts.now),
		rows: shown.rows.map((r) =>
			toSnapshotRow({
				name: nameIn(shown.names, r.player),
				played: r.played,
				won: r.won,
				points: r.points,
				place: r.place
			})
		)
	};
}
