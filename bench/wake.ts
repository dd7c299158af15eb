/**
 * How many IndexedDB transactions the instructor's other tabs (Home, standings, a student
 * page, the card list) run while one tab makes score taps, a figure the machine's load does
 * not change (issue 14): a tap should wake only the pages that show the tapped game's figures.
 * Loads 1 class through the app's db module. Needs the built app served (`npx vite build`,
 * then `npx vite preview --port $BENCH_PORT`); run with
 * `TSX_TSCONFIG_PATH=server/tsconfig.json BENCH_PORT=… npx tsx bench/wake.ts`.
 */
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { instructorPages, openSchool, openTabs, OTHER_TABS } from './pages';
import { NAME_SHIM, startGame } from './ui';

const origin = `http://127.0.0.1:${process.env.BENCH_PORT ?? 4196}`;
const TAPS = 20;
const COUNT = `(() => { const t = IDBDatabase.prototype.transaction; globalThis.__tx = 0;
  IDBDatabase.prototype.transaction = function (...a) { globalThis.__tx++; return t.apply(this, a); }; })();`;

const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
try {
	const school = await openSchool(browser, origin, join(import.meta.dirname, '..'), 1, 1);
	await school.context.addInitScript(COUNT);
	await school.context.addInitScript(NAME_SHIM);
	const checks = instructorPages(
		school.leagueIds[0]!,
		school.students[0]![0]!,
		school.students[0]![1]!
	).filter((c) => c.name === 'home' || OTHER_TABS.has(c.name));
	const tabs = await openTabs(school.context, origin, checks);
	const tapper = await school.context.newPage();
	await startGame(tapper, origin, ['Ana', 'Ben']);
	await new Promise((r) => setTimeout(r, 3000));
	const counts = () =>
		Promise.all(
			tabs.map((t) => t.evaluate(() => (globalThis as unknown as { __tx: number }).__tx))
		);
	const before = await counts();
	for (let i = 0; i < TAPS; i++) {
		await tapper.getByRole('button', { name: 'Score for Ana' }).click();
		await tapper
			.locator('dialog[open] button.count', { hasText: /^\s*5\s*$/ })
			.first()
			.click();
		await tapper
			.locator('dialog[open]')
			.waitFor({ state: 'detached' })
			.catch(() => undefined);
		await tapper.waitForFunction(() => !document.querySelector('dialog[open]'));
	}
	await new Promise((r) => setTimeout(r, 3000));
	const after = await counts();
	const total = await tapper.locator('.board .total').first().textContent();
	console.log(`Ana after ${TAPS} taps: ${total?.trim()}`);
	checks.forEach((c, i) =>
		console.log(`${c.name}: ${after[i]! - before[i]!} transactions over ${TAPS} taps`)
	);
} finally {
	await browser.close();
}
