/**
 * The lists that grow with a school (issue 14) show a page at a time: the standings' rows,
 * the league's cards, and Home's finished games. Games are copied straight into IndexedDB
 * from one played through the UI: playing fifty through the scorecard would take minutes.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { score, startGame } from './game-helpers';
import {
	groupPlayers,
	leagueTab,
	leagueWithRoster,
	playGroupGame,
	sessionWithGroups,
	signCard
} from './league-helpers';
import { snap } from './snap';

/** Record `key` of the app's IndexedDB store `store`, read in the page. */
function readRecord(page: Page, store: string, key: string): Promise<Record<string, unknown>> {
	return page.evaluate(
		({ store, key }) =>
			new Promise<Record<string, unknown>>((resolve, reject) => {
				const open = indexedDB.open('muggins-league');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const req = open.result.transaction(store).objectStore(store).get(key);
					req.onsuccess = () => {
						open.result.close();
						resolve(req.result as Record<string, unknown>);
					};
					req.onerror = () => reject(req.error);
				};
			}),
		{ store, key }
	);
}

/** Puts `records` straight into the app's IndexedDB store `store`, in one transaction. */
function putRecords(page: Page, store: string, records: Record<string, unknown>[]): Promise<void> {
	return page.evaluate(
		({ store, records }) =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open('muggins-league');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const tx = open.result.transaction(store, 'readwrite');
					for (const r of records) tx.objectStore(store).put(r);
					tx.oncomplete = () => {
						open.result.close();
						resolve();
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
		{ store, records }
	);
}

/** `n` minutes after ISO time `at`. */
const minutesAfter = (at: unknown, n: number) =>
	new Date(Date.parse(at as string) + n * 60_000).toISOString();

/**
 * Stores `copies` copies of game `id` (its record only: a copy's log is empty), the n-th
 * started `n` minutes after it and, when `finished`, finished `n` minutes after it.
 */
async function copyGame(page: Page, id: string, copies: number, finished = false): Promise<void> {
	const game = await readRecord(page, 'games', id);
	const copy = (n: number) => {
		const when = minutesAfter(game.createdAt, n);
		return {
			...game,
			id: crypto.randomUUID(),
			createdAt: when,
			updatedAt: when,
			...(finished ? { status: 'finished', finishedAt: when } : {})
		};
	};
	await putRecords(
		page,
		'games',
		Array.from({ length: copies }, (_, i) => copy(i + 1))
	);
}

/** Stores `copies` empty sessions of league `leagueId`, one a day before `from` going back. */
async function pastSessions(page: Page, leagueId: string, from: string, copies: number) {
	const session = (n: number) => {
		const day = new Date(Date.parse(`${from}T12:00:00Z`) - n * 86_400_000).toISOString();
		const base = { leagueId, present: [], groups: [], createdAt: day, updatedAt: day };
		return { ...base, id: crypto.randomUUID(), date: day.slice(0, 10) };
	};
	await putRecords(
		page,
		'sessions',
		Array.from({ length: copies }, (_, i) => session(i + 1))
	);
}

/** Stores `copies` copies of league `leagueId`'s record (no roster), each newer than the last. */
async function copyLeague(page: Page, leagueId: string, copies: number) {
	const league = await readRecord(page, 'leagues', leagueId);
	const copy = (n: number) => {
		const when = minutesAfter(league.createdAt, n);
		const name = `Class ${String(n).padStart(2, '0')}`;
		return { ...league, id: crypto.randomUUID(), name, createdAt: when, updatedAt: when };
	};
	await putRecords(
		page,
		'leagues',
		Array.from({ length: copies }, (_, i) => copy(i + 1))
	);
}

test('a school-wide league’s standings and roster show 100 students, then the rest on request', async ({
	page
}) => {
	// Axe over a long table, in both themes, at two states: more than the default minute.
	test.slow();
	const names = Array.from({ length: 130 }, (_, i) => `Student ${String(i + 1).padStart(3, '0')}`);
	await leagueWithRoster(page, 'Whole school', names);
	await leagueTab(page, 'Standings');
	const rows = page.getByRole('table').locator('tbody tr');
	await expect(rows).toHaveCount(100);
	await expect(page.getByText('100 of 130 students are shown.')).toBeVisible();
	await expect(rows.first()).toContainText('Student 001');
	await expectAccessible(page, 'standings, 100 of 130 rows');
	await snap(page, 'standings-show-more');

	await page.getByRole('button', { name: 'Show 30 more' }).click();
	await expect(rows).toHaveCount(130);
	await expect(rows.last()).toContainText('Student 130');
	await expect(page.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);

	// The roster draws a hundred students' rows; the search finds any of them.
	await leagueTab(page, 'Roster');
	const students = page.locator('ul.students > li');
	await expect(students).toHaveCount(100);
	await expect(page.getByText('100 of 130 students are shown.')).toBeVisible();
	await expectAccessible(page, 'roster, 100 of 130 students');
	await page.getByRole('searchbox', { name: 'Find a student' }).fill('Student 125');
	await expect(students).toHaveCount(1);
	await expect(students.first()).toContainText('Student 125');
	await expect(page.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
	await page.getByRole('searchbox', { name: 'Find a student' }).fill('');
	await expect(students).toHaveCount(100);
	await page.getByRole('button', { name: 'Show 30 more' }).click();
	await expect(students).toHaveCount(130);
	await expect(students.last()).toContainText('Student 130');
});

test('the card list shows the latest 50 cards, then older ones on request', async ({ page }) => {
	// Axe over 50 and then 55 cards, in both themes: more than the default minute.
	test.slow();
	await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben', 'Cara', 'Dan']);
	const session = await sessionWithGroups(page, '2026-01-12');
	const players = await groupPlayers(page, 1);
	await page.getByRole('button', { name: 'Start Group 1’s game' }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	const first = page.url().split('/').at(-1) as string;
	await score(page, players[0]!, 15);
	await copyGame(page, first, 54);

	await page.goto(session);
	await leagueTab(page, 'Cards');
	const cards = page.locator('ul.cards > li');
	await expect(cards).toHaveCount(50);
	await expect(page.getByText('The latest 50 cards are shown; older ones are kept.')).toBeVisible();
	await expectAccessible(page, 'card list, first page');
	await snap(page, 'cards-show-more');

	await page.getByRole('button', { name: 'Show more' }).click();
	await expect(cards).toHaveCount(55);
	await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
	// The oldest is the game played through the UI: its totals come from its replay.
	await expect(cards.last()).toContainText('Session 1 · Group 1');
	await expect(cards.last()).toContainText(`${players[0]} 15`);
	await expect(cards.last()).toContainText('Playing');
});

test('a student’s games that count show 30 at a time, the latest first', async ({ page }) => {
	test.slow();
	await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben', 'Cara', 'Dan']);
	const session = await sessionWithGroups(page, '2026-01-12');
	const players = await groupPlayers(page, 1);
	const first = await playGroupGame(page, 1, [15, 10]);
	await signCard(page, first);
	// 34 more signed cards like it, each a minute later (records only: their log is empty).
	await copyGame(page, first, 34, true);

	await page.goto(session);
	await leagueTab(page, 'Standings');
	await page.getByRole('table').getByRole('link', { name: players[0]!, exact: true }).click();
	const games = page.getByRole('region', { name: 'Games that count' }).locator('tbody tr');
	await expect(games).toHaveCount(30);
	await expect(page.getByText('30 of 35 games are shown.')).toBeVisible();
	await expectAccessible(page, 'a student’s games, 30 of 35');
	await snap(page, 'student-games-show-more');
	await page.getByRole('button', { name: 'Show 5 more' }).click();
	await expect(games).toHaveCount(35);
	await expect(page.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
});

test('Home lists the games in progress and the 10 that finished last', async ({ page }) => {
	const playing = await startGame(page, ['Ana', 'Ben']);
	await score(page, 'Ana', 10);
	const done = await startGame(page, ['Cara', 'Dan']);
	await score(page, 'Dan', 20);
	await copyGame(page, done, 11, true);

	await page.goto('/');
	const inProgress = page.getByRole('region', { name: 'Games in progress' });
	await expect(inProgress.getByRole('listitem')).toHaveCount(2);
	await expect(inProgress.getByRole('link').filter({ hasText: 'Ana' })).toHaveAttribute(
		'href',
		`/game/${playing}`
	);
	await expectAccessible(page, 'Home, finished games folded');
	await page.getByText('Finished games').click();
	const finished = page.locator('details.finished li');
	await expect(finished).toHaveCount(10);
	await expect(finished.first()).toContainText('Dan');
	await expect(page.getByText('The 10 latest are listed; older games are kept')).toBeVisible();
});

test('the sessions of a long term show 30 at a time, the latest first, with the earlier ones a page away', async ({
	page
}) => {
	test.slow();
	const league = await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben', 'Cara']);
	await sessionWithGroups(page, '2026-01-12');
	await pastSessions(page, league.split('/')[2]!, '2026-01-12', 34);

	await leagueTab(page, 'Sessions');
	const sessions = page.locator('ul.sessions > li');
	await expect(sessions).toHaveCount(30);
	await expect(sessions.first()).toContainText('12 Jan 2026');
	await expect(page.getByRole('link', { name: 'Latest sessions' })).toHaveCount(0);
	await expectAccessible(page, 'sessions, the first page of 35');

	await page.getByRole('link', { name: 'Earlier sessions' }).click();
	await expect(page.getByRole('heading', { name: 'Earlier sessions' })).toBeVisible();
	await expect(sessions).toHaveCount(5);
	await expect(sessions.last()).toContainText('9 Dec 2025');
	await expect(page.getByRole('link', { name: 'Earlier sessions' })).toHaveCount(0);
	// The page is in the address: a reload shows the same sessions.
	await page.reload();
	await expect(sessions).toHaveCount(5);
	await expectAccessible(page, 'sessions, the last page');

	await page.getByRole('link', { name: 'Latest sessions' }).click();
	await expect(sessions).toHaveCount(30);
	await expect(sessions.first()).toContainText('12 Jan 2026');
});

test('a district’s leagues show 20 at a time, the current one first', async ({ page }) => {
	test.slow();
	const league = await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben']);
	await copyLeague(page, league.split('/')[2]!, 24);

	await page.goto('/league');
	const leagues = page.locator('ul.leagues > li');
	await expect(leagues).toHaveCount(20);
	await expect(leagues.first()).toContainText('Period 3');
	await expect(leagues.first()).toContainText('Current');
	// Then the newest.
	await expect(leagues.nth(1)).toContainText('Class 24');
	await expect(page.getByText('Page 1 of 2')).toBeVisible();
	await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
	await expectAccessible(page, 'leagues, the first page of 25');

	await page.getByRole('link', { name: 'Next page' }).click();
	await expect(leagues).toHaveCount(5);
	await expect(leagues.last()).toContainText('Class 01');
	await expect(page.getByText('Page 2 of 2')).toBeVisible();
	await expectAccessible(page, 'leagues, the last page');
	await page.getByRole('link', { name: 'Previous page' }).click();
	await expect(leagues).toHaveCount(20);
});

/**
 * Stores `count` received cards of league `leagueId` in its inbox, copies of game `game`'s
 * record (an empty log), the n-th received `n` minutes after it; `states` gives the first
 * few their state (the rest count).
 */
async function receivedCards(
	page: Page,
	leagueId: string,
	game: Record<string, unknown>,
	count: number,
	states: { state: string; reasons: { code: string }[] }[]
) {
	const entry = (n: number) => {
		const gameId = crypto.randomUUID();
		const fingerprint = n.toString(16).padStart(64, '0');
		const { state, reasons } = states[n - 1] ?? { state: 'counted', reasons: [] };
		return {
			id: `${gameId}:${fingerprint}`,
			leagueId,
			gameId,
			fingerprint,
			receivedAt: minutesAfter(game.createdAt, n),
			state,
			reasons,
			names: {},
			content: fingerprint,
			card: { game: { ...game, id: gameId }, events: [], signatures: [] }
		};
	};
	await putRecords(
		page,
		'inbox',
		Array.from({ length: count }, (_, i) => entry(i + 1))
	);
}

test('a school’s inbox shows 30 cards at a time, the latest first, or only those waiting or refused', async ({
	page
}) => {
	test.slow();
	const league = await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben', 'Cara']);
	await sessionWithGroups(page, '2026-01-12');
	await page.getByRole('button', { name: 'Start Group 1’s game' }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	const game = await readRecord(page, 'games', page.url().split('/').at(-1) as string);
	// The oldest waits for the instructor; the next two were refused.
	await receivedCards(page, league.split('/')[2]!, game, 36, [
		{ state: 'conflict', reasons: [{ code: 'inbox-no-sender' }] },
		{ state: 'refused', reasons: [{ code: 'inbox-changed' }] },
		{ state: 'refused', reasons: [{ code: 'inbox-changed' }] }
	]);

	await page.goto(league);
	await leagueTab(page, 'Inbox');
	const cards = page.locator('ul.entries > li');
	await expect(cards).toHaveCount(30);
	const shown = page.getByRole('navigation', { name: 'Which cards' });
	await expect(shown.getByRole('link', { name: 'Waiting for you (1)' })).toBeVisible();
	await expect(shown.getByRole('link', { name: 'Not counted (2)' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Latest cards' })).toHaveCount(0);
	await expectAccessible(page, 'inbox, the first page of 36');

	await page.getByRole('link', { name: 'Earlier cards' }).click();
	await expect(cards).toHaveCount(6);
	await expect(cards.last()).toContainText('Waits for you');
	// The page is in the address: a reload shows the same cards.
	await page.reload();
	await expect(cards).toHaveCount(6);
	await expect(page.getByRole('link', { name: 'Earlier cards' })).toHaveCount(0);
	await expectAccessible(page, 'inbox, the last page');
	await page.getByRole('link', { name: 'Latest cards' }).click();
	await expect(cards).toHaveCount(30);

	await shown.getByRole('link', { name: 'Not counted (2)' }).click();
	await expect(cards).toHaveCount(2);
	await expect(cards.first()).toContainText('Does not count');
	await expect(shown.getByRole('link', { name: 'Not counted (2)' })).toHaveAttribute(
		'aria-current',
		'page'
	);
	await expectAccessible(page, 'inbox, the refused cards');
	await shown.getByRole('link', { name: 'Waiting for you (1)' }).click();
	await expect(cards).toHaveCount(1);
	await expect(cards.first()).toContainText('Waits for you');
	await snap(page, 'inbox-waiting');
});
