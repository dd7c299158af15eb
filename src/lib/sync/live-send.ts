/**
 * A group phone sends its league games as they are played (issue 40): each handed-out game not
 * yet signed or voided goes to the school server entry by entry, in the card's own shapes,
 * sealed with this phone's key, in batches of at most 100, in order. The server answers the
 * next entry it expects, so nothing is sent twice on purpose and a lost answer costs only a
 * resend the server skips. What it expects is kept in memory only: after a reload the phone
 * starts from the first entry again and the server skips what it holds. A live copy counts for
 * nothing: only the signed card does. Quick games (no league, no session) never leave the phone.
 */
import { db } from '$lib/db/db';
import { plain, type EventRecord, type GameRecord } from '$lib/card/records';
import { sealedHere } from '$lib/class-loop/trust';
import { livePayload } from '$lib/transfer/envelope';
import { LIVE_EVENTS_MAX } from '$lib/transfer/schema';
import { SyncError, call } from './api';
import type { ServerLink } from './links';

/** The next entry the server expects, by game id (1 when not known). */
const expected = new Map<string, number>();

/** Batches one game may send in one go: a backlog larger than this waits for the next round. */
const BATCHES_MAX = 20;

/** Refusals that leave a game on the phone for now, and the round going on. */
const QUIET_REFUSALS = new Set<string>([
	'server-live-not-yours',
	'server-live-too-long',
	'server-not-found'
]);

/** The games of the league on this phone that travel as they are played. */
async function travelling(leagueId: string): Promise<GameRecord[]> {
	return db.games
		.where('leagueId')
		.equals(leagueId)
		.filter((g) => g.sessionId !== null && g.signedAt === null && g.voidedAt === null)
		.toArray();
}

/** Up to `LIVE_EVENTS_MAX` entries of game `gameId` from entry `from` on, in order. */
async function entriesFrom(gameId: string, from: number): Promise<EventRecord[]> {
	const log = (await db.logs.get(gameId))?.events ?? [];
	return log.filter((e) => e.seq >= from).slice(0, LIVE_EVENTS_MAX);
}

/** The `next` a server's answer or refusal names, when it names a whole number from 1. */
function nextOf(answer: unknown): number | null {
	const next = (answer as { next?: unknown } | null)?.next;
	return typeof next === 'number' && Number.isInteger(next) && next >= 1 ? next : null;
}

/**
 * Sends game `game`'s entries the server lacks; how many went in messages it took. A game the server does not
 * hold as this phone's yet (its state not told) waits for the next round.
 * @throws SyncError when the server cannot be reached or refuses otherwise (the place is kept)
 */
async function sendGame(link: ServerLink, game: GameRecord): Promise<number> {
	let sent = 0;
	for (let batch = 0; batch < BATCHES_MAX; batch++) {
		const from = expected.get(game.id) ?? 1;
		const events = await entriesFrom(game.id, from);
		if (events.length === 0) return sent;
		let answer: unknown;
		try {
			answer = await call(link.address, 'POST', `/api/leagues/${link.leagueId}/live`, {
				token: link.token,
				json: await sealedHere(livePayload(plain(game), plain(events)))
			});
		} catch (e) {
			if (!(e instanceof SyncError)) throw e;
			// Not this phone's game there yet (its state goes first), longer than any real game, or a
			// server from before live games: nothing to send now; the signed card counts as ever.
			if (QUIET_REFUSALS.has(e.code)) return sent;
			const next = e.code === 'server-live-gap' ? nextOf(e.answer) : null;
			if (next === null) throw e;
			// The server holds less than this phone thought (it restarted): resend from there.
			expected.set(game.id, next);
			continue;
		}
		sent += events.length;
		expected.set(game.id, nextOf(answer) ?? from + events.length);
		if (events.length < LIVE_EVENTS_MAX) return sent;
	}
	return sent;
}

/**
 * A phone: sends every entry of its league's handed-out games that the server lacks, game by
 * game, in order; how many entries went (after a reload, those the server skips count too).
 * The instructor's device sends nothing.
 * @throws SyncError when the server cannot be reached: what was not sent goes next time
 */
export async function sendLive(link: ServerLink): Promise<number> {
	if (link.role !== 'device' || link.revoked) return 0;
	let sent = 0;
	for (const game of await travelling(link.leagueId)) sent += await sendGame(link, game);
	return sent;
}

/** Forgets what the server expects (a test's fresh start; a reload does the same). */
export function forgetSent(): void {
	expected.clear();
}
