import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, test } from './a11y';
import Papa from 'papaparse';
import {
	groupPlayers,
	leagueTab,
	leagueWithRoster,
	playGroupGame,
	sessionWithGroups,
	signCard
} from './league-helpers';

const CLASS = ['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Fay'];

test('two games played and signed decide the champion, the CSV says so, and a void changes it', async ({
	page
}) => {
	const league = await leagueWithRoster(page, 'Period 3', CLASS);
	const session = await sessionWithGroups(page, '2026-01-12');
	const [g1, g2] = [await groupPlayers(page, 1), await groupPlayers(page, 2)];
	expect(g1).toHaveLength(3);
	expect(g2).toHaveLength(3);

	// Group 1: its first player wins with 15. Group 2: its first player wins with 20.
	const first = await playGroupGame(page, 1, [15, 10, 5]);
	await signCard(page, first);
	await page.goto(session);
	const second = await playGroupGame(page, 2, [20, 5]);
	await signCard(page, second);

	await page.goto(session);
	const groups = page.getByRole('region', { name: /^Group \d$/ });
	await expect(groups.nth(0).getByText('Signed')).toBeVisible();
	await expect(groups.nth(1).getByText('Signed')).toBeVisible();

	await leagueTab(page, 'Standings');
	await expect(page.getByText('2 signed cards count')).toBeVisible();
	const rows = page.getByRole('table').getByRole('row');
	await expect(rows.nth(1)).toContainText(g2[0]!);
	await expect(rows.nth(1)).toContainText('Champion');
	await expect(rows.nth(2)).toContainText(g1[0]!);
	await expect(rows.nth(2)).toContainText('Runner-up');
	await expect(page.getByText('Champion', { exact: true })).toHaveCount(1);

	// Each one's own page: their numbers, then where they stand in the whole league.
	for (const [row, honour, points] of [
		[1, 'Champion', '20'],
		[2, 'Runner-up', '15']
	] as const) {
		await rows.nth(row).getByRole('link').click();
		const title = page.getByRole('heading', { level: 1 });
		await expect(title).toContainText(honour);
		await expect(page.getByRole('definition').nth(3)).toHaveText(points);
		await expectAccessible(page, `the ${honour.toLowerCase()}'s page`);
		// On the narrowest phones too, the games table fits the screen: no sideways scrolling.
		await page.setViewportSize({ width: 320, height: 640 });
		const games = page.getByRole('table');
		await expect(games).toContainText('Won');
		const sideways = await games.evaluate((t) => {
			const wrap = t.parentElement!;
			return { scroll: wrap.scrollWidth, width: wrap.clientWidth };
		});
		expect(sideways.scroll, 'the table is wider than its place').toBeLessThanOrEqual(
			sideways.width
		);
		await page.setViewportSize({ width: 390, height: 844 });
		await page.goBack();
	}

	await leagueTab(page, 'Files');
	// No one answers a save dialog here: the download fallback (a Blob of parts) is what runs.
	await page.evaluate(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'Download standings CSV' }).click()
	]);
	expect(download.suggestedFilename()).toMatch(
		/^muggins-period-3-standings-\d{4}-\d{2}-\d{2}\.csv$/
	);
	const text = await readFile(await download.path(), 'utf8');
	expect(text.charCodeAt(0)).toBe(0xfeff);
	const csv = Papa.parse<Record<string, string>>(text.slice(1), {
		header: true,
		skipEmptyLines: true
	}).data;
	expect(csv).toHaveLength(CLASS.length);
	expect(csv[0]).toMatchObject({
		Place: '1',
		Student: g2[0],
		Won: '1',
		Points: '20',
		Honour: 'champion'
	});
	expect(csv[1]).toMatchObject({
		Place: '2',
		Student: g1[0],
		Won: '1',
		Points: '15',
		Honour: 'runner-up'
	});
	expect(csv.filter((r) => r.Played === '1')).toHaveLength(6);

	// The instructor sets a PIN, then voids Group 2's card: Group 1's winner is champion.
	await page.goto('/settings');
	await page.getByRole('button', { name: 'Set a PIN' }).click();
	await page.getByLabel('New PIN (4 to 12 digits)').fill('2468');
	await page.getByLabel('New PIN again').fill('2468');
	await page.getByRole('button', { name: 'Save the PIN' }).click();
	await expect(page.getByText('The PIN is set.')).toBeVisible();
	// A new visit starts locked (the unlock lasts only in the open page).
	await page.goto(`${league}/cards/${second}`);
	await page.reload();
	await page.getByLabel('Reason for voiding').fill('Played with a stranger');
	await page.getByRole('button', { name: 'Void this card' }).click();
	const sheet = page.getByRole('dialog', { name: 'Instructor PIN' });
	await sheet.getByLabel('PIN').fill('1111');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(sheet.getByText('That PIN is not right.')).toBeVisible();
	await sheet.getByLabel('PIN').fill('2468');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(sheet).toBeHidden();
	await expect(page.getByText('Voided: it is kept, but does not count.')).toBeVisible();

	await leagueTab(page, 'Standings');
	await expect(page.getByText('1 signed card counts')).toBeVisible();
	await expect(rows.nth(1)).toContainText(g1[0]!);
	await expect(rows.nth(1)).toContainText('Champion');
});

test('the standings never cut a column off: they fit a laptop, and a phone is told to scroll', async ({
	page
}) => {
	await leagueWithRoster(page, 'Period 4', [
		'Maximilian Oberholzer-Castellanos',
		'Dominique Alvarez',
		'Gus Reed'
	]);
	await leagueTab(page, 'Standings');
	const table = page.getByRole('table');
	await expect(table.getByRole('row')).toHaveCount(4);
	const cue = page.getByText('Scroll the table sideways to see every column');
	/** How much wider than the box around it the table is, in pixels (0 when it fits). */
	const wider = () =>
		table.evaluate((t) => {
			const box = t.closest('[class*="scroll-x"]') ?? t.parentElement!;
			return Math.max(0, box.scrollWidth - box.clientWidth);
		});
	// A laptop: every column in view ("Points p" was cut off at 1280 px), and no cue.
	await page.setViewportSize({ width: 1280, height: 800 });
	await expect.poll(wider).toBe(0);
	await expect(cue).toBeHidden();
	await expectAccessible(page, 'the standings at 1280 px');
	// A phone: the table scrolls, and says so above itself.
	for (const width of [390, 320]) {
		await page.setViewportSize({ width, height: 844 });
		await expect.poll(wider).toBeGreaterThan(0);
		await expect(cue).toBeVisible();
	}
	await expectAccessible(page, 'the standings on a phone');
});
