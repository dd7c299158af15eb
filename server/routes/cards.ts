/**
 * A league's cards: a phone or the instructor pushes one, the instructor pulls them. A push is
 * judged in order of cost: its token from the headers (core/auth.ts), before a byte of its body is
 * read; then its card, once (core/cards.ts); then one transaction stores it.
 */
import { Hono } from 'hono';
import { authorize } from '../core/auth';
import { readJson } from '../core/body';
import { PAGE_MAX, examineCard, pullCards, storeCard } from '../core/cards';
import type { Deps, ServerEnv } from '../core/context';
import { malformed } from '../core/errors';
import { wholeQuery } from './requests';

/** The card routes, mounted under `/api/leagues`. */
export function cardRoutes({ db, budget, live }: Deps): Hono<ServerEnv> {
	const routes = new Hono<ServerEnv>();

	routes.post('/:id/cards', authorize(db, ['instructor', 'device']), async (c) => {
		const caller = c.get('caller');
		const card = await examineCard(await readJson(c, budget), caller);
		const pushed = await storeCard(db, caller, card);
		if (pushed.created) live.poke(caller.leagueId, { cards: pushed.seq });
		return c.json({ seq: pushed.seq, stored: pushed.created }, pushed.created ? 201 : 200);
	});

	routes.get('/:id/cards', authorize(db, ['instructor']), async (c) => {
		const after = wholeQuery(c, 'after', 0);
		const limit = wholeQuery(c, 'limit', PAGE_MAX, PAGE_MAX);
		if (limit < 1) throw malformed(`limit: 1 to ${PAGE_MAX}`);
		return c.json(await pullCards(db, c.get('caller').leagueId, after, limit));
	});

	return routes;
}
