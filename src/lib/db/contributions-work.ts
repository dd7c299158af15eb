/**
 * The contributions' upkeep work for the writes to `games` that can change the standings
 * (`contributions-upkeep.ts` has the middleware and passes a score tap on without it): reading
 * the records a write replaces, and rewriting the pages whose contributions changed. Loaded
 * apart from the first screen.
 */
import type {
	DBCoreMutateRequest,
	DBCoreMutateResponse,
	DBCoreTable,
	DBCoreTransaction
} from 'dexie';
import { changeOf, editPages, pagesTouched, type Change } from '$lib/card/contributions';
import type { ContributionPageRecord, GameRecord } from '$lib/card/records';
import { failed, type KnownGames } from './upkeep-turns';

/** Dexie's `DBCoreRangeType.Any` (a const enum, which cannot be imported at run time). */
const WHOLE_TABLE = 3;

/**
 * The game records `req` replaces or deletes that counted (none for an add: it adds new ids
 * only), then `next` with them. Games this transaction already showed unlocked are not read:
 * they counted nowhere.
 */
function withBefore<T>(
	games: DBCoreTable,
	req: DBCoreMutateRequest,
	known: KnownGames,
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
export function mutateGames(
	games: DBCoreTable,
	pages: DBCoreTable,
	req: DBCoreMutateRequest,
	known: KnownGames
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
	return withBefore(games, req, known, (old) =>
		games.mutate(req).then((res) => {
			const changes = changesOf(req, res, old);
			return changes.length === 0 ? res : rewrite(pages, trans, changes).then(() => res);
		})
	);
}
