/**
 * What the browser tests do to a game through the real UI, and how they read it back: the totals
 * on the board, the engine's replay of what IndexedDB holds, and the stored `seq` numbers.
 */
import { expect, type Page } from '@playwright/test';
import { replay } from '../../src/lib/rules/game';
import { readStoredGame } from './stored-game';

/**
 * Starts a game of `names` from the new-game screen and returns its id. `origin` is for pages
 * of a browser the test launched itself, which knows no base URL.
 */
export async function startGame(page: Page, names: string[], origin = ''): Promise<string> {
	await page.goto(`${origin}/game/new`);
	for (const name of names) {
		await page.locator('#new-player').fill(name);
		await page.keyboard.press('Enter');
	}
	await page.getByRole('button', { name: /start/i }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	await expect(page.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
	return page.url().split('/').at(-1) as string;
}

/** Records `count` for `player` on the count pad and waits for the tap to be acknowledged. */
export async function score(page: Page, player: string, count: number): Promise<void> {
	await page.getByRole('button', { name: `Score for ${player}` }).click();
	await page
		.getByRole('dialog')
		.getByRole('button', { name: String(count), exact: true })
		.click();
	await expect(page.getByRole('status')).toContainText(`Recorded: ${player} ${count}`);
}

/** The totals the scoreboard shows, by player name. */
export async function shownTotals(page: Page): Promise<Record<string, number>> {
	const labels = await page
		.locator('.board .total')
		// The words a screen reader reads: the visible total with its hidden names and unit.
		.evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
	return Object.fromEntries(
		labels.map((l) => {
			const m = /^(.*): (-?\d+) points$/.exec(l);
			if (!m) throw new Error(`unexpected total label "${l}"`);
			return [m[1], Number(m[2])];
		})
	);
}

/** The totals of the engine's replay of the events stored for game `id`, by player name. */
export async function engineTotals(page: Page, id: string): Promise<Record<string, number>> {
	const stored = await readStoredGame(page, id);
	const state = replay(stored.setup, stored.events);
	return Object.fromEntries(
		Object.entries(state.totals).map(([side, n]) => [stored.names[side] ?? side, n])
	);
}

/** The `seq` of every event stored for game `id`, in key order. */
export async function storedSeqs(page: Page, id: string): Promise<number[]> {
	return page.evaluate(async (gameId) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('muggins-league');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const rows = await new Promise<{ gameId: string; seq: number }[]>((resolve, reject) => {
			const req = db.transaction('logs').objectStore('logs').get(gameId);
			req.onsuccess = () => resolve((req.result as { events?: [] } | undefined)?.events ?? []);
			req.onerror = () => reject(req.error);
		});
		db.close();
		return rows
			.filter((r) => r.gameId === gameId)
			.map((r) => r.seq)
			.sort((a, b) => a - b);
	}, id);
}
