/**
 * An export the tab leaves halfway (issue 39): the Files page writes a CSV part by part into the
 * file picked in the save dialog, and closes it only once the last part is written. A file not
 * closed is never saved (the browser keeps the parts aside and drops them), so a reload halfway
 * leaves nothing half-written, and the next export from the reloaded page is whole.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import {
	leagueTab,
	leagueWithRoster,
	playGroupGame,
	sessionWithGroups,
	signCard
} from './league-helpers';

/** What the stand-in save dialog's file received, kept across reloads in localStorage. */
interface FakeFile {
	name: string;
	parts: string[];
	closed: boolean;
}

/**
 * A stand-in for the browser's save dialog (`showSaveFilePicker`): its file keeps each part
 * written, and whether it was closed, in localStorage. With `stall-at` set, that write never
 * finishes: the export is caught halfway.
 */
function fakeSaveDialog(): void {
	const key = 'fake-file';
	(window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async (options: {
		suggestedName: string;
	}) => ({
		createWritable: async () => {
			const file = { name: options.suggestedName, parts: [] as string[], closed: false };
			const keep = () => localStorage.setItem(key, JSON.stringify(file));
			keep();
			return {
				write: (data: string) => {
					file.parts.push(data);
					keep();
					const stallAt = Number(localStorage.getItem('stall-at') ?? 0);
					return file.parts.length === stallAt
						? new Promise<void>(() => undefined)
						: Promise.resolve();
				},
				close: async () => {
					file.closed = true;
					keep();
				},
				abort: async () => undefined
			};
		}
	});
}

const fileOf = (page: Page) =>
	page.evaluate(() => JSON.parse(localStorage.getItem('fake-file') ?? 'null') as FakeFile | null);

test('an audit trail export stopped by a reload halfway saves nothing, and the next one is whole', async ({
	page
}) => {
	await page.addInitScript(fakeSaveDialog);
	const league = await leagueWithRoster(page, 'Period 4', ['Ana', 'Ben', 'Cara']);
	await sessionWithGroups(page, '2026-02-03');
	const game = await playGroupGame(page, 1, [15, 10, 5]);
	await signCard(page, game);
	await page.goto(league);
	await leagueTab(page, 'Files');
	const button = page.getByRole('button', { name: 'Download audit trail CSV' });

	// Halfway: the header is written, the rows never finish; then the tab reloads.
	await page.evaluate(() => localStorage.setItem('stall-at', '2'));
	await button.click();
	await expect.poll(async () => (await fileOf(page))?.parts.length).toBe(2);
	await expect(button).toBeDisabled();
	await page.reload();
	const left = await fileOf(page);
	expect(left?.closed).toBe(false);
	expect(left?.parts).toHaveLength(2);

	// The reloaded page exports again, whole: the header, then a row per entry (three counts
	// and the end), and the file closed.
	await page.evaluate(() => localStorage.removeItem('stall-at'));
	await expect(button).toBeEnabled();
	await button.click();
	await expect(page.getByRole('status').filter({ hasText: 'rows' })).toHaveText(
		/^muggins-period-4-events-\d{4}-\d{2}-\d{2}\.csv: 4 rows\.$/
	);
	const whole = await fileOf(page);
	expect(whole?.closed).toBe(true);
	const lines = whole!.parts.join('').split('\r\n').filter(Boolean);
	expect(lines).toHaveLength(5);
	expect(lines[0]!.charCodeAt(0)).toBe(0xfeff);
	expect(lines.slice(1).map((l) => l.includes(',score,') || l.includes(',end,'))).toEqual([
		true,
		true,
		true,
		true
	]);
	await expectAccessible(page, 'the Files page after an export stopped by a reload');
});
