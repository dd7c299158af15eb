/**
 * League insights (issue 41) through the real UI: three signed cards with steals, then a
 * student's page (counting, streaks, points per game, rating, classmates), the head-to-head
 * page reached from both students' pages and from the standings, the session's summary, and
 * the instructor's insights page with the students who often miss counts.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { score } from './game-helpers';
import { leagueTab, leagueWithRoster, sessionWithGroups, signCard } from './league-helpers';
import { snap } from './snap';

/** Records a steal: `by` calls "Muggins!" on a count of `count` that `from` missed. */
async function steal(page: Page, by: string, from: string, count: number): Promise<void> {
	await page.getByRole('button', { name: 'Muggins!' }).click();
	const dialog = page.getByRole('dialog');
	await dialog.getByRole('group', { name: 'Who called “Muggins!”?' }).getByLabel(by).check();
	await dialog.getByRole('group', { name: 'Who missed their own count?' }).getByLabel(from).check();
	await dialog.getByRole('button', { name: String(count), exact: true }).click();
	await expect(page.getByRole('status')).toContainText('Recorded: Muggins!');
}

/** The box of one figure of the student page's "Counting" (its term and definitions). */
function figureOf(page: Page, term: string) {
	return page
		.getByRole('region', { name: 'Counting' })
		.locator('div')
		.filter({ has: page.getByRole('term').filter({ hasText: term }) });
}

async function endGame(page: Page): Promise<void> {
	await page.getByRole('button', { name: 'End game' }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
	await expect(page.getByRole('heading', { name: 'Final score' })).toBeVisible();
}

/** A league game of `names` started from the league, outside sessions; returns its id. */
async function leagueGame(page: Page, league: string, names: string[]): Promise<string> {
	await page.goto(`/game/new?league=${league.split('/').at(-1)}`);
	const known = page.getByRole('group', { name: 'The class' });
	for (const name of names) await known.getByRole('button', { name: `Seat ${name}` }).click();
	await page.getByRole('button', { name: /start/i }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	return page.url().split('/').at(-1) as string;
}

test('a student’s counting, streaks and classmates; two students compared; the day summed up', async ({
	page
}) => {
	// Three cards signed by every player through the UI, then axe on six pages.
	test.slow();
	const league = await leagueWithRoster(page, 'Period 4', ['Ana', 'Ben', 'Cara']);

	// 12 January, in a session: Ana counts 15; Cara takes a 10 Ben missed. Ana wins.
	const session = await sessionWithGroups(page, '2026-01-12');
	await page.getByRole('button', { name: 'Start Group 1’s game' }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	const first = page.url().split('/').at(-1) as string;
	await score(page, 'Ana', 15);
	await steal(page, 'Cara', 'Ben', 10);
	await endGame(page);
	await signCard(page, first);

	// Today, outside sessions: Ben 20, Ana 5 (Ben wins); then Cara takes another 10 from Ben.
	const second = await leagueGame(page, league, ['Ana', 'Ben']);
	await score(page, 'Ben', 20);
	await score(page, 'Ana', 5);
	await endGame(page);
	await signCard(page, second);
	const third = await leagueGame(page, league, ['Ben', 'Cara']);
	await score(page, 'Ben', 5);
	await steal(page, 'Cara', 'Ben', 10);
	await endGame(page);
	await signCard(page, third);

	// Ana's page: her counting, her streaks, her points per game over two days, her classmates.
	await page.goto(league);
	await expect(page.getByText('3 signed cards count')).toBeVisible();
	await page.getByRole('table').getByRole('link', { name: 'Ana' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana');
	const figure = (term: string) => figureOf(page, term);
	await expect(figure('Counts made').getByRole('definition').first()).toHaveText('2');
	await expect(figure('Counts made')).toContainText('20 points · 1.0 a game');
	await expect(figure('Steals made').getByRole('definition').first()).toHaveText('0');
	await expect(figure('Counts missed').getByRole('definition').first()).toHaveText('0');
	const streaks = page.getByRole('region', { name: 'Winning streaks' });
	await expect(streaks).toContainText('Now: 0 games in a row');
	await expect(streaks).toContainText('Longest: 1 game');
	await expect(page.getByRole('figure').filter({ hasText: 'Points per game' })).toBeVisible();
	const rating = page.getByRole('region', { name: 'Rating' });
	await expect(rating).toContainText('New');
	await expect(rating).toContainText('needs 5 games (2 played)');
	const classmates = page.getByRole('region', { name: 'Against each classmate' });
	await expect(classmates.getByRole('listitem')).toHaveText([
		/Ben\s*2 games: ahead in 1, behind in 1/,
		/Cara\s*1 game: ahead in 1, behind in 0/
	]);
	await expectAccessible(page, 'Ana’s page');
	await snap(page, 'insights-student');

	// Against Ben: both their games, who finished ahead in each.
	await classmates.getByRole('link', { name: /Ben/ }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ana\s+and\s+Ben/);
	const met = page.getByRole('table').getByRole('row');
	await expect(met).toHaveCount(3);
	await expect(met.nth(1)).toContainText('15');
	await expect(met.nth(1).getByRole('cell').last()).toHaveText('Ana');
	await expect(met.nth(2).getByRole('cell').last()).toHaveText('Ben');
	await expectAccessible(page, 'Ana and Ben');
	await snap(page, 'insights-head-to-head');

	// Ben's page links back to the same two games, the other way round, and shows his misses.
	await page.getByRole('heading', { level: 1 }).getByRole('link', { name: 'Ben' }).click();
	await expect(figureOf(page, 'Counts missed').getByRole('definition').first()).toHaveText('2');
	await expect(figureOf(page, 'Counts missed')).toContainText('0.7 a game');
	await page
		.getByRole('region', { name: 'Against each classmate' })
		.getByRole('link', { name: /Ana/ })
		.click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ben\s+and\s+Ana/);
	await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);

	// The standings compare any two students: the same page.
	await page.goto(league);
	const compare = page.getByRole('region', { name: 'Compare two students' });
	await expect(compare.getByRole('button', { name: 'Compare' })).toBeDisabled();
	// Names are typed (the league's offered as suggestions), case and spaces aside; a name
	// nobody has, or the same student twice, is told and compares nothing.
	await compare.getByLabel('First student').fill('Carla');
	await compare.getByLabel('Second student').focus();
	await expect(compare.getByRole('status')).toHaveText(
		'No student called “Carla” has played in this league.'
	);
	await expect(compare.getByLabel('First student')).toHaveAttribute('aria-invalid', 'true');
	await expectAccessible(page, 'standings with a name nobody has');
	await snap(page, 'standings-compare-unknown-name');
	await compare.getByLabel('First student').fill('  cara ');
	await compare.getByLabel('Second student').fill('CARA');
	await compare.getByLabel('First student').focus();
	await expect(compare.getByRole('status')).toHaveText('Choose two different students.');
	await expect(compare.getByRole('button', { name: 'Compare' })).toBeDisabled();
	await expect(
		compare
			.locator('datalist option')
			.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
	).resolves.toEqual(['Ana', 'Ben', 'Cara']);
	await compare.getByLabel('Second student').fill('Ben');
	await expect(compare.getByRole('status')).toHaveCount(0);
	await expectAccessible(page, 'standings with two students chosen');
	await compare.getByRole('button', { name: 'Compare' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Cara\s+and\s+Ben/);
	await expect(page.getByRole('definition').first()).toHaveText('2');

	// The session's summary: who came, the group's result, its steal, the day's best game.
	await page.goto(session);
	await page.getByRole('link', { name: 'Summary of the day' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Summary of');
	const who = page.getByRole('region', { name: 'Who came' });
	await expect(who).toContainText('Played (3)');
	await expect(who).toContainText('Absent (0): nobody');
	await expect(page.getByRole('region', { name: 'Best game' })).toContainText(
		'Group 1: Ana won with 15 points'
	);
	const group = page.getByRole('region', { name: 'Groups' }).getByRole('row').nth(1);
	await expect(group.getByRole('cell').last()).toHaveText('1');
	await expect(group).toContainText('Ana: 15 (won)');
	await expectAccessible(page, 'the session summary');
	await snap(page, 'insights-session-summary');

	// The instructor's insights: Ben missed 2 of his 4 counts in 3 games.
	await leagueTab(page, 'Insights');
	const help = page.getByRole('region', { name: 'Could use help with counting' });
	await expect(help.getByRole('listitem')).toHaveText([/Ben\s*missed 2 of 4\s+counts in 3 games/]);
	await expect(page.getByRole('region', { name: 'Most improved' })).toContainText('Not yet');
	await expectAccessible(page, 'the insights page');
});
