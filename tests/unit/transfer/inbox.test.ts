import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { db } from '$lib/db/db';
import * as inbox from '$lib/db/inbox';
import { inboxOf } from '../support/inbox-all';
import * as invites from '$lib/db/invites';
import * as outbox from '$lib/db/outbox';
import * as roster from '$lib/db/roster';
import type { ReceivedCard } from '$lib/card/records';
import * as signatures from '$lib/db/signatures';
import { at, resetDb } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';
import { signedCard } from './fixtures';

let leagueId: string;
let card: ReceivedCard;

/** The instructor's league, and a card signed on a phone that joined it (same ids). */
beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana', 'Ben', 'Maria']);
	leagueId = made.leagueId;
	const students = [...made.students.values()];
	card = await signedCard(students.slice(0, 3), 2, { leagueId });
	// The phone's copy leaves this device: the instructor's store knows only the league.
	await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
		await db.games.clear();
		await db.logs.clear();
		await db.gameSignatures.clear();
	});
});

describe('receive', () => {
	it('counts a card that passes every check in the standings', async () => {
		const entry = await inbox.receive(leagueId, card);
		expect(entry).toMatchObject({ state: 'counted', reasons: [] });
		expect(await cards.counted(leagueId)).toHaveLength(1);
	});

	it('keeps the same card received twice as one card', async () => {
		const first = await inbox.receive(leagueId, card, { now: at(60) });
		const again = await inbox.receive(leagueId, structuredClone(card), { now: at(61) });
		expect(again).toEqual(first);
		expect(await inboxOf(leagueId)).toHaveLength(1);
		expect(await cards.counted(leagueId)).toHaveLength(1);
	});

	it('refuses a card changed after signing, and it does not count', async () => {
		const changed = structuredClone(card);
		const score = changed.events.find((e) => e.event.type === 'score');
		if (score?.event.type === 'score') score.event.count = 35;
		const entry = await inbox.receive(leagueId, changed);
		expect(entry.state).toBe('refused');
		expect(entry.reasons).toEqual([{ code: 'inbox-changed' }]);
		expect(await cards.counted(leagueId)).toHaveLength(0);
	});

	it('refuses a card a player has not signed, naming them', async () => {
		const partial = { ...card, signatures: card.signatures.slice(0, 2) };
		const entry = await inbox.receive(leagueId, partial);
		expect(entry.reasons).toEqual([{ code: 'inbox-unsigned', name: 'Maria' }]);
	});

	it('refuses a card for another league', async () => {
		const other = await leagueWith(['Zoe'], 'Period 5');
		const entry = await inbox.receive(other.leagueId, card);
		expect(entry.reasons).toEqual([{ code: 'inbox-other-league' }]);
		expect(await cards.counted(other.leagueId)).toHaveLength(0);
	});

	it('refuses a card whose player is not on the roster, naming them', async () => {
		const maria = card.game.seats[2] as string;
		await db.players.update(maria, { leagueId: null });
		const entry = await inbox.receive(leagueId, card);
		expect(entry.reasons).toEqual([{ code: 'inbox-not-on-roster', name: 'Maria' }]);
	});

	it('keeps two versions of one card, neither counting until the instructor chooses', async () => {
		await inbox.receive(leagueId, card, { now: at(60) });
		// The phone reopens the card, records one more count, and everyone signs again.
		await db.games.put(card.game);
		await db.logs.put({ gameId: card.game.id, events: card.events });
		await db.gameSignatures.put({ gameId: card.game.id, signatures: card.signatures });
		await signatures.reopen(card.game.id, 'Missed a count', { now: at(62) });
		expect(await db.games.get(card.game.id)).toMatchObject({ signedAt: null });
		await db.games.update(card.game.id, { leagueId });
		const second = structuredClone(card);
		second.game.createdAt = at(1);
		second.signatures = [];
		const entry2 = await inbox.receive(leagueId, await resign(second));
		expect(entry2.state).toBe('conflict');
		const all = await inboxOf(leagueId);
		expect(all.map((e) => e.state).sort()).toEqual(['conflict', 'conflict']);
		expect(await cards.counted(leagueId)).toHaveLength(0);
		const chosen = await inbox.choose(entry2.id);
		expect(chosen.state).toBe('counted');
		expect((await inboxOf(leagueId)).map((e) => e.state).sort()).toEqual(['counted', 'set-aside']);
		expect(await cards.counted(leagueId)).toHaveLength(1);
		expect((await db.games.get(card.game.id))?.fingerprint).toBe(entry2.fingerprint);
	});

	it('refuses a card whose entries belong to another game, storing nothing', async () => {
		const broken = structuredClone(card);
		(broken.events[0] as { gameId: string }).gameId = 'elsewhere';
		await expect(inbox.receive(leagueId, broken)).rejects.toMatchObject({
			code: 'transfer-damaged'
		});
		expect(await db.inbox.count()).toBe(0);
	});
});

/** Signs `card`'s game afresh in this store, as its players would on the phone. */
async function resign(changed: ReceivedCard): Promise<ReceivedCard> {
	await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
		await db.logs.delete(changed.game.id);
		await db.gameSignatures.delete(changed.game.id);
		await db.games.put({ ...changed.game, signedAt: null, fingerprint: null, result: null });
		await db.logs.add({ gameId: changed.game.id, events: changed.events });
	});
	for (const [i, seat] of changed.game.seats.entries()) {
		await signatures.sign(changed.game.id, seat, { typed: nameOf(i) }, { now: at(70 + i) });
	}
	const out = await outbox.cardOf(changed.game.id);
	await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
		await db.logs.delete(changed.game.id);
		await db.gameSignatures.delete(changed.game.id);
		await db.games.delete(changed.game.id);
	});
	return out;
}

function nameOf(i: number): string {
	return ['Ana', 'Ben', 'Maria'][i] as string;
}

/** How a phone that joined from the instructor's signed code takes `invite` (issue 37). */
function asPhone(invite: { league: { ownerKey?: string } }) {
	return { trust: { signer: invite.league.ownerKey ?? null, mine: 'a phone’s key' } };
}

describe('invites', () => {
	it('join a league on another device and update its roster without touching games', async () => {
		const invite = await invites.inviteOf(leagueId);
		await inbox.receive(leagueId, card);
		const gamesBefore = await db.games.toArray();
		await db.players.clear();
		await db.leagues.clear();
		const joined = await invites.join(invite, asPhone(invite));
		expect(joined).toMatchObject({ added: 3, updated: 0 });
		const renamed = {
			...invite,
			roster: invite.roster.map((l) =>
				l.name === 'Ben' ? { ...l, name: 'Benji', updatedAt: at(90) } : l
			)
		};
		expect(await invites.join(renamed, asPhone(renamed))).toMatchObject({ added: 0, updated: 1 });
		expect(await db.games.toArray()).toEqual(gamesBefore);
		expect(
			(await db.players.where('leagueId').equals(leagueId).toArray()).map((p) => p.name).sort()
		).toEqual(['Ana', 'Benji', 'Maria']);
	});

	it('carry no student ids to the phones, and a newer line keeps the id this device holds', async () => {
		const [ben] = await db.players.where('nameKey').equals('ben').toArray();
		await roster.edit(ben!.id, { name: ben!.name, studentId: 'ben@school.org' }, { now: at(80) });
		const invite = await invites.inviteOf(leagueId);
		expect(JSON.stringify(invite)).not.toContain('school.org');
		const renamed = {
			...invite,
			roster: invite.roster.map((l) =>
				l.id === ben!.id ? { ...l, name: 'Benji', updatedAt: at(90) } : l
			)
		};
		await invites.join(renamed, asPhone(renamed));
		expect(await db.players.get(ben!.id)).toMatchObject({
			name: 'Benji',
			studentId: 'ben@school.org'
		});
	});
});

describe('attach', () => {
	it('attaches an unsigned quick game of roster players, and refuses one already signed', async () => {
		const seats = card.game.seats.map((id) => ({ id }));
		const { create } = await import('$lib/db/games');
		const quick = await create({ players: seats, now: at(80) });
		expect((await outbox.attach(quick.id, leagueId)).leagueId).toBe(leagueId);
		await db.games.put(card.game);
		await db.gameSignatures.put({ gameId: card.game.id, signatures: card.signatures });
		await expect(outbox.attach(card.game.id, leagueId)).rejects.toMatchObject({
			code: 'card-has-signatures'
		});
	});
});

describe('where a card counts, and who sent it (issue 37)', () => {
	it('counts by itself only in its place; any other card waits until the instructor accepts it', async () => {
		await resetDb();
		const made = await leagueWith(['Ana', 'Ben']);
		const unplaced = await signedCard([...made.students.values()], 1, {
			leagueId: made.leagueId,
			placed: false
		});
		await db.games.clear();
		const entry = await inbox.receive(made.leagueId, unplaced, { sender: { key: 'K1' } });
		expect(entry).toMatchObject({ state: 'conflict', reasons: [{ code: 'inbox-no-place' }] });
		expect(await cards.counted(made.leagueId)).toHaveLength(0);
		await inbox.choose(entry.id);
		expect(await cards.counted(made.leagueId)).toHaveLength(1);
	});

	it('waits for the instructor when nobody says who sent it (a file from before keys)', async () => {
		const entry = await inbox.receive(leagueId, card, { sender: null });
		expect(entry).toMatchObject({ state: 'conflict', reasons: [{ code: 'inbox-no-sender' }] });
		expect(await cards.counted(leagueId)).toHaveLength(0);
	});

	it('names the phone by the group whose card first came signed by its key', async () => {
		const first = await inbox.receive(leagueId, card, { sender: { key: 'K1' } });
		expect(first).toMatchObject({ state: 'counted', sentBy: 'Group 1’s phone' });
		const students = await db.players.where('leagueId').equals(leagueId).toArray();
		const next = await signedCard(students.slice(0, 2), 1, { leagueId, minute: 9 });
		const second = await inbox.receive(leagueId, next, { sender: { key: 'K1' } });
		// Its place is another group's: the name it first got shows that the phone moved.
		expect(second.sentBy).toBe('Group 1’s phone');
		const fromServer = await inbox.receive(leagueId, card, { sender: { server: 'Table 4' } });
		expect(fromServer.sentBy).toBe('Group 1’s phone'); // the same card: its first record
	});
});
