/**
 * A large school kept between bench runs (issue 39): loading 100 classes through the app's db
 * module takes many minutes on this machine, so the school is loaded once into a Chromium
 * profile of its own and opened again by later runs, as a teacher's laptop opens the app it used
 * yesterday. A kept school is used only while the code that wrote it is the same: its folder is
 * named by a hash of the store's, the card's and the rules' code and of the bench's school, so a
 * change to any of them loads it anew (a kept school never meets an upgrade the run would time).
 *
 * The folder lives under `BENCH_SCHOOLS_DIR` (default: the system's temporary folder). Its
 * `school.json` says the load finished and what it holds; a run that changes the school (the
 * restore writes it again) takes the note away first and puts it back once the school is whole.
 */
import { createHash } from 'node:crypto';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	rmSync,
	statSync,
	writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';
import { SCHOOL_VIEWPORT, loadSchoolInto, openHelper, type School } from './pages';

/** What `school.json` holds: the load finished, with what it gave. */
interface KeptNote {
	/** Where it was loaded: a browser keeps each origin's data apart, so another port sees none. */
	origin: string;
	leagueIds: string[];
	students: string[][];
	loadMs: number;
	loadedAt: string;
}

/** The code a kept school depends on: a change to any of it loads the school anew. */
const SOURCES = [
	'src/lib/db',
	'src/lib/card',
	'src/lib/rules',
	'bench/school.ts',
	'bench/school-size.ts'
];

function filesUnder(root: string, path: string): string[] {
	const full = join(root, path);
	if (!existsSync(full)) return [];
	if (!statSync(full).isDirectory()) return [path];
	return readdirSync(full, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile())
		.map((e) => relative(root, join(e.parentPath, e.name)));
}

/** A short hash of the code in `SOURCES`, by path and content. */
export function codeHash(root: string): string {
	const hash = createHash('sha256');
	const files = SOURCES.flatMap((s) => filesUnder(root, s)).sort();
	for (const f of files)
		hash
			.update(f)
			.update('\0')
			.update(readFileSync(join(root, f)))
			.update('\0');
	return hash.digest('hex').slice(0, 12);
}

/** The folder under which kept schools live. */
function schoolsDir(): string {
	return process.env.BENCH_SCHOOLS_DIR ?? join(tmpdir(), 'muggins-bench-schools');
}

/** A school's kind in folder names: `100x1` is 100 classes in one league. */
const kindOf = (classes: number, leagues: number) => `${classes}x${leagues}`;

/** A Chromium of its own on the profile in `dir`, as a teacher's browser keeps its data: on disk. */
function launchOn(dir: string, args: readonly string[]) {
	return chromium.launchPersistentContext(dir, {
		executablePath: CHROME_PATH,
		args: [...CHROME_ARGS, ...args],
		viewport: SCHOOL_VIEWPORT
	});
}

/**
 * A school loaded this run into a profile on disk of its own, deleted when it is closed. An
 * installed app keeps its data on disk; Playwright's own contexts keep theirs in memory, where a
 * restore of 10 classes took 35 s against 13 s on disk (2026-12-02 02:35 UTC, load average 2).
 */
export async function openSchoolOnDisk(
	origin: string,
	root: string,
	classes: number,
	leagues: number,
	args: readonly string[]
): Promise<School> {
	const dir = mkdtempSync(join(tmpdir(), 'muggins-bench-school-'));
	const context = await launchOn(dir, args);
	const loaded = await loadSchoolInto(context, origin, root, classes, leagues);
	return {
		context,
		...loaded,
		kept: false,
		close: async () => {
			await context.close();
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

/**
 * Unregisters the service worker a kept school's profile installed, and empties its caches: an
 * installed app keeps running the build it installed until told of an update (prompt-to-update),
 * so a kept school's pages would otherwise be timed on the build that loaded the school, not on
 * this one. The store (IndexedDB) is left as it is.
 */
async function forgetOldBuild(context: BrowserContext, origin: string): Promise<void> {
	const page = await context.newPage();
	try {
		const cdp = await context.newCDPSession(page);
		await cdp.send('Storage.clearDataForOrigin', {
			origin,
			storageTypes: 'service_workers,cache_storage'
		});
	} finally {
		await page.close();
	}
}

/**
 * Opens the kept school of `classes` classes in each of `leagues` leagues, loading it first when
 * no whole one was kept for this code. Older schools of the same size (other code) are deleted.
 */
export async function openKeptSchool(
	origin: string,
	root: string,
	classes: number,
	leagues: number,
	args: readonly string[]
): Promise<School> {
	const kind = kindOf(classes, leagues);
	const dir = join(schoolsDir(), `${kind}-${codeHash(root)}`);
	const notePath = join(dir, 'school.json');
	mkdirSync(schoolsDir(), { recursive: true });
	for (const old of readdirSync(schoolsDir())) {
		if (old.startsWith(`${kind}-`) && join(schoolsDir(), old) !== dir) {
			rmSync(join(schoolsDir(), old), { recursive: true, force: true });
		}
	}
	const noted = existsSync(notePath)
		? (JSON.parse(readFileSync(notePath, 'utf8')) as KeptNote)
		: null;
	const kept = noted?.origin === origin ? noted : null;
	if (!kept) rmSync(dir, { recursive: true, force: true });
	const write = (note: KeptNote) => writeFileSync(notePath, JSON.stringify(note));
	let note: KeptNote;
	if (kept) {
		note = kept;
	} else {
		const loading = await launchOn(dir, args);
		const loaded = await loadSchoolInto(loading, origin, root, classes, leagues);
		note = {
			origin,
			leagueIds: loaded.leagueIds,
			students: loaded.students,
			loadMs: loaded.loadMs,
			loadedAt: new Date().toISOString()
		};
		write(note);
		// Measured as a kept school is, in a browser opened anew: the tab that loaded the school
		// read a restore's peak heap of 313 MB against 149-160 MB from a new tab, and a new tab
		// of that browser an events export's 294 MB against 133-155 MB (2026-12-02).
		await loading.close();
	}
	const context = await launchOn(dir, args);
	if (kept) await forgetOldBuild(context, origin);
	const helper = await openHelper(context, origin, root);
	return {
		context,
		helper,
		leagueIds: note.leagueIds,
		students: note.students,
		loadMs: note.loadMs,
		kept: kept !== null,
		close: () => context.close(),
		changing: () => rmSync(notePath, { force: true }),
		whole: () => write(note)
	};
}
