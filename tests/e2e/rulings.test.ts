import { expect, test } from './a11y';
import { shot } from './snap';

test('the Rules page shows the rulings the score card follows (issue 13)', async ({ page }) => {
	await page.goto('/rules?ruleset=udl');
	const rulings = page.getByRole('region', { name: 'Mistakes and rulings' });
	await expect(rulings).toContainText('undo the later entries first');
	await expect(rulings).toContainText('a second “time up” is refused');
	// Issue 36: the instructor's correction of a signed card counts at once (RULES.md §7).
	await expect(rulings).toContainText(
		'On a signed card the correction counts at once, like the teacher’s pen on a paper card'
	);
	for (const [width, height] of [
		[390, 844],
		[320, 844],
		[1280, 800]
	] as const) {
		await page.setViewportSize({ width, height });
		await rulings.scrollIntoViewIfNeeded();
		await shot(page, { path: `screenshots/issue13-rulings-${width}.png` });
	}
	await page.goto('/rules?ruleset=classroom');
	await expect(rulings).not.toContainText('time up');
});
