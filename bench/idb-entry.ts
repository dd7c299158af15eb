/**
 * Bundled for the page by `standings-idb.ts`: the app's own store and standings code, plus the
 * synthetic league, so the benchmark reads IndexedDB exactly as the league pages do.
 */
import * as cards from '$lib/db/cards';
import { db } from '$lib/db/db';
import { standings } from '$lib/rules/standings';
import { syntheticLeague } from './synthetic-league';

const CHUNK = 5000;

/**
 * Stores the synthetic league. Its games are written as the app writes games, so the
 * contributions the standings read are kept by the app's own middleware
 * (`contributions-upkeep.ts`) in the same transactions, from the same derivation.
 */
async function populate(scale: number): Promise<{ leagueId: string; roster: string[] }> {
	const league = syntheticLeague(scale);
	await db.open();
	await db.transaction('rw', db.players, db.sessions, db.games, async () => {
		await db.players.bulkPut(league.players);
		await db.sessions.bulkPut(league.sessions);
	});
	for (let i = 0; i < league.games.length; i += CHUNK) {
		await db.games.bulkPut(league.games.slice(i, i + CHUNK));
	}
	const kept = await cards.counted(league.leagueId);
	if (kept.length !== league.games.length) throw new Error('The standings lost cards.');
	return { leagueId: league.leagueId, roster: league.players.map((p) => p.id) };
}

async function measure(leagueId: string, roster: string[]): Promise<{ ms: number; rows: number }> {
	const t0 = performance.now();
	const counted = await cards.counted(leagueId);
	const rows = standings(counted, roster);
	return { ms: performance.now() - t0, rows: rows.length };
}

(globalThis as unknown as { bench: unknown }).bench = { populate, measure };
