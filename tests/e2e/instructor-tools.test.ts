import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, expectAccessible, test } from './a11y';
import {
	groupPlayers,
	leagueTab,
	leagueWithRoster,
	playGroupGame,
	sessionWithGroups,
	setPin,
	signCard
} from './league-helpers';
import { snap } from './snap';

const CLASS = ['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Fay'];

test('every card of a session prints in one job, one card a page, each saying where it was played', async ({
	page
}) => {
	// Two games played through, and every state checked by axe: a long test, not a slow app.
	test.slow();
	const league = await leagueWithRoster(page, 'Period 4', CLASS);
	const session = await sessionWithGroups(page, '2026-01-14');
	const [g1, g2] = [await groupPlayers(page, 1), await groupPlayers(page, 2)];
	const first = await playGroupGame(page, 1, [15, 10, 5]);
	await signCard(page, first);
	await page.goto(session);
	await playGroupGame(page, 2, [20, 5]);

	// The cards list tells the two cards of the same day apart by their group.
	await page.goto(`${league}/cards`);
	const items = page.locator('.cards > li');
	await expect(items).toHaveCount(2);
	await expect(items.getByText(/^Session 1 · Group 1 · /)).toHaveCount(1);
	await expect(items.getByText(/^Session 1 · Group 2 · /)).toHaveCount(1);
	await expectAccessible(page, 'the cards list');
	await snap(page, 'cards-list');

	await page.goto(session);
	await page.getByRole('link', { name: 'Print this session’s cards' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(
		/^Print the cards of session 1, /
	);
	const sheets = page.getByRole('list', { name: 'Score cards' }).getByRole('listitem');
	await expect(sheets).toHaveCount(2);
	for (const [i, players] of [g1, g2].entries()) {
		const sheet = sheets.nth(i);
		await expect(sheet.locator('.league')).toHaveText(
			new RegExp(`^Period 4 · Session 1 · Group ${i + 1} · `)
		);
		for (const p of players) await expect(sheet.getByRole('table')).toContainText(p);
	}
	await expect(sheets.nth(0).locator('.status')).toHaveText('Signed');
	await expect(sheets.nth(1).locator('.status')).toHaveText('Not signed');
	await expectAccessible(page, 'the session’s print page');
	await snap(page, 'print-session');

	// On paper: only the cards, each starting a new page.
	await page.emulateMedia({ media: 'print' });
	await expect(page.locator('.controls')).toBeHidden();
	await expect(page.getByRole('navigation', { name: 'League sections' })).toBeHidden();
	const breaks = await sheets.evaluateAll((els) => els.map((e) => getComputedStyle(e).breakAfter));
	expect(breaks).toEqual(['page', 'auto']);
	await page.emulateMedia({ media: 'screen' });

	// The whole term from the cards list: the same two cards.
	await page.goto(`${league}/cards`);
	await page.getByRole('link', { name: 'Print every card of the term' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print every card of the term');
	await expect(sheets).toHaveCount(2);
	await leagueTab(page, 'Cards');
	await expect(items).toHaveCount(2);
});

test('the instructor’s correction of a signed card counts at once: the card, the standings, the print and the CSV say so with the reason and the old score, and it can be withdrawn (issue 36)', async ({
	page
}) => {
	test.slow();
	const league = await leagueWithRoster(page, 'Period 5', CLASS.slice(0, 3));
	await sessionWithGroups(page, '2026-01-15');
	const players = await groupPlayers(page, 1);
	const [first, second] = players as [string, string, string];
	const id = await playGroupGame(page, 1, [15, 10, 5]);
	await signCard(page, id);
	await page.goto(league);
	await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(first);
	await setPin(page, '2468');

	// A new visit starts locked: the correction asks for the PIN.
	await page.goto(`${league}/cards/${id}`);
	await page.reload();
	const form = page.getByRole('form', { name: 'Correct a score' });
	await form.getByRole('radio', { name: second }).check();
	await form.getByLabel('Points to add').fill('10');
	await expect(form).toContainText('your correction counts at once');
	await expectAccessible(page, 'the correction form');
	await snap(page, 'correction-form');
	await form.getByRole('button', { name: 'Correct the score' }).click();
	await expect(form.getByRole('alert')).toHaveText('Say why the score is corrected.');
	await form.getByLabel('Reason').fill('A 10 in hand 1 was not written down');
	await form.getByRole('button', { name: 'Correct the score' }).click();
	const sheet = page.getByRole('dialog', { name: 'Instructor PIN' });
	await expect(sheet).toContainText('Correcting a score needs the instructor’s PIN.');
	await sheet.getByLabel('PIN').fill('2468');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(sheet).toBeHidden();

	// The card: still signed and counting, corrected by the instructor, old score and reason.
	const words = `${second} +10 (was 10, now 20). Reason: A 10 in hand 1 was not written down`;
	await expect(
		page.getByText('Signed by every player, then corrected by the instructor')
	).toBeVisible();
	await expect(page.getByRole('region', { name: 'Corrected by the instructor' })).toContainText(
		words
	);
	const totals = page.getByRole('region', { name: 'Final score' });
	await expect(totals.getByRole('listitem').filter({ hasText: second })).toContainText('20');
	await expect(totals.getByRole('listitem').filter({ hasText: second })).toContainText('Winner');
	await expectAccessible(page, 'a card corrected after signing');
	await snap(page, 'corrected-card');

	// The players' signatures stand: nobody is asked to sign again.
	await page.goto(`/game/${id}/sign`);
	await expect(page.locator('.seal.signed')).toContainText('Signed');
	await expect(page.getByText('Signed an earlier version: must sign again')).toHaveCount(0);

	// The standings: the second player is now champion with the corrected points, and the note.
	await page.goto(league);
	const top = page.getByRole('table').getByRole('row').nth(1);
	await expect(top).toContainText(second);
	await expect(top).toContainText('Champion');
	await expect(top).toContainText('20');
	await expect(page.getByRole('region', { name: 'Corrected by the instructor' })).toContainText(
		words
	);
	await expectAccessible(page, 'the standings with a corrected card');
	await snap(page, 'corrected-standings');

	// The printed card lists the correction apart, as the instructor's.
	await page.goto(`/game/${id}/print`);
	await expect(
		page.getByRole('list', { name: 'Corrected by the instructor after signing' })
	).toContainText(`Corrected by the instructor: ${words}`);
	await expectAccessible(page, 'the print of a corrected card');

	// The games CSV: the corrected points, the result, and the correction beside them.
	await page.goto(`${league}/files`);
	const rows = (await downloadCsv(page, 'games')).filter((r) => r.Student === second);
	expect(rows.map((r) => [r.Points, r.Result, r.Counts, r['Corrected by the instructor']])).toEqual(
		[['20', 'won', 'yes', words]]
	);

	// Withdrawn, as it was made, with the PIN: the card counts as the players signed it.
	await page.goto(`${league}/cards/${id}`);
	await page.getByRole('button', { name: 'Withdraw this correction' }).click();
	await expect(sheet).toContainText('Withdrawing a correction needs the instructor’s PIN.');
	await sheet.getByLabel('PIN').fill('2468');
	await sheet.getByRole('button', { name: 'Unlock' }).click();
	await expect(page.getByText('Signed by every player: it counts in the standings.')).toBeVisible();
	await expect(page.getByRole('region', { name: 'Corrected by the instructor' })).toHaveCount(0);
	await expectAccessible(page, 'a card whose correction was withdrawn');
	await page.goto(league);
	await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(first);
	await expect(page.getByRole('region', { name: 'Corrected by the instructor' })).toHaveCount(0);
});

test('the projected standings show first names, the top places, and only students who have played', async ({
	page
}) => {
	test.slow();
	const league = await leagueWithRoster(page, 'Period 6', [
		'Ana Bell',
		'Ana Diaz',
		'Ben Cole',
		'Dev Eze',
		'Eli Fox'
	]);
	await sessionWithGroups(page, '2026-01-16');
	const played = await groupPlayers(page, 1);
	const id = await playGroupGame(page, 1, [15, 10, 5]);
	await signCard(page, id);
	await page.goto(league);
	const rows = page.getByRole('table').getByRole('row');
	await expect(rows).toHaveCount(6);

	await page.getByRole('checkbox', { name: 'Only students who have played' }).check();
	await expect(rows).toHaveCount(1 + played.length);
	await page.getByRole('checkbox', { name: 'Only students who have played' }).uncheck();
	await expect(rows).toHaveCount(6);
	// Places 1-3 are the three who played; the two others share 4th.
	await page.getByRole('radio', { name: 'Top 3' }).check();
	await expect(rows).toHaveCount(4);
	await page.getByRole('checkbox', { name: 'First names only' }).check();
	const winner = played[0]!;
	const [first, last] = winner.split(' ') as [string, string];
	await expect(rows.nth(1).getByRole('link')).toHaveText(
		first === 'Ana' ? `Ana ${last[0]}.` : first
	);
	await page.getByRole('button', { name: 'Projector view' }).click();
	await expectAccessible(page, 'the projector view with its options');
	await snap(page, 'projector-options');
});

/** Downloads the Files page's `title` CSV and reads it into rows keyed by the header. */
async function downloadCsv(page: Page, title: string): Promise<Record<string, string>[]> {
	// No one answers a save dialog here: the download fallback (a Blob of parts) is what runs.
	await page.evaluate(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: `Download ${title} CSV` }).click()
	]);
	const text = await readFile(await download.path(), 'utf8');
	expect(text.charCodeAt(0)).toBe(0xfeff);
	return Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true })
		.data;
}

/** A CSV file for a file input. */
const csvFile = (name: string, lines: string[]) => ({
	name,
	mimeType: 'text/csv',
	buffer: Buffer.from(lines.join('\r\n'), 'utf8')
});

test('a class list’s student id column is kept: the roster shows the ids, and the CSVs carry them beside the names', async ({
	page
}) => {
	test.slow();
	await page.goto('/league/new');
	await page.getByLabel('League name').fill('Period 6');
	await page.getByRole('button', { name: 'Create the league' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roster');
	const league = new URL(page.url()).pathname.replace(/\/roster$/, '');

	await page.getByText('Import a CSV file').click();
	await page
		.getByLabel(/^CSV file/)
		.setInputFiles(
			csvFile('period6.csv', [
				'Student ID,First name,Last name,Email',
				'S-1001,Ana,Lee,ana@school.org',
				'S-1002,Ben,Okafor,ben@school.org',
				'S-1003,Cara,Singh,cara@school.org',
				'S-1002,Dan,Wu,dan@school.org'
			])
		);
	// The id column is guessed from its title; the instructor can pick another, or none.
	const idColumn = page.getByLabel('Student id or e-mail column');
	await expect(idColumn.locator('option:checked')).toHaveText('Student ID (e.g. S-1001)');
	const preview = page.getByRole('region', { name: 'Rows to import' });
	await expect(preview.getByRole('row').nth(4)).toContainText('Same student id as row 3.');
	await expectAccessible(page, 'the import preview with student ids');
	await snap(page, 'import-ids');
	await idColumn.selectOption({ label: 'Email (e.g. ana@school.org)' });
	await expect(preview.getByRole('row').nth(1)).toHaveText(/Ana Lee\s*ana@school\.org\s*Add/);
	await idColumn.selectOption({ label: 'Student ID (e.g. S-1001)' });
	await page.getByRole('button', { name: 'Add 3 students' }).click();
	await expect(page.getByRole('heading', { name: '3 students' })).toBeVisible();

	// The roster shows each id and edits it with the name.
	const students = page.getByRole('list').filter({ hasText: 'Ana Lee' }).getByRole('listitem');
	await expect(students).toHaveText([/Ana Lee\s*Student id: S-1001/, /Ben Okafor/, /Cara Singh/]);
	await page.getByRole('button', { name: 'Edit Ben Okafor' }).click();
	const idField = page.getByLabel('Student id or e-mail (for the gradebook)');
	await idField.fill('S-1001');
	await page.getByRole('button', { name: 'Save', exact: true }).click();
	await expect(page.getByRole('alert')).toHaveText(
		'Ana Lee already has the student id “S-1001”: each student needs their own.'
	);
	await idField.fill(' S-2002 ');
	await page.getByRole('button', { name: 'Save', exact: true }).click();
	await expect(students.nth(1)).toHaveText(/Ben Okafor\s*Student id: S-2002/);
	await expectAccessible(page, 'the roster with student ids');

	await sessionWithGroups(page, '2026-01-14');
	const seats = await groupPlayers(page, 1);
	await signCard(page, await playGroupGame(page, 1, [15, 10, 5]));
	await page.goto(`${league}/files`);
	const gradebook = await downloadCsv(page, 'gradebook');
	const ids = ['S-1001', 'S-2002', 'S-1003'];
	expect(gradebook.map((r) => Object.values(r))).toEqual(
		['Ana Lee', 'Ben Okafor', 'Cara Singh'].map((name, i) => {
			const seat = seats.indexOf(name);
			return [ids[i], name, '1', seat === 0 ? '1' : '0', '0', String([15, 10, 5][seat])];
		})
	);
	const games = await downloadCsv(page, 'games');
	expect(games).toHaveLength(3);
	for (const row of games) {
		expect(row).toMatchObject({ Game: 'Wed 14 Jan 2026, Session 1, Group 1', 'Game no.': '1' });
		expect(row['Student id']).toBe(
			{ 'Ana Lee': 'S-1001', 'Ben Okafor': 'S-2002', 'Cara Singh': 'S-1003' }[row.Student!]
		);
	}
	const standings = await downloadCsv(page, 'standings');
	expect(standings.map((r) => r['Student id']).sort()).toEqual(['S-1001', 'S-1003', 'S-2002']);
});

test('a OneRoster export (users.csv with enrollments.csv) imports the class picked, with ids, without its teacher', async ({
	page
}) => {
	await page.goto('/league/new');
	await page.getByLabel('League name').fill('Math 7');
	await page.getByRole('button', { name: 'Create the league' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roster');
	await page.getByText('Import a CSV file').click();
	const input = page.getByLabel(/^CSV file/);

	const users = csvFile('users.csv', [
		'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
		'u1,active,,true,org1,student,alee,,Ana,Lee,,S-1001,ana@school.org,,,,07,',
		'u2,active,,true,org1,teacher,tgray,,Tom,Gray,,T-9,tom@school.org,,,,,',
		'u3,active,,true,org1,student,bok,,Ben,Okafor,,,ben@school.org,,,,07,',
		'u4,active,,true,org1,student,cs,,Cara,Singh,,S-1003,,,,,07,'
	]);
	const enrollments = csvFile('enrollments.csv', [
		'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
		'e1,active,,c1,org1,u1,student,false,,',
		'e2,active,,c1,org1,u2,teacher,true,,',
		'e3,active,,c1,org1,u3,student,false,,',
		'e4,active,,c2,org1,u4,student,false,,'
	]);
	const classes = csvFile('classes.csv', [
		'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
		'c1,active,,Math 7 Period 3,07,k1,M7-3,scheduled,,org1,t1,,,3',
		'c2,active,,Art 7,07,k2,A7,scheduled,,org1,t1,,,5'
	]);

	// users.csv alone: a plain message says which file is missing, and nothing is offered.
	await input.setInputFiles([users]);
	await expect(page.getByRole('alert')).toHaveText(
		'Pick enrollments.csv too: a OneRoster class list comes as users.csv with enrollments.csv (pick both files at once).'
	);
	await expect(page.getByRole('button', { name: /^Add \d/ })).toHaveCount(0);

	await input.setInputFiles([users, enrollments, classes]);
	const cls = page.getByRole('combobox', { name: 'Class', exact: true });
	await expect(cls.locator('option')).toHaveText([
		'Art 7 (1 student)',
		'Math 7 Period 3 (2 students)'
	]);
	await cls.selectOption({ label: 'Math 7 Period 3 (2 students)' });
	const preview = page.getByRole('region', { name: 'Rows to import' });
	await expect(preview.getByRole('row')).toHaveText([
		/Row\s*Name\s*Student id\s*Import/,
		/Ana Lee\s*S-1001\s*Add/,
		/Ben Okafor\s*ben@school\.org\s*Add/
	]);
	await expectAccessible(page, 'a OneRoster class picked');
	await snap(page, 'import-oneroster');
	await page.getByRole('button', { name: 'Add 2 students' }).click();
	await expect(page.getByRole('heading', { name: '2 students' })).toBeVisible();
	const students = page.getByRole('list').filter({ hasText: 'Ana Lee' }).getByRole('listitem');
	await expect(students).toHaveText([
		/Ana Lee\s*Student id: S-1001/,
		/Ben Okafor\s*Student id: ben@school\.org/
	]);
	await expect(page.getByText('Tom Gray')).toHaveCount(0);
	await page.getByRole('link', { name: 'Ana Lee' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ana Lee');
	await expect(page.getByText('Student id: S-1001')).toBeVisible();
});
