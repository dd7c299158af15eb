/**
 * Steps the league's browser tests share: a league with a pasted roster, a session's groups,
 * and playing and signing a group's game through the scorecard.
 */
import { expect, type Page } from '@playwright/test';

/** Creates league `name` from the League page and pastes `students` into its roster. */
export async function leagueWithRoster(
	page: Page,
	name: string,
	students: string[]
): Promise<string> {
	await page.goto('/league/new');
	await page.getByLabel('League name').fill(name);
	await page.getByLabel('Term name').fill('Trimester 2');
	await page.getByRole('button', { name: 'Create the league' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roster');
	await page.getByText('Paste a list').click();
	await page.getByLabel('One name per line').fill(students.join('\n'));
	await page.getByRole('button', { name: `Add ${students.length} students` }).click();
	await expect(page.getByRole('heading', { name: `${students.length} students` })).toBeVisible();
	return new URL(page.url()).pathname.replace(/\/roster$/, '');
}

/** Opens a league section from its tabs, or from their "More" menu. */
export async function leagueTab(page: Page, tab: string): Promise<void> {
	const sections = page.getByRole('navigation', { name: 'League sections' });
	// Also in the "More" menu, which closes once the section opens.
	const link = sections.getByRole('link', { name: tab, includeHidden: true });
	await expect(sections.getByRole('link', { name: 'Standings' })).toBeVisible();
	if (!(await link.isVisible())) await sections.getByText('More', { exact: true }).click();
	await link.click();
	await expect(link).toHaveAttribute('aria-current', 'page');
}

/** Sets the school server in Settings in one tap, as offered when the app came from it. */
export async function useSchoolServer(page: Page): Promise<void> {
	await page.goto('/settings');
	await page.getByRole('button', { name: 'Use the school server' }).click();
	await expect(page.getByText('The school server is set.')).toBeVisible();
}

/** Connects the league at `league` to the school server set in Settings; waits for its join code. */
export async function connectLeague(page: Page, league: string): Promise<void> {
	await page.goto(league);
	await leagueTab(page, 'Server');
	await page.getByRole('button', { name: 'Connect this league' }).click();
	await expect(page.getByText('Join code for the class’s phones')).toBeVisible({
		timeout: 30_000
	});
}

/** The league's invite file, downloaded from its Invite tab: where it was saved. */
export async function downloadInvite(page: Page): Promise<string> {
	await leagueTab(page, 'Invite');
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Share or download the invite file' }).click();
	return (await download).path();
}

/** A phone named `name` joins by the league's invite file `invite`; waits for the league at `league`. */
export async function joinWithInvite(
	phone: Page,
	name: string,
	invite: string,
	league: string
): Promise<void> {
	await phone.goto('/league/join');
	await phone.getByLabel('This phone’s name').fill(name);
	await phone.getByLabel('Open files').setInputFiles(invite);
	await phone.waitForURL(`**${league}`);
}

/** Starts a session on `day` with everyone present and its groups formed; returns its URL. */
export async function sessionWithGroups(page: Page, day: string): Promise<string> {
	await leagueTab(page, 'Sessions');
	await page.getByLabel('Day').fill(day);
	await page.getByRole('button', { name: 'Start the session' }).click();
	await page.getByRole('button', { name: 'Everyone' }).click();
	await page.getByRole('button', { name: 'Form groups' }).click();
	await expect(page.getByRole('region', { name: /^Group \d$/ }).first()).toBeVisible();
	return page.url();
}

/** The players of group `n` (1-based) of the session on screen, in seat order. */
export async function groupPlayers(page: Page, n: number): Promise<string[]> {
	const group = page.getByRole('region', { name: `Group ${n}` });
	// The session is read from IndexedDB after the page shows: wait for the group's players.
	await expect(group.locator('.player-name').first()).toBeVisible();
	const names = await group.locator('.player-name').allTextContents();
	return names.map((s) => s.trim());
}

async function score(page: Page, player: string, count: number) {
	await page.getByRole('button', { name: `Score for ${player}` }).click();
	await page
		.getByRole('dialog')
		.getByRole('button', { name: String(count), exact: true })
		.click();
	await expect(page.getByRole('status')).toContainText(`Recorded: ${player} ${count}`);
}

/**
 * Starts group `n`'s game from the session on screen, records `points` for its players in
 * seat order (counts of 5 to 35), and ends the game. Returns the game's id.
 */
export async function playGroupGame(page: Page, n: number, points: number[]): Promise<string> {
	const players = await groupPlayers(page, n);
	await page.getByRole('button', { name: `Start Group ${n}’s game` }).click();
	await page.waitForURL(/\/game\/[0-9a-f-]{36}$/);
	const id = page.url().split('/').at(-1) as string;
	for (const [i, player] of players.entries()) {
		if ((points[i] ?? 0) > 0) await score(page, player, points[i] as number);
	}
	await page.getByRole('button', { name: 'End game' }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
	await expect(page.getByRole('heading', { name: 'Final score' })).toBeVisible();
	return id;
}

/** Draws a few strokes with the mouse in the open signature box of `signer`. */
async function drawSignature(page: Page, signer: string): Promise<void> {
	const canvas = page.locator(`canvas[aria-label^="Signature box for ${signer}:"]`);
	await expect(canvas).toHaveClass(/ready/);
	await canvas.scrollIntoViewIfNeeded();
	const box = await canvas.boundingBox();
	if (!box) throw new Error(`no signature box for ${signer}`);
	const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
	await page.mouse.move(...at(0.1, 0.6));
	await page.mouse.down();
	for (const [fx, fy] of [
		[0.25, 0.3],
		[0.4, 0.7],
		[0.6, 0.35],
		[0.85, 0.6]
	] as const) {
		await page.mouse.move(...at(fx, fy), { steps: 5 });
	}
	await page.mouse.up();
}

/**
 * Every player signs finished game `id` on the sign-off screen, in the order it asks them,
 * each drawing a signature; the card then counts.
 */
export async function signCard(page: Page, id: string): Promise<void> {
	await page.goto(`/game/${id}/sign`);
	const prompt = page.getByRole('heading', { name: /, check the card and sign$/ });
	await expect(prompt).toBeVisible();
	while ((await prompt.count()) > 0) {
		const signer = ((await prompt.textContent()) ?? '').replace(/, check the card and sign$/, '');
		await drawSignature(page, signer.trim());
		await page.getByRole('button', { name: `Sign as ${signer.trim()}` }).click();
		// In the card's signatures: a card signed again also shows the earlier ones in its history.
		const signatures = page.getByRole('region', { name: 'Signatures', exact: true });
		await expect(
			signatures.getByRole('img', { name: `${signer.trim()}’s signature`, exact: true })
		).toBeVisible();
	}
	await expect(page.locator('.seal.signed')).toContainText('Signed');
}

/** Sets the instructor PIN on the settings page. */
export async function setPin(page: Page, pin: string): Promise<void> {
	await page.goto('/settings');
	await page.getByRole('button', { name: 'Set a PIN' }).click();
	await page.getByLabel('New PIN (4 to 12 digits)').fill(pin);
	await page.getByLabel('New PIN again').fill(pin);
	await page.getByRole('button', { name: 'Save the PIN' }).click();
	await expect(page.getByText('The PIN is set.')).toBeVisible();
}

/**
 * A class of 34 (the brief's size) whose first three are Ana, Ben and Cleo; no other name
 * contains theirs, so a control named "Seat Ana" is Ana's alone.
 */
export const CLASS_OF_34 = [
	'Ana',
	'Ben',
	'Cleo',
	'Dev Patel',
	'Eli Moss',
	'Fay Young',
	'Gus Reed',
	'Hal Ortiz',
	'Ivy Chen',
	'Jo Park',
	'Kai Lund',
	'Lea Roth',
	'Max Cole',
	'Nia Ford',
	'Oto Sims',
	'Pia Wolf',
	'Quin Hart',
	'Rae Dunn',
	'Sol Vega',
	'Tia Bloom',
	'Uma Rios',
	'Vic Lowe',
	'Wes Kemp',
	'Xia Long',
	'Yan Pike',
	'Zoe Frey',
	'Abe Cruz',
	'Bo Lake',
	'Cal Snow',
	'Dot Hale',
	'Edd Page',
	'Flo Gray',
	'Gil Ward',
	'Hap Moon'
];
