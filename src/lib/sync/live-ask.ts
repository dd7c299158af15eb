/**
 * The instructor's device asks for the live games (issue 40) while it cannot hold a stream of
 * the league (`live-stream.ts`): each sync round, the live entries numbered after the last ask,
 * paged by the answer's `last`. What it hears goes to memory as the stream's would.
 */
import * as v from 'valibot';
import { SyncError, call } from './api';
import { hear, liveLinks, setLink } from './live-heard';
import type { ServerLink } from './links';

/** The instructor's device: where the last ask stopped, by league (from 0 after a reload). */
const askedTo = new Map<string, number>();

/** The most games one ask brings. */
const ASK_LIMIT = 200;

const AskAnswerSchema = v.object({
	games: v.array(v.unknown()),
	last: v.pipe(v.number(), v.integer(), v.minValue(0))
});

/**
 * The instructor's device, while no stream is held: asks the server for the live entries
 * since the last ask; how many games it heard of. A server from before live games hears none.
 * @throws SyncError when the server cannot be reached
 */
export async function askLive(link: ServerLink): Promise<number> {
	let count = 0;
	for (let page = 0; page < 50; page++) {
		const after = askedTo.get(link.leagueId) ?? 0;
		let answer: unknown;
		try {
			answer = await call(
				link.address,
				'GET',
				`/api/leagues/${link.leagueId}/live?after=${after}&limit=${ASK_LIMIT}`,
				{ token: link.token }
			);
		} catch (e) {
			if (e instanceof SyncError && e.code === 'server-not-found') return count;
			throw e;
		}
		const read = v.safeParse(AskAnswerSchema, answer);
		if (!read.success) return count;
		for (const game of read.output.games) if (hear(game)) count++;
		askedTo.set(link.leagueId, read.output.last);
		setLink(link.leagueId, liveLinks.get(link.leagueId)?.mode ?? 'asking', true);
		if (read.output.games.length === 0 || read.output.last <= after) return count;
	}
	return count;
}

/** Forgets where the asks stopped (a test's fresh start; a reload does the same). */
export function forgetAsked(): void {
	askedTo.clear();
}
