/**
 * Forgets the early paint's kept screens (`$lib/early-paint.ts`) at every write to the store,
 * as it begins and once it is done: a kept screen shows what the store held when it was
 * drawn, and a write may change it. A Dexie DBCore middleware, so no write can skip it.
 *
 * Chained with `then`, never `await` (as `upkeep.ts`): Dexie follows its transaction through
 * its own promises' `then`.
 */
import type { DBCore, Middleware } from 'dexie';
import { forgetEarlyPaints } from '$lib/early-paint';

export const paintForget: Middleware<DBCore> = {
	stack: 'dbcore',
	name: 'PaintForget',
	create(down) {
		return {
			...down,
			table(name) {
				const table = down.table(name);
				return {
					...table,
					mutate(req) {
						forgetEarlyPaints();
						return table.mutate(req).then((res) => {
							forgetEarlyPaints();
							return res;
						});
					}
				};
			}
		};
	}
};
