/**
 * The instructor's pages loaded several times each in the teacher's tab, as the bench loads them,
 * for comparing two builds on a busy machine
 * (the bench times each page once; one sample there moves by ±150 ms when other work runs).
 * Not a budgeted figure: run it by hand after `npx vite build`.
 *
 *   npx vite build && BENCH_PORT=4184 TSX_TSCONFIG_PATH=server/tsconfig.json npx tsx bench/pages-median.ts
 *
 * `PAGES_CLASSES` (1) classes, `PAGES_RUNS` (7) loads of each page, pages interleaved so a
 * burst of other work spreads over all of them; prints the median and the range.
 *
 * `PAGES_BASE=<dir>`: a copy of the project holding the other build (its `build/`),
 * served on `PAGES_BASE_PORT` too, and timed turn about with this one (an A/B comparison).
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { hostAnswers, hostBuild } from './host';
import { instructorPages, openSchool, openTeacherTab, timePage } from './pages';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4178);
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.env.PAGES_RUNS ?? 7);
const classes = Number(process.env.PAGES_CLASSES ?? 1);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main(): Promise<void> {
	const base = process.env.PAGES_BASE;
	const basePort = Number(process.env.PAGES_BASE_PORT ?? 4183);
	const builds = [{ name: 'this build', origin, server: hostBuild(join(root, 'build'), port) }];
	if (base) {
		builds.unshift({
			name: 'base',
			origin: `http://127.0.0.1:${basePort}`,
			server: hostBuild(join(base, 'build'), basePort)
		});
	}
	const browser = await chromium.launch({
		executablePath: CHROME_PATH,
		args: [...CHROME_ARGS, '--enable-precise-memory-info']
	});
	try {
		const schools = [];
		for (const b of builds) {
			await hostAnswers(b.origin);
			const school = await openSchool(browser, b.origin, root, classes);
			await school.helper.close();
			schools.push({
				...b,
				school,
				tab: await openTeacherTab(school.context, b.origin),
				checks: instructorPages(
					school.leagueIds[0]!,
					school.students[0]![0]!,
					school.students[0]![1]!
				),
				usable: new Map<string, number[]>(),
				settled: new Map<string, number[]>()
			});
		}
		for (let r = 0; r < runs; r++) {
			for (let c = 0; c < schools[0]!.checks.length; c++) {
				for (const s of schools) {
					const check = s.checks[c]!;
					const t = await timePage(s.tab, s.origin, check);
					s.usable.set(check.name, [...(s.usable.get(check.name) ?? []), t.usable]);
					s.settled.set(check.name, [...(s.settled.get(check.name) ?? []), t.settled]);
				}
			}
		}
		console.log(`${classes} class(es), ${runs} runs each: median (min–max) ms`);
		for (const s of schools) {
			console.log(s.name);
			for (const check of s.checks) {
				const u = s.usable.get(check.name)!;
				const st = s.settled.get(check.name)!;
				console.log(
					`  ${check.name.padEnd(13)} usable ${median(u).toFixed(0).padStart(5)} (${Math.min(...u).toFixed(0)}–${Math.max(...u).toFixed(0)})` +
						`  settled ${median(st).toFixed(0).padStart(5)} (${Math.min(...st).toFixed(0)}–${Math.max(...st).toFixed(0)})`
				);
			}
			await s.school.context.close();
		}
	} finally {
		await browser.close();
		for (const b of builds) if (b.server.pid) process.kill(-b.server.pid);
	}
}

main().catch((err: unknown) => {
	console.error(err);
	process.exit(1);
});
