/**
 * The league-wide derived records (contributions, totals per student and per day) written afresh
 * for a restore onto an empty device, the pages from the games it wrote and the totals from the
 * whole store's figures: its batches leave them
 * (`leaveLeagueWide`), each batch's cards being spread over every standings page and every
 * day of their league, and it ends with this, still under its marker (a stop before the end
 * empties the device again, `restore.ts`).
 *
 * One transaction, so no other tab's write can fall between what is read and what is written;
 * the figures are read a page at a time, and only what the totals keep is held.
 */
import type { Table } from 'dexie';
import { PagesFilled } from '$lib/card/contributions';
import type { FiguresRecord, SessionRecord } from '$lib/card/records';
import { dayOf, Tally } from '$lib/card/totals';
import { db } from './db';
import { guard } from './errors';

/** Records read at a time. */
const PAGE = 500;

/** Every record of `table`, `PAGE` at a time in key order (`key` gives a record's key). */
async function eachPage<T, I>(
	table: Table<T, string, I>,
	key: (record: T) => string,
	each: (records: T[]) => void
): Promise<void> {
	let after: string | null = null;
	for (;;) {
		const from: string | null = after;
		const page = await (from === null ? table.orderBy(':id') : table.where(':id').above(from))
			.limit(PAGE)
			.toArray();
		if (page.length === 0) return;
		each(page);
		after = key(page.at(-1)!);
	}
}

/** Every league's contributions: the pages `filled` from every game of the store. */
async function contributionsAfresh(filled: PagesFilled): Promise<void> {
	await db.contributions.clear();
	await db.contributions.bulkPut(filled.pages());
}

/** Every league's totals from its counted cards' figures, each dated by its session. */
async function totalsAfresh(): Promise<void> {
	const dates = new Map<string, string>();
	await eachPage(
		db.sessions,
		(s: SessionRecord) => s.id,
		(sessions) => {
			for (const s of sessions) dates.set(s.id, s.date);
		}
	);
	const tally = new Tally({ students: new Map(), days: new Map() });
	await eachPage(
		db.figures,
		(f: FiguresRecord) => f.gameId,
		(figures) => {
			for (const f of figures) tally.add({ figures: f, date: dayOf(f, dates) }, 1);
		}
	);
	const { students, days } = tally.change();
	await Promise.all([db.studentTotals.clear(), db.dayTotals.clear()]);
	await db.studentTotals.bulkPut(students);
	await db.dayTotals.bulkPut(days);
}

/**
 * Replaces every league's contributions and totals with those its games and its counted
 * cards' figures give, in one read-write transaction: the contributions first, written before
 * the totals are added up, so the two are never held at once.
 * @param filled the pages of every game of the store, filled by a restore as it wrote them: the
 * games are not read back (at 100 classes reading them was most of this step's peak heap,
 * 146-193 MB against a budget of 150, and 2 s)
 */
export async function rebuildLeagueWide(filled: PagesFilled): Promise<void> {
	await guard(() =>
		db.transaction(
			'rw',
			[db.sessions, db.figures, db.contributions, db.studentTotals, db.dayTotals],
			async () => {
				await contributionsAfresh(filled);
				await totalsAfresh();
			}
		)
	);
}
