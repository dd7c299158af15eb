/**
 * Crafted cards (issue 13): a card file or QR text made by hand must never change another
 * card or the standings. Each case here was accepted before the fix.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { db } from '$lib/db/db';
import * as inbox from '$lib/db/inbox';
import { inboxOf } from '../support/inbox-all';
import * as signatures from '$lib/db/signatures';
import * as invites from '$lib/db/invites';
import { toCard, type PlayerRecord, type ReceivedCard } from '$lib/card/records';
import { fingerprint } from '$lib/rules/fingerprint';
import { at, resetDb } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';
import { signedCard } from './fixtures';

let leagueId: string;
let card: ReceivedCard;
let other: ReceivedCard;
let players: PlayerRecord[];

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana', 'Ben', 'Maria']);
	leagueId = made.leagueId;
	const students = [...made.students.values()];
	players = students.slice(0, 3);
	card = await signedCard(players, 2, { leagueId });
	other = await signedCard(students.slice(0, 2), 3, { leagueId, minute: 100 });
	await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
		await db.games.clear();
		await db.logs.clear();
		await db.gameSignatures.clear();
	});
});

/** How a copy is disguised: its entries' times moved by `shiftMs` each, their ids renamed. */
interface Disguise {
	shiftMs?: readonly number[];
	renameEntries?: boolean;
}

/**
 * `c` saved under game id `id`, disguised as `disguise` says, fingerprint recomputed and every
 * signature re-made for it.
 */
async function copiedAs(
	c: ReceivedCard,
	id: string,
	disguise: Disguise = {}
): Promise<ReceivedCard> {
	const copy = structuredClone(c);
	copy.game.id = id;
	const renamed = new Map(copy.events.map((e, i) => [e.event.id, `${id}-entry-${i}`]));
	for (const [i, e] of copy.events.entries()) {
		e.gameId = id;
		const shift = disguise.shiftMs?.[i % disguise.shiftMs.length] ?? 0;
		e.at = new Date(Date.parse(e.at) + shift).toISOString();
		if (disguise.renameEntries) {
			e.event = { ...e.event, id: renamed.get(e.event.id) ?? e.event.id };
			if (e.event.type === 'void') e.event.target = renamed.get(e.event.target) ?? e.event.target;
		}
	}
	const print = await fingerprint(toCard(copy.game, copy.events));
	copy.game.fingerprint = print;
	copy.signatures = copy.signatures.map((s, i) => ({
		...s,
		id: `${id}-sig-${i}`,
		gameId: id,
		fingerprint: print
	}));
	return copy;
}

describe('a crafted card', () => {
	it('cannot take over the signature of a counted card: each card keeps its own (item 1)', async () => {
		await inbox.receive(leagueId, card);
		const held = await signatures.list(card.game.id);
		const thief = structuredClone(other);
		const victim = card.signatures[0];
		(thief.signatures[0] as { id: string }).id = victim?.id ?? '';
		await inbox.receive(leagueId, thief);
		expect(await signatures.list(card.game.id)).toEqual(held);
		expect(held.map((s) => s.id)).toContain(victim?.id);
		expect(await cards.changedAfterSigning(leagueId)).toEqual(new Set());
		// The other card counts too, with its own signatures: the id it borrowed changed nothing.
		const counted = (await cards.counted(leagueId)).map((c) => c.gameId);
		expect(counted.sort()).toEqual([card.game.id, other.game.id].sort());
	});

	it('cannot take the place of a game of this device outside the league (item 1)', async () => {
		const quick = { ...structuredClone(card.game), leagueId: null };
		await db.games.add(quick);
		await expect(inbox.receive(leagueId, card)).rejects.toMatchObject({
			code: 'incoming-id-taken'
		});
		expect(await db.games.get(card.game.id)).toEqual(quick);
	});

	it('refused for a wrong lock does not turn the genuine card away (item 4)', async () => {
		const wrong = structuredClone(card);
		wrong.game.fingerprint = 'f'.repeat(64);
		expect((await inbox.receive(leagueId, wrong)).state).toBe('refused');
		const genuine = await inbox.receive(leagueId, card);
		expect(genuine.state).toBe('counted');
		expect(await inboxOf(leagueId)).toHaveLength(1);
		expect((await cards.counted(leagueId)).map((c) => c.gameId)).toEqual([card.game.id]);
	});

	it('refused, can be removed from the inbox; a counted card cannot (item 4)', async () => {
		const wrong = structuredClone(card);
		wrong.game.fingerprint = 'f'.repeat(64);
		const refused = await inbox.receive(leagueId, wrong);
		await inbox.dismiss(refused.id);
		expect(await inboxOf(leagueId)).toEqual([]);
		const counted = await inbox.receive(leagueId, card);
		await expect(inbox.dismiss(counted.id)).rejects.toMatchObject({ code: 'not-in-inbox' });
		expect(await cards.counted(leagueId)).toHaveLength(1);
	});

	it('copied under a new game id waits for the instructor instead of counting twice (item 6)', async () => {
		await inbox.receive(leagueId, card);
		const copy = await inbox.receive(leagueId, await copiedAs(card, 'copy-of-card'));
		expect(copy).toMatchObject({ state: 'conflict', reasons: [{ code: 'inbox-copy' }] });
		expect((await cards.counted(leagueId)).map((c) => c.gameId)).toEqual([card.game.id]);
		await inbox.choose(copy.id);
		expect(await cards.counted(leagueId)).toHaveLength(2);
	});

	it('copied with one entry 1 ms later, its entries renamed and its signatures typed again, counts once (issue 37, finding 2)', async () => {
		await inbox.receive(leagueId, card);
		const disguised = await copiedAs(card, 'copy-of-card', {
			shiftMs: [0, 1],
			renameEntries: true
		});
		expect(disguised.game.fingerprint).not.toBe(card.game.fingerprint);
		const copy = await inbox.receive(leagueId, disguised);
		expect(copy).toMatchObject({ state: 'conflict', reasons: [{ code: 'inbox-copy' }] });
		expect((await cards.counted(leagueId)).map((c) => c.gameId)).toEqual([card.game.id]);
	});

	it('copied with any shift of its times, renamed or not, never counts twice (property)', async () => {
		await inbox.receive(leagueId, card);
		let n = 0;
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.integer({ min: -86_400_000, max: 86_400_000 }), { minLength: 1, maxLength: 8 }),
				fc.boolean(),
				async (shiftMs, renameEntries) => {
					const copy = await inbox.receive(
						leagueId,
						await copiedAs(card, `copy-${n++}`, { shiftMs, renameEntries })
					);
					expect(copy.state).toBe('conflict');
					expect((await cards.counted(leagueId)).map((c) => c.gameId)).toEqual([card.game.id]);
				}
			),
			{ numRuns: 25 }
		);
	});

	it('a different game of the same players is no copy', async () => {
		await inbox.receive(leagueId, card);
		const again = await signedCard(players, 3, { leagueId, minute: 200 });
		expect(again.game.seats).toEqual(card.game.seats);
		expect((await inbox.receive(leagueId, again)).state).toBe('counted');
		expect(await cards.counted(leagueId)).toHaveLength(2);
	});

	it('with a forged result counts the score its events make (item 2, inbox path)', async () => {
		const forged = structuredClone(card);
		const result = forged.game.result;
		if (!result) throw new Error('a signed card has a result');
		const loser = result.sides.find((s) => !result.winners.includes(s.label));
		if (loser) loser.total = 99;
		result.winners = loser ? [loser.label] : [];
		await inbox.receive(leagueId, forged);
		const [counted] = await cards.counted(leagueId);
		expect(counted?.sides.map((s) => s.total)).toEqual(card.game.result?.sides.map((s) => s.total));
		expect(counted?.winners).toEqual(card.game.result?.winners);
	});

	it('with a 200-character or invisible signer name is refused (item 8, card path)', async () => {
		for (const name of ['x'.repeat(200), '\u200b\u202e ', '\n']) {
			const bad = structuredClone(card);
			(bad.signatures[0] as { name: string }).name = name;
			await expect(inbox.receive(leagueId, bad)).rejects.toMatchObject({ code: 'incoming-name' });
		}
		const spaced = structuredClone(card);
		(spaced.signatures[0] as { name: string }).name = 'Ana\u200b';
		const entry = await inbox.receive(leagueId, spaced);
		expect(Object.values(entry.names)).toContain('Ana');
		expect(await db.inbox.count()).toBe(1);
	});
});

/** How a phone that joined from the instructor's signed code takes `invite` (issue 37). */
function asPhone(invite: { league: { ownerKey?: string } }) {
	return { trust: { signer: invite.league.ownerKey ?? null, mine: 'a phone’s key' } };
}

describe('a crafted invite', () => {
	it('has its names cleaned by the one rule, and refused when none is left (item 8)', async () => {
		const invite = await invites.inviteOf(leagueId);
		await db.players.clear();
		await db.leagues.clear();
		const sneaky = structuredClone(invite);
		sneaky.roster[0]!.name = ' Ana\u200b\u202e\n';
		await invites.join(sneaky, asPhone(sneaky));
		expect((await db.players.get(sneaky.roster[0]!.id))?.name).toBe('Ana');
		for (const name of ['x'.repeat(200), '\u200b', '']) {
			const bad = structuredClone(invite);
			bad.roster[1]!.name = name;
			await expect(invites.join(bad, asPhone(bad))).rejects.toMatchObject({
				code: 'incoming-name'
			});
		}
	});

	it('cannot move a player of another league onto its roster (item 1)', async () => {
		const elsewhere = await leagueWith(['Zoe'], 'Period 5');
		const zoe = [...elsewhere.students.values()][0]!;
		const invite = await invites.inviteOf(leagueId);
		invite.roster.push({ id: zoe.id, name: 'Zoe', retiredAt: null, updatedAt: at(300) });
		await expect(invites.join(invite, asPhone(invite))).rejects.toMatchObject({
			code: 'incoming-id-taken'
		});
		expect((await db.players.get(zoe.id))?.leagueId).toBe(elsewhere.leagueId);
	});
});
