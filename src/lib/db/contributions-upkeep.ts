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
 * (`KnownGames`).
 */
import type {
	DBCore,
	DBCoreMutateRequest,
	DBCoreMutateResponse,
	DBCoreTable,
	DBCoreTransaction,
	Middleware
} from 'dexie';
import { changeOf, editPages, pagesTouched, type Change } from './contributions';
import type { ContributionPageRecord, GameRecord } from './records';
import { failed, inTurn, KnownGames } from './upkeep-turns';

const GAMES = 'games';
const CONTRIBUTIONS = 'contributions';

/** Dexie's `DBCoreRangeType.Any` (a const enum, which cannot be imported at run time). */
const WHOLE_TABLE = 3;

const turns = new WeakMap<DBCoreTransaction, Promise<unknown>>();
const known = new KnownGames();

/**
 * The game records `req` replaces or deletes that counted (none for an add: it adds new ids
 * only), then `next` with them. Games this transaction already showed unlocked are not read:
 * they counted nowhere.
 */
function withBefore<T>(
	games: DBCoreTable,
	req: DBCoreMutateRequest,
	next: (old: GameRecord[]) => Promise<T>
): Promise<T> {
	const { trans } = req;
	if (req.type === 'add') return next([]);
	if (req.type === 'deleteRange') {
		const query = { index: games.schema.primaryKey, range: req.range };
		return games
			.query({ trans, values: true, query })
			.then(({ result }) => next(result as GameRecord[]));
	}
	const keys: string[] = req.type === 'put' ? req.values.map((v: GameRecord) => v.id) : req.keys;
	if (known.unlocked(trans, keys)) return next([]);
	return games.getMany({ trans, keys }).then((found: (GameRecord | undefined)[]) => {
		known.read(trans, keys, found);
		return next(found.filter((g): g is GameRecord => g !== undefined));
	});
}

/** How `req`, which `res` answered, changed contributions; `old` from `withBefore`. */
function changesOf(
	req: DBCoreMutateRequest,
	res: DBCoreMutateResponse,
	old: readonly GameRecord[]
): Change[] {
	const was = new Map(old.map((g) => [g.id, g]));
	const changes: (Change | null)[] = [];
	if (req.type === 'add' || req.type === 'put') {
		req.values.forEach((game: GameRecord, i) => {
			// A write that failed (a bulkAdd's existing id) left the record as it was.
			if (res.failures[i] === undefined) changes.push(changeOf(game.id, was.get(game.id), game));
		});
	} else {
		for (const game of old) changes.push(changeOf(game.id, game, undefined));
	}
	return changes.filter((c): c is Change => c !== null);
}

/** Rewrites the pages `changes` touch, in `trans`. */
function rewrite(pages: DBCoreTable, trans: DBCoreTransaction, changes: Change[]): Promise<void> {
	const keys = pagesTouched(changes);
	return pages.getMany({ trans, keys }).then((held: (ContributionPageRecord | undefined)[]) => {
		const stored = held.filter((p): p is ContributionPageRecord => p !== undefined);
		const { put, emptied } = editPages(stored, changes);
		return pages
			.mutate({ trans, type: 'put', values: put })
			.then(failed)
			.then(() => pages.mutate({ trans, type: 'delete', keys: emptied }))
			.then(failed);
	});
}

/**
 * The write `req` to `games`, and the pages it changes. Chained with `then`, never `await`:
 * Dexie follows its transaction through the `then` of its own promises, and the middlewares
 * below this one read it, while an `await` can lose it.
 */
function mutateGames(
	games: DBCoreTable,
	pages: DBCoreTable,
	req: DBCoreMutateRequest
): Promise<DBCoreMutateResponse> {
	const { trans } = req;
	if (req.type === 'deleteRange' && req.range.type === WHOLE_TABLE) {
		// Every game goes (a restore that replaces everything): so does every contribution.
		return games.mutate(req).then((res) =>
			pages
				.mutate({ trans, type: 'deleteRange', range: req.range })
				.then(failed)
				.then(() => res)
		);
	}
	const noted = known.writing(req);
	return withBefore(games, req, (old) =>
		games.mutate(req).then((res) => {
			noted.after(res);
			const changes = changesOf(req, res, old);
			return changes.length === 0 ? res : rewrite(pages, trans, changes).then(() => res);
		})
	);
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
		return {
			transaction(stores, mode, options) {
				const widen = mode === 'readwrite' && stores.includes(GAMES);
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
					mutate: (req) => inTurn(turns, req.trans, () => mutateGames(table, pages, req))
				};
			}
		};
	}
};
