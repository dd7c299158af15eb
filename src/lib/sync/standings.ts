/**
 * The standings the instructor shares with the group phones (issue 15), carried by the school
 * server (issue 16) so a phone online sees them with no receipt or code.
 *
 * Working them out reads the league's counted cards, so the instructor's device does not do it
 * every sync round: a Dexie live query (`watch`) works them out again only when what they are
 * made of changed (a card counted or voided, the roster, the sharing switch), and a round pushes
 * them only when what the phones would show differs from what was last pushed (`pushStandings`).
 * A phone keeps what comes with its league through the same newer-wins path as a receipt's copy
 * (`class-loop/sharing.ts` `keepFrom`); turning sharing off is a snapshot too, which hides them.
 */
import Dexie, { liveQuery } from 'dexie';
import { db } from '$lib/db/db';
import * as sharedStandings from '$lib/class-loop/sharing';
import { snapshotFor } from '$lib/league/standings-sent';
import { ClassLoopError } from '$lib/transfer/errors';
import type { StandingsSnapshot } from '$lib/transfer/standings-snapshot';
import { call } from './api';
import { updateLink, type ServerLink } from './links';

/**
 * What the phones would show of `snapshot`: its rows, or the hide. Its time is left out, so the
 * same figures worked out again later are not pushed again.
 */
export function shownKey(snapshot: StandingsSnapshot): string {
	return JSON.stringify(snapshot.rows);
}

/**
 * The instructor's device: pushes `snapshot` unless the phones already show the same; true when
 * it went. Marked pushed only once the server answered (a failed round sends it again).
 */
export async function pushStandings(
	link: ServerLink,
	snapshot: StandingsSnapshot
): Promise<boolean> {
	const key = shownKey(snapshot);
	if (key === link.pushedStandings) return false;
	await call(link.address, 'PUT', `/api/leagues/${encodeURIComponent(link.leagueId)}/standings`, {
		token: link.token,
		json: snapshot
	});
	await updateLink(link.leagueId, { pushedStandings: key });
	return true;
}

/**
 * A phone: keeps the standings that came with its league when they are newer than the ones
 * held. One that fails the snapshot's checks (or is another league's) changes nothing, as a bad
 * code would; true when they replaced the ones held.
 */
export async function keepPulled(leagueId: string, value: unknown): Promise<boolean> {
	if (value === null || value === undefined) return false;
	try {
		return await sharedStandings.keepFrom(leagueId, value);
	} catch (e) {
		if (e instanceof ClassLoopError) return false;
		throw e;
	}
}

/**
 * Reads, first thing in the live query, the key ranges league `leagueId`'s shared standings are
 * made of (the sharing switch, the counted cards' pages, the changed cards, the roster, the
 * sessions), so that a write to any of them runs the query again. `snapshotFor` reads them too,
 * but past awaits of plain promises, where Dexie may no longer see which live query reads.
 */
async function madeOf(leagueId: string): Promise<void> {
	await Promise.all([
		db.meta.get('standingsSharing'),
		db.contributions
			.where('[leagueId+page]')
			.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey])
			.primaryKeys(),
		db.verdicts.where('[leagueId+changed]').equals([leagueId, 1]).primaryKeys(),
		db.players.where('leagueId').equals(leagueId).primaryKeys(),
		db.sessions
			.where('[leagueId+date]')
			.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey])
			.primaryKeys(),
		db.leagues.get(leagueId)
	]);
}

/**
 * Calls `changed` with league `leagueId`'s snapshot now, then each time what it is made of
 * changes (undefined while the league never shared them); returns how to stop.
 */
export function watch(
	leagueId: string,
	changed: (snapshot: StandingsSnapshot | undefined) => void
): () => void {
	const subscription = liveQuery(async () => {
		await madeOf(leagueId);
		return snapshotFor(leagueId);
	}).subscribe({
		next: changed,
		// A league deleted meanwhile: nothing to share; the link goes with it.
		error: () => changed(undefined)
	});
	return () => subscription.unsubscribe();
}

/**
 * One `watch` per league this device is the instructor of, each holding the snapshot it last
 * worked out; `changed` is told whenever one changes.
 */
export class StandingsWatches {
	readonly #watches = new Map<string, { stop: () => void; snapshot?: StandingsSnapshot }>();

	constructor(private readonly changed: () => void) {}

	/** Watches the instructor's leagues of `active`, and stops watching any other. */
	follow(active: readonly ServerLink[]): void {
		const mine = new Set(active.filter((l) => l.role === 'instructor').map((l) => l.leagueId));
		for (const [leagueId, w] of this.#watches) {
			if (mine.has(leagueId)) continue;
			w.stop();
			this.#watches.delete(leagueId);
		}
		for (const leagueId of mine) {
			if (this.#watches.has(leagueId)) continue;
			const entry: { stop: () => void; snapshot?: StandingsSnapshot } = { stop: () => {} };
			this.#watches.set(leagueId, entry);
			entry.stop = watch(leagueId, (snapshot) => {
				entry.snapshot = snapshot;
				if (snapshot) this.changed();
			});
		}
	}

	/** League `leagueId`'s snapshot as last worked out; undefined while none (or never shared). */
	latest(leagueId: string): StandingsSnapshot | undefined {
		return this.#watches.get(leagueId)?.snapshot;
	}
}
