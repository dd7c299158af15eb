/**
 * Reads a game straight from the app's IndexedDB in the page, so browser tests can compare
 * what is on screen with the engine's replay of what is stored.
 */
import type { Page } from '@playwright/test';
import type { GameEvent, GameSetup } from '../../src/lib/rules/types';

/** A stored game as the engine needs it. */
export interface StoredGame {
	setup: GameSetup;
	events: GameEvent[];
	names: Record<string, string>;
}

/** The game `id` as stored in the browser's IndexedDB ("muggins-league"). */
export async function readStoredGame(page: Page, id: string): Promise<StoredGame> {
	return page.evaluate(async (gameId) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('muggins-league');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const all = <T>(store: string) =>
			new Promise<T[]>((resolve, reject) => {
				const req = db.transaction(store).objectStore(store).getAll();
				req.onsuccess = () => resolve(req.result as T[]);
				req.onerror = () => reject(req.error);
			});
		type Game = {
			id: string;
			rulesetId: string;
			seats: string[];
			sides: string[][] | null;
			options: object;
		};
		const game = (await all<Game>('games')).find((g) => g.id === gameId);
		if (!game) throw new Error(`game ${gameId} is not stored`);
		const events = (await all<{ gameId: string; events: { event: unknown }[] }>('logs'))
			.filter((l) => l.gameId === gameId)
			.flatMap((l) => l.events.map((e) => e.event));
		const players = await all<{ id: string; name: string }>('players');
		db.close();
		return {
			setup: {
				ruleset: game.rulesetId,
				players: game.seats,
				sides: game.sides ?? undefined,
				options: game.options
			},
			events,
			names: Object.fromEntries(players.map((p) => [p.id, p.name]))
		} as never;
	}, id);
}
