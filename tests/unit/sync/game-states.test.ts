/**
 * Where a handed-out game stands on its phone, over the real server in this process (PGlite in
 * memory): the phone says joined, playing, then finished, once each; the instructor's device
 * hears it.
 */
import 'fake-indexeddb/auto';
import { beforeEach, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as groupCodes from '$lib/class-loop/group-codes';
import * as sessions from '$lib/db/sessions';
import { SAY_AGAIN_MS, heard, pullGameStates, reportGames } from '$lib/sync/game-states';
import * as sync from '$lib/sync/sync';
import { leagueWith } from '../db/league-helpers';
import { freshPhoneFrom } from './fresh-phone';
import { ADDRESS, inProcessServer } from './in-process-server';

inProcessServer();
let leagueId: string;

beforeEach(async () => {
	leagueId = (await leagueWith(['Ana', 'Ben', 'Maria'])).leagueId;
});

it('a phone says it joined, plays, then finished, each once; the instructor hears it', async () => {
	const everyone = (await db.players.where('leagueId').equals(leagueId).toArray()).map((p) => p.id);
	const session = await sessions.create(leagueId, '2026-02-03');
	await sessions.setPresent(session.id, everyone);
	await sessions.arrange(session.id, [everyone]);
	await groupCodes.handOut(session.id);
	const instructor = await sync.connect(ADDRESS, leagueId);

	await freshPhoneFrom(leagueId);
	const phone = await sync.join(ADDRESS, leagueId, instructor.joinCode ?? '', 'Group 1');
	await sync.pullLeague(phone);
	// Nothing taken yet: nothing to say. A quick game on the phone is never told.
	expect(await reportGames(phone)).toBe(0);
	const quick = await games.create({ players: everyone.map((id) => ({ id })), leagueId });
	await games.append(quick.id, { type: 'score', player: everyone[0]!, count: 5 });
	expect(await reportGames(phone)).toBe(0);

	const [group] = await groupCodes.ofLeague(leagueId);
	const gameId = await groupCodes.pick(group?.gameId ?? '');
	expect(await reportGames(phone)).toBe(1);
	expect(await reportGames(phone)).toBe(0);
	expect(await pullGameStates(instructor)).toBe(1);
	expect(heard.get(gameId)?.state).toBe('joined');

	await games.append(gameId, { type: 'score', player: everyone[0]!, count: 10 });
	expect(await reportGames(phone)).toBe(1);
	expect(await pullGameStates(instructor)).toBe(1);
	expect(heard.get(gameId)?.state).toBe('playing');
	expect(heard.has(quick.id)).toBe(false);
	expect(await pullGameStates(instructor)).toBe(0);

	await games.append(gameId, { type: 'end' });
	expect(await reportGames(phone)).toBe(1);
	expect(await pullGameStates(instructor)).toBe(1);
	expect(heard.get(gameId)?.state).toBe('finished');

	// Nothing changed: said again only once a minute has passed, so the instructor's device
	// can tell a phone that went quiet from a group that has not scored.
	const now = Date.now();
	expect(await reportGames(phone, now + SAY_AGAIN_MS - 1_000)).toBe(0);
	expect(await reportGames(phone, now + SAY_AGAIN_MS + 1_000)).toBe(1);
	expect(await reportGames(phone, now + SAY_AGAIN_MS + 2_000)).toBe(0);
});
