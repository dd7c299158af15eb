import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './a11y';

interface End {
	pips: number;
	double?: boolean;
}

function calculator(page: Page): Locator {
	return page.locator('#calculator');
}

/** Sets the calculator's open ends, adding or removing ends to match. */
async function setEnds(calc: Locator, ends: End[]): Promise<void> {
	const groups = calc.getByRole('group', { name: /^End \d$/ });
	let count = await groups.count();
	while (count < ends.length) {
		await calc.getByRole('button', { name: 'Add an end' }).click();
		count += 1;
	}
	while (count > ends.length) {
		await calc.getByRole('button', { name: `Remove end ${count}` }).click();
		count -= 1;
	}
	for (const [i, end] of ends.entries()) {
		const group = calc.getByRole('group', { name: `End ${i + 1}` });
		await group.getByRole('radio', { name: String(end.pips), exact: true }).check();
		await group.getByRole('checkbox', { name: 'Double' }).setChecked(end.double ?? false);
	}
}

async function expectResult(calc: Locator, count: number, points: number, reason: string) {
	await expect(calc.getByTestId('count')).toHaveText(String(count));
	await expect(calc.getByTestId('points')).toHaveText(String(points));
	await expect(calc.getByRole('status')).toContainText(reason);
}

test.describe('count calculator', () => {
	test.beforeEach(async ({ page }) => {
		await page.goto('/rules');
		// setEnds counts the ends it finds: wait until the calculator has rendered them.
		await expect(calculator(page).getByRole('group', { name: 'End 2' })).toBeVisible();
	});

	test('classroom: 5 + 5 + 3 + 2 = 15 scores 15 points', async ({ page }) => {
		const calc = calculator(page);
		await setEnds(calc, [{ pips: 5 }, { pips: 5 }, { pips: 3 }, { pips: 2 }]);
		await expectResult(calc, 15, 15, '15 is a multiple of 5: 15 points');
		await expect(calc.getByRole('button', { name: 'Add an end' })).toBeHidden();
		await expect(calc.getByText('A layout has at most 4 open ends.')).toBeVisible();
	});

	test('a double 6 at an end counts both halves: with a 3 it makes 15', async ({ page }) => {
		const calc = calculator(page);
		await setEnds(calc, [{ pips: 6, double: true }, { pips: 3 }]);
		await expectResult(calc, 15, 15, '15 is a multiple of 5: 15 points');
		await expect(calc.getByText('(6 + 6) + 3 = 15')).toBeVisible();
	});

	test('edge muggins scores fifths: 15 scores 3 points', async ({ page }) => {
		const calc = calculator(page);
		await calc.getByLabel('Rule sheet').selectOption({ label: 'Edge Muggins' });
		await setEnds(calc, [{ pips: 6 }, { pips: 6 }, { pips: 3 }]);
		await expectResult(calc, 15, 3, '15 ÷ 5 = 3 points');
	});

	test('fives and threes: 15 scores 3 + 5 = 8 points', async ({ page }) => {
		const calc = calculator(page);
		await calc.getByLabel('Rule sheet').selectOption({ label: 'Fives and Threes' });
		await setEnds(calc, [{ pips: 5, double: true }, { pips: 5 }]);
		await expectResult(calc, 15, 8, '15: 15 ÷ 5 = 3 and 15 ÷ 3 = 5: 8 points');
	});

	test('classroom: 13 scores no points', async ({ page }) => {
		const calc = calculator(page);
		await setEnds(calc, [{ pips: 6 }, { pips: 4 }, { pips: 3 }]);
		await expectResult(calc, 13, 0, '13 is not a multiple of 5: no points');
	});

	test('block scores nothing during play', async ({ page }) => {
		const calc = calculator(page);
		await calc.getByLabel('Rule sheet').selectOption({ label: 'Block' });
		await expectResult(calc, 10, 0, 'Block scores no points during play');
	});

	test('two 6-6 doubles are refused with the engine’s words', async ({ page }) => {
		const calc = calculator(page);
		await setEnds(calc, [
			{ pips: 6, double: true },
			{ pips: 6, double: true }
		]);
		await expect(calc.getByRole('status')).toHaveText('There is only one 6-6 in a set.');
		await expect(calc.getByTestId('points')).toHaveCount(0);
	});

	test('blank ends make no count a layout can show', async ({ page }) => {
		const calc = calculator(page);
		await setEnds(calc, [{ pips: 0 }]);
		await expect(calc.getByRole('status')).toHaveText(
			'0 is not a count a layout can show: counts run from 1 to 36.'
		);
	});

	test('works from the keyboard alone', async ({ page }) => {
		const calc = calculator(page);
		const end1 = calc.getByRole('group', { name: 'End 1' });
		await end1.getByRole('radio', { name: '6', exact: true }).focus();
		await page.keyboard.press('ArrowLeft');
		await expect(end1.getByRole('radio', { name: '5', exact: true })).toBeChecked();
		await expectResult(calc, 9, 0, '9 is not a multiple of 5: no points');
		await page.keyboard.press('Tab');
		await expect(end1.getByRole('checkbox', { name: 'Double' })).toBeFocused();
		await page.keyboard.press('Space');
		await expectResult(calc, 14, 0, '14 is not a multiple of 5: no points');
	});

	test('removing an end moves focus to “Add an end”', async ({ page }) => {
		const calc = calculator(page);
		await calc.getByRole('button', { name: 'Remove end 2' }).click();
		await expect(calc.getByRole('group', { name: /^End \d$/ })).toHaveCount(1);
		await expect(calc.getByRole('button', { name: 'Add an end' })).toBeFocused();
		await expectResult(calc, 6, 0, '6 is not a multiple of 5: no points');
	});
});

test.describe('rules page', () => {
	test('describes the chosen rule sheet from its data, and keeps the choice in the address', async ({
		page
	}) => {
		await page.goto('/rules');
		const sheet = page.getByRole('article');
		await expect(sheet.getByRole('heading', { level: 2 })).toHaveText('Classroom Muggins');
		await expect(sheet).toContainText(
			'The winner scores the opponents’ pips minus their own, rounded to the nearest 5, divided by 5.'
		);

		await calculator(page).getByLabel('Rule sheet').selectOption({ label: 'Edge Muggins' });
		await expect(sheet.getByRole('heading', { level: 2 })).toHaveText('Edge Muggins');
		await expect(sheet).toContainText('15 scores 3 points.');
		await expect(page).toHaveURL(/\/rules\?ruleset=edge-muggins$/);

		await page.reload();
		await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(
			'Edge Muggins'
		);
		await expect(page.locator('#rules-ruleset')).toHaveValue('edge-muggins');
	});

	test('Home’s “Try the count calculator” lands on the calculator', async ({ page }) => {
		await page.goto('/');
		await page.getByRole('link', { name: 'Try the count calculator' }).click();
		await expect(page).toHaveURL(/\/rules#calculator$/);
		await expect(page.getByRole('heading', { name: 'Count calculator' })).toBeInViewport();
	});
});
