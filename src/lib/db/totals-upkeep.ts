/**
 * Keeps the league's totals per student and per day (`card/totals.ts`, schema version 15) in
 * the transaction that changes a counted card's figures: the upkeep (`upkeep.ts`) hands over
 * the figures a write replaced or removed and the ones it wrote, and this takes the first out
 * and adds the second in, with one read of the records they touch.
 *
 * A card counts for its session's day, else the day it ended (as `card/play-order.ts` dates it for
 * the pages). A session with games is never deleted before them (`sessions.remove` refuses it;
 * a league's removal deletes its games first), so a card taken out is dated as it was added.
 *
 * Chained with `then`, as the upkeep is (its opening comment says why).
 */
import type { DBCoreMutateResponse, DBCoreTable, DBCoreTransaction } from 'dexie';
import type { FiguresRecord, SessionRecord } from '$lib/card/records';
import {
	dayOf,
	keyOf,
	keysOf,
	totalsChange,
	type CardOnDay,
	type DayTotalsRecord,
	type StudentTotalsRecord
} from '$lib/card/totals';

/** The tables the totals' upkeep reads and writes, below the upkeep. */
export interface TotalsTables {
	sessions: DBCoreTable;
	studentTotals: DBCoreTable;
	dayTotals: DBCoreTable;
}

/** Throws the first failure of a DBCore write, if any. */
export function failed(res: DBCoreMutateResponse): void {
	if (res.numFailures > 0) throw Object.values(res.failures)[0];
}

/** Figures `found` with the day each counts for, their sessions read in `trans`. */
function dated(
	t: TotalsTables,
	trans: DBCoreTransaction,
	found: readonly FiguresRecord[]
): Promise<CardOnDay[]> {
	const ids = [...new Set(found.flatMap((f) => f.sessionId ?? []))];
	const sessions =
		ids.length === 0
			? Promise.resolve([] as (SessionRecord | undefined)[])
			: (t.sessions.getMany({ trans, keys: ids }) as Promise<(SessionRecord | undefined)[]>);
	return sessions.then((held) => {
		const days = new Map<string, string>();
		held.forEach((s, i) => {
			if (s) days.set(ids[i]!, s.date);
		});
		return found.map((figures) => ({ figures, date: dayOf(figures, days) }));
	});
}

/**
 * Takes figures `before` (those a write replaced or removed) out of the totals and adds
 * figures `after` (those it wrote), in `trans`.
 */
export function keepTotals(
	t: TotalsTables,
	trans: DBCoreTransaction,
	before: readonly FiguresRecord[],
	after: readonly FiguresRecord[]
): Promise<void> {
	if (before.length === 0 && after.length === 0) return Promise.resolve();
	return Promise.all([dated(t, trans, before), dated(t, trans, after)]).then(([out, inn]) => {
		const keys = keysOf([...out, ...inn]);
		return Promise.all([
			t.studentTotals.getMany({ trans, keys: keys.students }) as Promise<
				(StudentTotalsRecord | undefined)[]
			>,
			t.dayTotals.getMany({ trans, keys: keys.days }) as Promise<(DayTotalsRecord | undefined)[]>
		]).then(([students, days]) => {
			const change = totalsChange(out, inn, {
				students: new Map(students.flatMap((s) => (s ? [[keyOf([s.leagueId, s.player]), s]] : []))),
				days: new Map(days.flatMap((d) => (d ? [[keyOf([d.leagueId, d.date]), d]] : [])))
			});
			const writes: Promise<void>[] = [];
			const put = (table: DBCoreTable, values: unknown[]) => {
				if (values.length > 0)
					writes.push(table.mutate({ trans, type: 'put', values }).then(failed));
			};
			const remove = (table: DBCoreTable, keys: unknown[]) => {
				if (keys.length > 0)
					writes.push(table.mutate({ trans, type: 'delete', keys }).then(failed));
			};
			put(t.studentTotals, change.students);
			put(t.dayTotals, change.days);
			remove(t.studentTotals, change.noStudents);
			remove(t.dayTotals, change.noDays);
			return Promise.all(writes).then(() => undefined);
		});
	});
}
