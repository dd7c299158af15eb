import { type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { leagueTab } from './league-helpers';
import { snap } from './snap';
import { measure } from './support';

/** A class list as a gradebook exports it: an id column, last and first names, quoting. */
const ROSTER_CSV = [
	'\uFEFFId,Last name,First name',
	'1,López,Ana',
	'2,Okafor,Ben',
	'3,"Singh, Jr.",Cara',
	'4,Dubois,Dan',
	'5,Evans,Eve',
	'6,Okafor,Ben',
	'7,,',
	'8,Fischer,Fay',
	'9,Garcia,Gus'
].join('\r\n');

async function createLeague(page: Page, name: string) {
	await page.goto('/league');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('League');
	await page.getByRole('link', { name: 'New league' }).first().click();
	await page.getByLabel('League name').fill(name);
	await page.getByLabel('Term name').fill('Trimester 2');
	await page.getByLabel('First day').fill('2026-01-05');
	await page.getByLabel('Last day').fill('2026-03-27');
	await page.getByRole('button', { name: 'Create the league' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roster');
}

async function importRoster(page: Page) {
	await page.getByText('Import a CSV file').click();
	await page.getByLabel('CSV file (from').setInputFiles({
		name: 'period-3.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from(ROSTER_CSV, 'utf8')
	});
	// The header was recognised; first names then last names are picked, and the id column.
	await expect(page.getByLabel('The first row holds column titles')).toBeChecked();
	await expect(page.getByLabel('Name column')).toHaveValue('2');
	await expect(page.getByLabel('Then add (last name)')).toHaveValue('1');
	await expect(page.getByRole('status').filter({ hasText: 'to add' })).toHaveText(
		'7 students to add, 2 rows left out.'
	);
	const preview = page.getByRole('table');
	await expect(preview.getByRole('row', { name: /Cara Singh, Jr\./ })).toContainText('Add');
	// The Id column is kept as the student id (issue 17). Rows by position: the header, then
	// the file's rows 2 to 10.
	await expect(page.getByLabel('Student id or e-mail column')).toHaveValue('0');
	await expect(preview.getByRole('row').nth(1)).toHaveText(/^2\s*Ana López\s*1\s*Add$/);
	await expect(preview.getByRole('row').nth(6)).toContainText('Same name as row 3.');
	await expect(preview.getByRole('row').nth(7)).toContainText('No name in this row.');
	await page.getByRole('button', { name: 'Add 7 students' }).click();
	await expect(page.getByRole('heading', { name: '7 students' })).toBeVisible();
}

test('an instructor creates a league, imports the class, runs a session and starts a group’s game', async ({
	page
}) => {
	await createLeague(page, 'Period 3');
	await importRoster(page);

	// Nothing was stored before the confirmation: the roster shows exactly the seven.
	const students = page.getByRole('region', { name: '7 students' }).getByRole('link');
	// By family name, as a gradebook lists them.
	await expect(students).toHaveText([
		'Dan Dubois',
		'Eve Evans',
		'Fay Fischer',
		'Gus Garcia',
		'Ana López',
		'Ben Okafor',
		'Cara Singh, Jr.'
	]);

	await leagueTab(page, 'Sessions');
	await page.getByLabel('Day').fill('2026-01-12');
	await page.getByRole('button', { name: 'Start the session' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Session of');

	await page.getByRole('button', { name: 'Everyone' }).click();
	await expect(page.getByText('7 of 7 present')).toBeVisible();
	await page.getByRole('checkbox', { name: 'Gus Garcia' }).uncheck();
	await expect(page.getByText('6 of 7 present')).toBeVisible();

	await page.getByRole('button', { name: 'Form groups' }).click();
	const groups = page.getByRole('region', { name: /^Group \d$/ });
	await expect(groups).toHaveCount(2);
	await expect(groups.nth(0).getByRole('listitem')).toHaveCount(3);
	await expect(groups.nth(1).getByRole('listitem')).toHaveCount(3);

	// Five present: 3 and 2, and the page says why.
	await page.getByRole('checkbox', { name: 'Fay Fischer' }).uncheck();
	await page.getByRole('button', { name: 'Re-roll the groups' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'With 5 students' })).toBeVisible();
	await expect(groups.nth(0).getByRole('listitem')).toHaveCount(3);
	await expect(groups.nth(1).getByRole('listitem')).toHaveCount(2);

	// Move a student from the group of 3 to the pair: 2 and 3.
	const first = groups.nth(0).getByRole('listitem').first();
	const moved = (await first.locator('.player-name').textContent())?.trim() ?? '';
	await first
		.getByRole('combobox', { name: `Move ${moved} to` })
		.selectOption({ label: 'Group 2' });
	await expect(groups.nth(1).getByRole('listitem')).toHaveCount(3);
	await expect(groups.nth(1)).toContainText(moved);

	const seated = await groups.nth(1).locator('.player-name').allTextContents();
	await groups.nth(1).getByRole('button', { name: 'Start Group 2’s game' }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	for (const name of seated) {
		await expect(page.getByRole('button', { name: `Score for ${name.trim()}` })).toBeVisible();
	}

	// Back at the session, the group shows its game being played.
	await page.goBack();
	await expect(groups.nth(1).getByText('Playing')).toBeVisible();
	await expect(groups.nth(1).getByRole('link', { name: 'Open the game' })).toBeVisible();
});

test('the league pages keep every control at least 48px on a phone', async ({ page }) => {
	await createLeague(page, 'Period 5');
	await page.getByText('Paste a list').click();
	await page.getByLabel('One name per line').fill('Ana\nBen\nCara\nDan');
	await page.getByRole('button', { name: 'Add 4 students' }).click();
	for (const tab of ['Standings', 'Sessions', 'Cards', 'Roster', 'Files', 'Edit']) {
		await leagueTab(page, tab);
		const targets = await measure(page, 'main a, main button, main select, main .choice');
		for (const t of targets) {
			expect(t.height, `${tab}: ${t.name}`).toBeGreaterThanOrEqual(48);
			expect(t.width, `${tab}: ${t.name}`).toBeGreaterThanOrEqual(48);
		}
	}
});

test('the teacher’s tools: one row of sections, the roster found by name, groups by number, attendance and term kept', async ({
	page
}) => {
	// The New league form fits a 390 px phone (it was 396 px wide).
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto('/league/new');
	const form = page.locator('form').filter({ has: page.getByLabel('League name') });
	expect((await form.boundingBox())!.width).toBeLessThanOrEqual(390 - 24);
	await createLeague(page, 'Period 6');
	const names = Array.from(
		{ length: 24 },
		(_, i) => `Kid${String.fromCharCode(65 + i)} ${String.fromCharCode(90 - i)}ander`
	);
	await page.getByText('Paste a list').click();
	await page.getByLabel('One name per line').fill(names.join('\n'));
	await page.getByRole('button', { name: 'Add 24 students' }).click();
	const students = page.getByRole('region', { name: '24 students' }).getByRole('link');
	// Sorted by family name (Cander first), and found by part of a name.
	await expect(students.first()).toHaveText('KidX Cander');
	await page.getByLabel('Find a student').fill('kidc');
	await expect(students).toHaveText(['KidC Xander']);
	// Row actions in plain words, the name in each button's accessible name.
	await expect(page.getByRole('button', { name: 'Remove KidC Xander from the class' })).toHaveText(
		'Remove'
	);
	await page.getByLabel('Find a student').fill('nobody');
	await expect(page.getByText('No student’s name has “nobody” in it.')).toBeVisible();
	await expectAccessible(page, 'the roster, searched');
	await snap(page, 'roster-search');

	// A laptop: the sections in one row, the rest under More; no Server without a server.
	await page.setViewportSize({ width: 1280, height: 800 });
	const sections = page.getByRole('navigation', { name: 'League sections' });
	const tops = await sections
		.locator(':scope > ul > li')
		.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
	expect(new Set(tops).size).toBe(1);
	await expect(sections.getByRole('link', { name: 'Server' })).toHaveCount(0);
	await sections.getByText('More', { exact: true }).click();
	await expect(sections.getByRole('link', { name: 'Files' })).toBeVisible();
	await expectAccessible(page, 'the league sections, More open');
	await page.setViewportSize({ width: 390, height: 844 });

	// A day outside the term is refused in words, and no session is made.
	await leagueTab(page, 'Sessions');
	await page.getByLabel('Day').fill('2026-04-01');
	await page.getByRole('button', { name: 'Start the session' }).click();
	await expect(page.getByRole('alert')).toContainText('is after the term ends');
	await expect(page.getByRole('heading', { name: 'Sessions this term' })).toHaveCount(0);
	await expectAccessible(page, 'a day outside the term');

	// 24 present in 8 groups of 3, picked before forming.
	await page.getByLabel('Day').fill('2026-01-12');
	await page.getByRole('button', { name: 'Start the session' }).click();
	await expect(page.getByText('0 of 24 present')).toBeVisible();
	await page.getByRole('button', { name: 'Everyone' }).click();
	await page
		.getByRole('combobox', { name: 'How many groups' })
		.selectOption({ label: '8 groups of 3' });
	await expect(page.getByText('24 students to seat: 8 groups of 3')).toBeVisible();
	await page.getByRole('button', { name: 'Form groups' }).click();
	const groups = page.getByRole('region', { name: /^Group \d$/ });
	await expect(groups).toHaveCount(8);
	for (let i = 0; i < 8; i++) await expect(groups.nth(i).getByRole('listitem')).toHaveCount(3);
	// One main action: hand out; re-rolling and playing on the laptop are not filled buttons.
	await expect(page.getByRole('link', { name: 'Hand out to the groups’ phones' })).toHaveClass(
		/primary/
	);
	await expect(page.getByRole('button', { name: 'Re-roll the groups' })).not.toHaveClass(/primary/);
	await expect(
		page.getByRole('region', { name: 'Groups', exact: true }).locator('.button.primary')
	).toHaveCount(1);
	await expectAccessible(page, 'a session of 8 groups');
	await snap(page, 'session-groups');

	// The next session starts from this one's class, less whoever was marked absent.
	await page.getByRole('checkbox', { name: 'KidA Zander' }).uncheck();
	await expect(page.getByText('23 of 24 present')).toBeVisible();
	await leagueTab(page, 'Sessions');
	await page.getByLabel('Day').fill('2026-01-13');
	await page.getByRole('button', { name: 'Start the session' }).click();
	await expect(page.getByText('23 of 24 present')).toBeVisible();
	await expect(page.getByRole('checkbox', { name: 'KidA Zander' })).not.toBeChecked();
});

test('the fields for codes are at least 48px tall', async ({ page }) => {
	await page.goto('/league/join');
	await page.getByText('Type or paste a code’s text').click();
	const fields = await measure(page, 'main input:not([type="file"]):not(.visually-hidden)');
	expect(fields.length).toBeGreaterThanOrEqual(3);
	for (const field of fields) expect(field.height, field.name).toBeGreaterThanOrEqual(48);
});
