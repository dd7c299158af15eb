/**
 * The hubs' reads of live entries for several leagues in one statement
 * (server/core/live-reads.ts `liveAfterMany`): each ask answered as `liveAfter` answers it alone.
 */
import { describe, expect, it } from 'vitest';
import { liveAfter, liveAfterMany, type LiveAsk } from '../../server/core/live-reads';
import { liveClass, liveMessage } from './live-support';
import { L1, L2, TARGETS } from './support';
import { testServer } from './test-server';

describe.each(TARGETS)('liveAfterMany on $name', (target) => {
	const server = testServer(target);
	const { call } = server;

	it('answers each league’s ask as liveAfter does alone, runs, pages and bounds included', async () => {
		const one = await liveClass(call, L1, 2);
		const two = await liveClass(call, L2, 1);
		const [a] = one.phones;
		const [c] = two.phones;
		if (!a || !c) throw new Error('no phones');
		const send = (league: string, token: string, body: unknown) =>
			call('POST', `/api/leagues/${league}/live`, { token, json: body });
		await send(L1, a.token, await liveMessage(L1, one.gameId, 1, 3, a.signer));
		await send(L2, c.token, await liveMessage(L2, two.gameId, 1, 2, c.signer));
		await send(L1, a.token, await liveMessage(L1, one.gameId, 4, 4, a.signer));
		await send(L2, c.token, await liveMessage(L2, two.gameId, 3, 5, c.signer));
		await send(L1, a.token, await liveMessage(L1, one.gameId, 5, 6, a.signer));
		const all = await liveAfter(server.db.query, L1, 0, Number.MAX_SAFE_INTEGER);
		expect(all.runs.flatMap((r) => r.events.map((e) => e.seq))).toEqual([1, 2, 3, 4, 5, 6]);
		// L1's third entry's stream number: the asks below split L1's entries there.
		const numbers = await server.db.query<{ n: number }>(
			'select stream_seq as n from live_entries where league_id = $1 order by stream_seq',
			[L1]
		);
		const mid = Number(numbers[2]?.n);
		const asks: LiveAsk[] = [
			{ leagueId: L1, after: 0, upTo: Number.MAX_SAFE_INTEGER },
			{ leagueId: L2, after: 0, upTo: Number.MAX_SAFE_INTEGER },
			{ leagueId: L1, after: mid, upTo: Number.MAX_SAFE_INTEGER },
			// After the ask before it, of the same game: its first entry still carries the game.
			{ leagueId: L1, after: 0, upTo: mid },
			{ leagueId: L2, after: Number.MAX_SAFE_INTEGER - 1, upTo: Number.MAX_SAFE_INTEGER },
			{ leagueId: 'a3333333-3333-4333-8333-333333333333', after: 0, upTo: 10 }
		];
		for (const limit of [500, 2]) {
			const many = await liveAfterMany(server.db.query, asks, limit);
			const alone = await Promise.all(
				asks.map((x) => liveAfter(server.db.query, x.leagueId, x.after, x.upTo, limit))
			);
			expect(many).toEqual(alone);
		}
		expect(await liveAfterMany(server.db.query, [])).toEqual([]);
	});
});
