/**
 * Where each handed-out game stands on its group's phone, over the school server (issue 36):
 * a phone says it joined its group's game, is playing it, or finished it (a signed card comes
 * as a card), and the instructor's session page shows that instead of "Waiting for its card". Without a server the page cannot know and says
 * only what it knows. This is word for the page, kept in memory: never a score, never stored;
 * only the signed card counts.
 */
import { SvelteMap } from 'svelte/reactivity';
import { db } from '$lib/db/db';
import { SyncError, call } from './api';
import type { ServerLink } from './links';

/** What a phone says of a handed-out game, and when the server heard it. */
export interface Heard {
	state: 'joined' | 'playing' | 'finished';
	heardAt: string;
}

/** The instructor's device: what the phones said, by game id (the session page reads it). */
export const heard = new SvelteMap<string, Heard>();

/** The instructor's device: the last state pulled, by league (from 0 after a reload). */
const pulledTo = new Map<string, number>();

/**
 * How often a phone says an unchanged state again while it runs: the instructor's device takes
 * a phone not heard from for a few of these as quiet (locked, closed, out of the network:
 * `league/live-game.ts` PHONE_QUIET_MS). One small request a minute a phone.
 */
export const SAY_AGAIN_MS = 60_000;

/** A phone: what it last said of each game and when, so a round says only what changed. */
const said = new Map<string, { state: Heard['state']; at: number }>();

/** A school server from before this word answers 404: the page then says what it knows. */
function unheard(e: unknown): boolean {
	return e instanceof SyncError && e.code === 'server-not-found';
}

/**
 * A phone: tells the server where each game of the league handed out to it and not yet signed
 * stands: joined (nothing recorded yet), playing, or finished; what it said before, only once
 * SAY_AGAIN_MS has passed since (`now`, ms). Gives how many it told.
 */
export async function reportGames(link: ServerLink, now = Date.now()): Promise<number> {
	const open = await db.games
		.where('leagueId')
		.equals(link.leagueId)
		.filter((g) => g.sessionId !== null && g.signedAt === null && g.voidedAt === null)
		.toArray();
	let told = 0;
	for (const game of open) {
		const recorded = (await db.logs.get(game.id))?.events.length ?? 0;
		const state: Heard['state'] =
			game.status !== 'in-progress' ? 'finished' : recorded > 0 ? 'playing' : 'joined';
		const before = said.get(game.id);
		if (before?.state === state && now - before.at < SAY_AGAIN_MS) continue;
		try {
			await call(link.address, 'PUT', `/api/leagues/${link.leagueId}/games/${game.id}/state`, {
				token: link.token,
				json: { state }
			});
		} catch (e) {
			// A game handed out by code only, or a server from before: nothing to tell.
			if (!unheard(e)) throw e;
		}
		said.set(game.id, { state, at: now });
		told++;
	}
	return told;
}

/** The instructor's device: pulls what the phones said since the last pull, page by page. */
export async function pullGameStates(link: ServerLink): Promise<number> {
	let after = pulledTo.get(link.leagueId) ?? 0;
	let pulled = 0;
	for (;;) {
		let page;
		try {
			page = await call<{ states: ({ gameId: string } & Heard)[]; next: number; more: boolean }>(
				link.address,
				'GET',
				`/api/leagues/${link.leagueId}/game-states?after=${after}`,
				{ token: link.token }
			);
		} catch (e) {
			if (unheard(e)) return pulled;
			throw e;
		}
		for (const { gameId, state, heardAt } of page.states) heard.set(gameId, { state, heardAt });
		pulled += page.states.length;
		after = page.next;
		pulledTo.set(link.leagueId, after);
		if (!page.more || page.states.length === 0) return pulled;
	}
}
