import { expect, test } from './a11y';
import { shot } from './snap';
import { leagueWithRoster } from './league-helpers';

test('a league game’s roster is searchable: a class of many is one field away', async ({
	page
}) => {
	const names = [
		'Ana',
		'Ben',
		'Cleo',
		'Dev',
		'Eli',
		'Fay',
		'Gus',
		'Hana',
		'Ivo',
		'Jun',
		'Kai',
		'Lea'
	];
	const league = await leagueWithRoster(page, 'Period 6', names);
	await page.goto(`/game/new?league=${league.split('/').at(-1)}`);
	const known = page.getByRole('group', { name: 'The class' });
	await expect(known.getByRole('button', { name: /^Seat / })).toHaveCount(names.length);
	await known.getByRole('searchbox', { name: 'Find a name' }).fill('e');
	await expect(known.getByRole('button', { name: /^Seat / })).toHaveText(
		['Ben', 'Cleo', 'Dev', 'Eli', 'Lea'].map((n) => `+ ${n}`)
	);
	await known.getByRole('searchbox', { name: 'Find a name' }).fill('zz');
	await expect(known).toContainText('No name matches “zz”.');
	await shot(page, { path: 'screenshots/roster-picker-390.png', fullPage: true });
});
