/**
 * The class hour, whole (issue 36): a laptop and 8 group phones, every device offline. The
 * teacher forms 8 groups of 2 by choosing the number and size of groups, hands them out, each
 * phone plays a 30-event game and its players sign, the teacher collects all 8 cards in collect
 * mode with one code each (a moving code is one scan), each phone scans its receipt, and a
 * correction made with the PIN counts in the standings at once.
 *
 * Kept cheap: each phone taps one score, its End game and its signatures; the other 28 counts
 * of its card are stored straight into its IndexedDB as the scorecard stores them (playing 224
 * counts through the count pad would take minutes, and the scorecard is tested elsewhere).
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { enterCodes, isFrame, readAllCodes } from './code-helpers';
import { score, shownTotals } from './game-helpers';
import { leagueWithRoster, setPin, signCard } from './league-helpers';
import { waitForServiceWorker } from './support';

const CLASS = [
	'Ana Alvarez',
	'Ben Brooks',
	'Cleo Chen',
	'Dev Dutta',
	'Eli Evans',
	'Fay Fox',
	'Gus Grant',
	'Hana Hill',
	'Ivo Ito',
	'Jo James',
	'Kai Kerr',
	'Lea Lund',
	'Max Moss',
	'Nia Nash',
	'Oto Ortiz',
	'Pia Park'
];
const GROUPS = 8;
/** Counts stored straight into each phone's log: with the tapped one and End game, 30 events. */
const SEEDED = 28;
/** The seeded counts, seat by seat in turn: the first player 5, 15, 5 …, the second 10, 20 … */
const countAt = (i: number) => [5, 10, 15, 20][i % 4] as number;
/** What each seat has once the first player's tapped 15 and the seeded counts are in. */
const TOTALS: [number, number] = [
	15 +
		Array.from({ length: SEEDED }, (_, i) => (i % 2 === 0 ? countAt(i) : 0)).reduce(
			(a, b) => a + b
		),
	Array.from({ length: SEEDED }, (_, i) => (i % 2 === 1 ? countAt(i) : 0)).reduce((a, b) => a + b)
];

async function offlineDevice(browser: Browser, width: number, height: number): Promise<Page> {
	const context = await browser.newContext({ viewport: { width, height } });
	const page = await context.newPage();
	await page.goto('/');
	await waitForServiceWorker(page);
	await context.setOffline(true);
	return page;
}

/**
 * Stores `SEEDED` counts after the events of game `id` in the page's IndexedDB, as the
 * scorecard's writes store them (same device, times after the last event), seats in turn.
 */
async function seedCounts(phone: Page, id: string): Promise<void> {
	await phone.evaluate(
		async ({ id, counts }) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const req = indexedDB.open('muggins-league');
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
			const done = (req: IDBRequest) =>
				new Promise<unknown>((resolve, reject) => {
					req.onsuccess = () => resolve(req.result);
					req.onerror = () => reject(req.error);
				});
			const tx = db.transaction(['games', 'logs'], 'readwrite');
			const games = tx.objectStore('games');
			const logs = tx.objectStore('logs');
			const game = (await done(games.get(id))) as { seats: string[]; updatedAt: string };
			type Stored = { seq: number; at: string; deviceId: string; [field: string]: unknown };
			const log = ((await done(logs.get(id))) as { events: Stored[] }).events;
			const last = log.at(-1) as Stored;
			let at = Date.parse(last.at);
			for (const [i, count] of counts.entries()) {
				at += 20_000;
				log.push({
					gameId: id,
					seq: last.seq + 1 + i,
					event: {
						// The id the store gives an event: its game's and its place (`rules/event-id.ts`).
						id: `${id}.${last.seq + 1 + i}`,
						type: 'score',
						player: game.seats[i % 2],
						count
					},
					at: new Date(at).toISOString(),
					deviceId: last.deviceId,
					redoOf: null
				});
			}
			logs.put({ gameId: id, events: log });
			games.put({ ...game, updatedAt: new Date(at).toISOString() });
			await new Promise<void>((resolve, reject) => {
				tx.oncomplete = () => resolve();
				tx.onerror = () => reject(tx.error);
			});
			db.close();
		},
		{ id, counts: Array.from({ length: SEEDED }, (_, i) => countAt(i)) }
	);
}

test('a class hour: 8 groups formed, handed out, played, signed, collected in 16 scans, corrected', async ({
	browser
}) => {
	// Nine devices through a whole hour, 16 signatures drawn: a long story, not a slow app.
	test.setTimeout(900_000);
	const page = await offlineDevice(browser, 1280, 800);
	const league = await leagueWithRoster(page, 'Period 6', CLASS);
	await page.getByRole('navigation', { name: 'League sections' }).getByText('More').click();
	await page.getByRole('link', { name: 'Sessions', includeHidden: true }).click();
	await page.getByLabel('Day').fill('2026-11-24');
	await page.getByRole('button', { name: 'Start the session' }).click();
	await page.getByRole('button', { name: 'Everyone' }).click();

	// Formed by size: the choice names the number of groups and the players at each table.
	const plan = page.getByLabel('How many groups');
	await expect(plan.getByRole('option', { name: '4 groups of 4' })).toHaveCount(1);
	await plan.selectOption({ label: `${GROUPS} groups of 2` });
	await expect(page.getByText(`16 students to seat: ${GROUPS} groups of 2`)).toBeVisible();
	await page.getByRole('button', { name: 'Form groups' }).click();
	await expect(page.getByRole('region', { name: /^Group \d$/ })).toHaveCount(GROUPS);
	const session = page.url();

	// Handed out: each phone joins with its group's code, plays, and its two players sign.
	await page.getByRole('link', { name: 'Hand out to the groups’ phones' }).click();
	const phones: { page: Page; id: string; players: string[] }[] = [];
	for (let n = 1; n <= GROUPS; n++) {
		const region = page.getByRole('region', { name: `Group ${n}`, exact: true });
		const players = (await region.locator('.names').textContent())?.split(', ') ?? [];
		expect(players).toHaveLength(2);
		const codes = await readAllCodes(page, region);
		const phone = await offlineDevice(browser, 390, 844);
		await phone.goto('/league/join');
		await enterCodes(phone, codes);
		await phone.waitForURL(/\/game\/[0-9a-f-]{36}$/);
		const id = phone.url().split('/').at(-1) as string;
		await score(phone, players[0] as string, 15);
		await seedCounts(phone, id);
		await phone.reload();
		await expect
			.poll(() => shownTotals(phone))
			.toEqual({ [players[0] as string]: TOTALS[0], [players[1] as string]: TOTALS[1] });
		await phone.getByRole('button', { name: 'End game' }).click();
		await phone.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
		// The end is stored before the sign page is opened (on a quiet machine it was not yet).
		await expect(phone.getByRole('heading', { name: / wins$/ })).toBeVisible();
		await signCard(phone, id);
		phones.push({ page: phone, id, players });
	}

	// Collected: one code read from each phone, one receipt read by each phone.
	await page.goto(session);
	await page.getByRole('button', { name: 'Collect the cards' }).click();
	const collect = page.getByRole('region', { name: 'Collecting the cards' });
	await expect(collect.getByText(`0 of ${GROUPS} groups’ cards received`)).toBeVisible();
	let scans = 0;
	let moving = 0;
	/** Milliseconds spent reading codes off screens and typing them in: the scanning alone. */
	let scanning = 0;
	const timed = async <T>(work: () => Promise<T>): Promise<T> => {
		const start = Date.now();
		try {
			return await work();
		} finally {
			scanning += Date.now() - start;
		}
	};
	for (const [i, { page: phone }] of phones.entries()) {
		const n = i + 1;
		// Opened now, not as each group finished: eight moving codes looping at once on one
		// machine's phones would only slow the test.
		await phone.goto(league);
		await phone.getByRole('link', { name: /^Turn in all our cards/ }).click();
		const card = await timed(() =>
			readAllCodes(phone, phone.getByRole('region', { name: /^1\. Show/ }))
		);
		// One code: a plain one, or the pictures of one moving code.
		expect(card.length === 1 || card.every(isFrame)).toBe(true);
		if (card.every(isFrame)) moving += 1;
		scans += 1;
		await timed(() => enterCodes(page, card, collect));
		await expect(collect.getByText(`Group ${n}: 1 of 1 cards received`)).toBeVisible();
		await expect(collect.getByText(`${n} of ${GROUPS} groups’ cards received`)).toBeVisible();
		// The group's card on the same page says it too, without a reload.
		const below = page.getByRole('region', { name: `Group ${n}`, exact: true });
		await expect(below.locator('header .pill')).toHaveText(['Signed', 'Received']);
		const receiptRegion = collect.getByRole('region', {
			name: `Receipt for Group ${n}, Tue 24 Nov 2026`
		});
		const receipt = await timed(() => readAllCodes(page, receiptRegion));
		expect(receipt).toHaveLength(1);
		scans += 1;
		await timed(() => enterCodes(phone, receipt));
		await expect(phone.getByText('The instructor received 1 card.').first()).toBeVisible();
	}
	console.log(
		`class hour: ${GROUPS} groups collected with ${scans} scans (${moving} moving codes), ` +
			`${(scanning / 1000).toFixed(1)} s of scanning in the test's clock`
	);
	expect(scans).toBe(16);
	await expect(collect.locator('.rows li')).toContainText(Array(GROUPS).fill('Received'));
	await expectAccessible(page, 'collect mode, a class collected');

	// Every phone's card shows as received on the phone too.
	for (const { page: phone } of phones) {
		await phone.goto(league);
		const cards = phone.getByRole('region', { name: 'Our cards' });
		await expect(cards.locator('.card-list .pill')).toHaveText(['Received']);
		await expect(phone.getByRole('link', { name: /^Turn in all our cards/ })).toHaveCount(0);
	}

	// A correction with the PIN counts at once: group 1's first player, who lost, wins now.
	const { id, players } = phones[0] as (typeof phones)[number];
	const [first, second] = players as [string, string];
	await page.goto(league);
	const rowOf = (name: string) =>
		page.getByRole('table').getByRole('row').filter({ hasText: name });
	await expect(rowOf(first)).toContainText(String(TOTALS[0]));
	await setPin(page, '2468');
	await page.goto(`${league}/cards/${id}`);
	await page.reload();
	const form = page.getByRole('form', { name: 'Correct a score' });
	await form.getByRole('radio', { name: first }).check();
	await form.getByLabel('Points to add').fill('60');
	await form.getByLabel('Reason').fill('Two counts of 30 were not written down');
	await form.getByRole('button', { name: 'Correct the score' }).click();
	const sheet = page.getByRole('dialog', { name: 'Instructor PIN' });
	await sheet.getByLabel('PIN').fill('2468');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(sheet).toBeHidden();
	await expect(
		page.getByText('Signed by every player, then corrected by the instructor')
	).toBeVisible();
	await page.goto(league);
	const corrected = TOTALS[0] + 60;
	expect(corrected).toBeGreaterThan(TOTALS[1]);
	await expect(rowOf(first)).toContainText(String(corrected));
	await expect(page.getByRole('region', { name: 'Corrected by the instructor' })).toContainText(
		`${first} +60 (was ${TOTALS[0]}, now ${corrected})`
	);
	await expect(rowOf(second)).toContainText(String(TOTALS[1]));
	await expectAccessible(page, 'standings after a class hour and a correction');
});
