/**
 * A session's groups from the instructor's device to the phones: each "device" is the same
 * fake database, emptied between the instructor's part and the phone's (ids stay the same).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as groupCodes from '$lib/class-loop/group-codes';
import * as role from '$lib/db/role';
import * as sessions from '$lib/db/sessions';
import * as sharedStandings from '$lib/class-loop/sharing';
import { groupPayload, sessionPayload } from '$lib/transfer/envelope';
import { toCodes, fromCodes } from '$lib/transfer/codes';
import { groupCode, readTypedCode } from '$lib/transfer/group-code';
import { parsePayload } from '$lib/transfer/payload';
import { sealed } from '$lib/transfer/sealed';
import { deviceKey, type DeviceKey } from '$lib/db/device-key';
import { at, resetDb } from '../db/helpers';
import { refused } from '../db/refused';
import { leagueWith } from '../db/league-helpers';

let out: groupCodes.HandedOut;
/** The instructor's device's key, kept when its database becomes the phone's. */
let owner: DeviceKey;
/** A group's or a session's code as the instructor's device signs it. */
const g = (...a: Parameters<typeof groupPayload>) => sealed(groupPayload(...a), owner);
const s = (...a: Parameters<typeof sessionPayload>) => sealed(sessionPayload(...a), owner);

/** The instructor's session of 7 present students in two groups, handed out; then a phone. */
beforeEach(async () => {
	await resetDb();
	const { leagueId } = await leagueWith(['Ana', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus']);
	const session = await sessions.create(leagueId, '2026-02-03', { now: at(1) });
	const all = (await db.players.where('leagueId').equals(leagueId).toArray()).map((p) => p.id);
	await sessions.setPresent(session.id, all, { now: at(2) });
	await sessions.arrange(session.id, [all.slice(0, 4), all.slice(4)], { now: at(3) });
	out = await groupCodes.handOut(session.id, { now: at(4) });
	owner = await deviceKey();
	await resetDb();
});

describe('handing out', () => {
	it('fixes each group’s game, and gives the same codes when handed out again', async () => {
		await resetDb();
		const { leagueId } = await leagueWith(['Ana', 'Ben', 'Cleo']);
		const session = await sessions.create(leagueId, '2026-02-03', { now: at(1) });
		const all = (await db.players.toArray()).map((p) => p.id);
		await sessions.setPresent(session.id, all, { now: at(2) });
		await sessions.arrange(session.id, [all], { now: at(3) });
		const first = await groupCodes.handOut(session.id, { now: at(4) });
		const again = await groupCodes.handOut(session.id, { now: at(5) });
		expect(first.groups).toHaveLength(1);
		expect(again).toEqual(first);
		expect((await sessions.get(session.id)).groups[0]?.gameId).toBe(first.groups[0]?.gameId);
		// A handed-out group is fixed: it can no longer be re-rolled.
		await expect(sessions.arrange(session.id, [all])).rejects.toMatchObject({
			code: 'group-started'
		});
	});
});

describe('a group’s code on a phone', () => {
	it('lands the phone in the group’s game: league, session, seats and rules set', async () => {
		const group = out.groups[1]!;
		const payload = parsePayload(
			JSON.parse(JSON.stringify(await fromCodes(await toCodes(await g(out, group)))))
		);
		expect(payload.kind).toBe('group');
		const gameId = await groupCodes.takeGroup(payload as ReturnType<typeof groupPayload>, {
			now: at(10)
		});
		expect(gameId).toBe(group.gameId);
		const game = await db.games.get(gameId);
		expect(game).toMatchObject({
			leagueId: out.league.id,
			sessionId: out.session.id,
			seats: group.players.map((p) => p.id),
			rulesetId: out.league.rulesetId
		});
		expect(group.players).toHaveLength(3);
		expect((await db.players.toArray()).map((p) => p.name).sort()).toEqual(
			group.players.map((p) => p.name).sort()
		);
		expect(await role.get()).toBe('group');
		// Scanned again: the same game, nothing doubled.
		expect(await groupCodes.takeGroup(await g(out, group))).toBe(gameId);
		expect(await db.games.count()).toBe(1);
	});

	it('refuses a foreign code, a damaged one and a forged one, changing nothing', async () => {
		const group = out.groups[0]!;
		expect(await refused(async () => parsePayload({ kind: 'group' }))).toMatch(/not a Muggins/);
		expect(
			await refused(async () =>
				parsePayload({ ...groupPayload(out, group), group: { ...group, code: 'AB' } })
			)
		).toMatch(/damaged/);
		const forged = groupPayload(out, { ...group, gameId: out.groups[1]!.gameId });
		expect(await refused(async () => groupCodes.takeGroup(forged))).toBe(
			'That is not a group code: a group code is 4 letters and digits, like K7QM. Check it and type it again.'
		);
	});

	it('takes a code whole or not at all: a last write that fails leaves no league joined', async () => {
		// The last write fails (a full disk, say): the league, its players, the phone's role and
		// the standings, written before it in the same transaction, go with it.
		const fail = () => {
			throw new Error('no space left');
		};
		const group = await g(out, out.groups[0]!);
		const session = await s(out);
		for (const [table, take] of [
			[db.games, () => groupCodes.takeGroup(group)],
			[db.assignments, () => groupCodes.takeSession(session)]
		] as const) {
			table.hook('creating', fail);
			try {
				expect(await refused(take)).toMatch(/went wrong/);
			} finally {
				table.hook('creating').unsubscribe(fail);
			}
			expect(await db.leagues.count()).toBe(0);
		}
		expect(await groupCodes.takeGroup(group)).toBe(out.groups[0]!.gameId);
	});

	it('refuses a code from an older list of groups than the phone holds, changing nothing', async () => {
		const newer = {
			...out,
			session: { ...out.session, updatedAt: at(30) },
			groups: [{ ...out.groups[0]!, gameId: 'a-new-game' }]
		};
		newer.groups[0]!.code = await groupCode(out.session.id, 0, 'a-new-game');
		await groupCodes.takeSession(await s(newer));
		expect(await refused(async () => groupCodes.takeGroup(await g(out, out.groups[0]!)))).toBe(
			'That code is from an older list of groups: the groups were changed since. Ask the instructor for the new code.'
		);
	});
});

describe('standings shared on a group’s or a session’s code', () => {
	const standings = () => ({
		league: out.league.id,
		at: at(20),
		rows: [['Ana', 2, 1, 40, 1] as [string, number, number, number, number]]
	});

	it('are kept on the phone with the group', async () => {
		await groupCodes.takeGroup(await g(out, out.groups[0]!, standings()));
		expect(await sharedStandings.held(out.league.id)).toEqual(standings());
	});

	it('are kept from the whole session’s code too', async () => {
		await groupCodes.takeSession(await s(out, standings()));
		expect(await sharedStandings.held(out.league.id)).toEqual(standings());
	});

	it('of another league refuse the code, changing nothing', async () => {
		const foreign = { ...standings(), league: 'another-league' };
		expect(
			await refused(async () => groupCodes.takeGroup(await g(out, out.groups[0]!, foreign)))
		).toBe('Those standings are from another league than this phone’s. Nothing was changed.');
		expect(await refused(async () => groupCodes.takeSession(await s(out, foreign)))).toMatch(
			/another league/
		);
	});
});

describe('a whole session on a phone', () => {
	it('keeps every group for the phone to pick its own, by the list or by the short code', async () => {
		await groupCodes.takeSession(await s(out), { now: at(10) });
		expect(await db.games.count()).toBe(0);
		const held = await groupCodes.ofLeague(out.league.id);
		expect(held.map((a) => a.takenAt)).toEqual([null, null]);
		const code = out.groups[1]!.code;
		const typed = ` ${code.slice(0, 2).toLowerCase()}-${code.slice(2)} `;
		const gameId = await groupCodes.pickByCode(typed, { now: at(11) });
		expect(gameId).toBe(out.groups[1]!.gameId);
		expect(await db.games.count()).toBe(1);
		expect((await groupCodes.ofLeague(out.league.id)).map((a) => a.takenAt)).toEqual([
			null,
			at(11)
		]);
	});

	it('says plainly when a typed code is not a code, or no group has it, changing nothing', async () => {
		await groupCodes.takeSession(await s(out));
		expect(await refused(() => groupCodes.pickByCode('K7'))).toMatch(/^That is not a group code/);
		expect(await refused(() => groupCodes.pickByCode('0O1I'))).toMatch(/^That is not a group code/);
		const unused = [...'23456789ABCDEFGH']
			.map((c) => c.repeat(4))
			.find((c) => !out.groups.some((g) => g.code === c))!;
		expect(await refused(() => groupCodes.pickByCode(unused))).toMatch(
			/^No group of this phone’s session has that code/
		);
	});
});

describe('typed codes', () => {
	it.each([
		['k7qm', 'K7QM'],
		['K7-QM', 'K7QM'],
		[' k 7 q m ', 'K7QM']
	])('%s reads as %s', (typed, code) => {
		expect(readTypedCode(typed)).toBe(code);
	});
});
