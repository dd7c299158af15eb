/**
 * Names on the roster (issue 37, finding 7; issue 36, finding 8): an invisible character does
 * not make a second Ana, a lookalike name is flagged where it is typed, listed and imported,
 * and a class list read again gives its ids to the students already on the roster.
 */
import { expect, expectAccessible, test } from './a11y';
import { snap } from './snap';

/** A CSV file for a file input. */
const csvFile = (name: string, lines: string[]) => ({
	name,
	mimeType: 'text/csv',
	buffer: Buffer.from(lines.join('\r\n'), 'utf8')
});

test('a lookalike name is flagged when typed, on the roster and in an import, and a class list read again adds the missing ids', async ({
	page
}) => {
	test.slow();
	await page.goto('/league/new');
	await page.getByLabel('League name').fill('Period 7');
	await page.getByRole('button', { name: 'Create the league' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roster');

	const name = page.getByLabel('Name', { exact: true });
	const added = page.getByRole('status').filter({ hasText: 'added' });
	for (const student of ['Ana Lopez', 'Ben Okafor']) {
		await name.fill(student);
		await page.getByRole('button', { name: 'Add', exact: true }).click();
		await expect(added).toHaveText(`${student} added.`);
	}
	// "Ana Lopez" with a Hangul filler after it is Ana Lopez: no second Ana.
	await name.fill('Ana Lopez\u3164');
	await page.getByRole('button', { name: 'Add', exact: true }).click();
	await expect(page.getByRole('alert')).toHaveText('Ana Lopez is already on this roster.');

	// Cyrillic "А": flagged while typed, added when the teacher goes on, flagged on the roster.
	await name.fill('\u0410na Lopez');
	await expect(page.locator('#typed-lookalike')).toHaveText(
		'Looks the same as Ana Lopez but is written with other letters: check the spelling.'
	);
	await page.getByRole('button', { name: 'Add', exact: true }).click();
	await expect(added).toHaveText('\u0410na Lopez added.');
	const students = page.getByRole('list').filter({ hasText: 'Ben Okafor' }).getByRole('listitem');
	await expect(students).toHaveCount(3);
	await expect(students.filter({ hasText: 'Looks the same as' })).toHaveCount(2);
	await expectAccessible(page, 'a roster with two names that look the same');
	await snap(page, 'roster-lookalikes');

	// The class list again, now with ids: Ben gets his, Cara is new, Вen (Cyrillic В) flagged.
	await page.getByText('Import a CSV file').click();
	await page
		.getByLabel(/^CSV file/)
		.setInputFiles(
			csvFile('period7.csv', [
				'Name,Student ID',
				'Ben Okafor,S-2',
				'Cara Singh,S-3',
				'\u0412en Okafor,S-4'
			])
		);
	const preview = page.getByRole('region', { name: 'Rows to import' });
	await expect(preview.getByRole('row').nth(1)).toContainText('Add the student id');
	await expect(preview.getByRole('row').nth(3)).toContainText(
		'Looks the same as Ben Okafor but is written with other letters: check the spelling.'
	);
	await expectAccessible(page, 'an import that adds ids and flags a lookalike');
	await snap(page, 'import-lookalike-ids');
	await page.getByRole('button', { name: 'Add 2 students and 1 student id' }).click();
	await expect(added).toHaveText('2 students added, 1 student id added.');
	await expect(students.filter({ hasText: 'Ben Okafor' }).first()).toContainText('S-2');
});
