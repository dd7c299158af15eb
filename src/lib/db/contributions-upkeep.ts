/**
 * Keeps the `contributions` table (schema version 6) equal to what the `games` table implies,
 * in the same transaction as every write to `games`: a Dexie DBCore middleware that both
 * database connections install (`db.ts`).
 *
 * Why a middleware and not a line in each verb: whether and what a card counts changes with
 * sign-off, reopening, void and restore, attaching a game to a league, cards received, backup
 * restores (merge and replace), deleting a league, and whatever writes games next. Each of
 * them writing the contributions too would leave the standings wrong the day one forgets;
 * here no write to `games` can skip them, and none can commit without them.
 *
 * How: every read-write transaction that includes `games` also includes `contributions`
 * (IndexedDB fixes a transaction's tables when it starts). A write to `games` first reads the
 * records it replaces or deletes, then goes ahead, then rewrites the pages whose contributions
 * changed (`editPages`). Writes to `games` within one transaction take turns, so two of them
 * never rewrite one page from the same stale copy. An in-progress game never counts: a score
 * tap, whose transaction read the game first, reads nothing more and writes no page
 * (`KnownGames`). The rest of the work (`contributions-work.ts`) loads apart (`LazyPart`).
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';
import { lockedWithResult } from '$lib/card/locked';
import type { GameRecord } from '$lib/card/records';
import { inTurn, KnownGames, LazyPart } from './upkeep-turns';

const GAMES = 'games';
const CONTRIBUTIONS = 'contributions';

const turns = new WeakMap<DBCoreTransaction, Promise<unknown>>();
const known = new KnownGames();
const work = new LazyPart(() => import('./contributions-work'));

/**
 * Whether write `req` to `games` leaves every game it touches uncounted before and after: each
 * is added or put unlocked (only a game locked with its result counts), and this transaction
 * already showed the ones it replaces or deletes unlocked (a score tap).
 */
function changesNothing(req: DBCoreMutateRequest): boolean {
	if (req.type === 'add') return req.values.every((g: GameRecord) => !lockedWithResult(g));
	if (req.type === 'put') {
		const ids = req.values.map((g: GameRecord) => g.id);
		return (
			req.values.every((g: GameRecord) => !lockedWithResult(g)) && known.unlocked(req.trans, ids)
		);
	}
	if (req.type === 'delete') return known.unlocked(req.trans, req.keys as string[]);
	return false;
}

/** The middleware; `MugginsDB` installs it. */
export const contributionsUpkeep: Middleware<DBCore> = {
	stack: 'dbcore',
	name: 'ContributionsUpkeep',
	// Above Dexie's own middlewares (levels -1 to 2): the pages written here go through its
	// observation of writes, so live queries of the standings run again.
	level: 10,
	create(down) {
		// While an upgrade runs the versions before 6, there is nothing to keep yet: version 6
		// fills the table from the games as they are then.
		if (!down.schema.tables.some((t) => t.name === CONTRIBUTIONS)) return {};
		work.prepare();
		return {
			transaction(stores, mode, options) {
				const widen = mode === 'readwrite' && stores.includes(GAMES);
				if (widen) void work.start().catch(() => undefined);
				const all = widen && !stores.includes(CONTRIBUTIONS) ? [...stores, CONTRIBUTIONS] : stores;
				return down.transaction(all, mode, options);
			},
			table(name) {
				const table = down.table(name);
				if (name !== GAMES) return table;
				const pages = down.table(CONTRIBUTIONS);
				return {
					...table,
					...known.watchReads(table),
					mutate: (req) =>
						inTurn(turns, req.trans, () => {
							const noted = known.writing(req);
							const done = changesNothing(req)
								? table.mutate(req)
								: work.in(table, req.trans, (w) => w.mutateGames(table, pages, req, known));
							return done.then((res) => {
								noted.after(res);
								return res;
							});
						})
				};
			}
		};
	}
};
