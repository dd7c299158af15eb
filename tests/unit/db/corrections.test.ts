import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBackup, readBackup, restoreBackup } from '$lib/backup/backup';
import * as cards from '$lib/db/cards';
import { correct, withdraw } from '$lib/db/corrections';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as inbox from '$lib/db/inbox';
import * as outbox from '$lib/db/outbox';
import * as role from '$lib/db/role';
import * as signatures from '$lib/db/signatures';
import type { EventRecord } from '$lib/card/records';
import { at, expectCode, resetDb, putEvent } from './helpers';
import { leagueWith, playGame, signForTest } from './league-helpers';
import { expectVerdictsKept } from './verdict-helpers';

beforeEach(resetDb);

/** A league of Ana and Ben with one signed card: Ana 20, Ben 15, Ana wins. */
async function signedCard() {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
	const [ana, ben] = [students.get('Ana')!, students.get('Ben')!];
	const id = await playGame(leagueId, [ana, ben], [20, 15]);
	return { leagueId, ana, ben, id };
}

/** Everything a refused correction must leave as it was. */
async function snapshot(leagueId: string, id: string) {
	return {
		record: await db.games.get(id),
		events: await games.eventsOf(id),
		signatures: await signatures.list(id),
		counted: await cards.counted(leagueId),
		verdict: await db.verdicts.get(id)
	};
}

describe('correct', () => {
	it('corrects a signed card at once: it still counts, with the corrected score and winner', async () => {
		const { leagueId, ana, ben, id } = await signedCard();
		const signedBefore = await signatures.list(id);
		const locked = (await db.games.get(id))!;

		await correct(
			id,
			{ player: ben.id, points: 10, note: ' A 10 was missed on hand 1 ' },
			{ now: at(90) }
		);

		const { record, state } = await games.get(id);
		// Still locked to what the players signed; their signatures stay as they were.
		expect([record.signedAt, record.fingerprint]).toEqual([locked.signedAt, locked.fingerprint]);
		expect(await signatures.list(id)).toEqual(signedBefore);
		expect(state.totals).toMatchObject({ [ana.id]: 20, [ben.id]: 25 });
		expect(record.result?.winners).toEqual([ben.id]);
		expect(record.result?.corrections).toEqual([
			{
				player: ben.id,
				side: ben.id,
				points: 10,
				note: 'A 10 was missed on hand 1',
				at: at(90),
				before: 15,
				after: 25
			}
		]);
		const [counted] = await cards.counted(leagueId);
		expect(counted).toMatchObject({ gameId: id, winners: [ben.id] });
		expect(counted?.sides.map((s) => s.total)).toEqual([20, 25]);
		expect((await signatures.inspect(await games.get(id))).status).toBe('signed');
		expect(await cards.changedAfterSigning(leagueId)).toEqual(new Set());
		await expectVerdictsKept();
	});

	it('keeps each correction with the total before it when the instructor corrects twice', async () => {
		const { leagueId, ben, id } = await signedCard();
		await correct(id, { player: ben.id, points: 10, note: 'Missed 10' }, { now: at(90) });
		await correct(id, { player: ben.id, points: -5, note: 'Counted a 5 twice' }, { now: at(91) });
		const { record } = await games.get(id);
		expect(record.result?.corrections?.map((c) => [c.points, c.before, c.after])).toEqual([
			[10, 15, 25],
			[-5, 25, 20]
		]);
		expect((await cards.counted(leagueId))[0]?.sides.map((s) => s.total)).toEqual([20, 20]);
		await expectVerdictsKept();
	});

	it('keeps a corrected card counting, with its correction, through a backup and a restore', async () => {
		const { leagueId, ben, id } = await signedCard();
		await correct(id, { player: ben.id, points: 10, note: 'Missed 10' }, { now: at(90) });
		const corrected = await db.games.get(id);
		const { text } = await makeBackup('0.1.0', { now: new Date('2026-03-27T15:00:00Z') });
		await resetDb();
		await restoreBackup(await readBackup(text), 'replace');
		expect(await db.games.get(id)).toEqual(corrected);
		expect((await cards.counted(leagueId))[0]?.winners).toEqual([ben.id]);
		expect(await cards.changedAfterSigning(leagueId)).toEqual(new Set());
	});

	it('refuses a correction from a group’s phone and changes nothing', async () => {
		const { leagueId, ben, id } = await signedCard();
		const before = await snapshot(leagueId, id);
		await role.set('group');
		await expectCode(
			correct(id, { player: ben.id, points: 10, note: 'We missed a 10' }),
			'instructor-only'
		);
		expect(await snapshot(leagueId, id)).toEqual(before);
	});

	it('refuses a correct entry recorded on a signed card like any other entry', async () => {
		const { leagueId, ben, id } = await signedCard();
		const before = await snapshot(leagueId, id);
		await expectCode(
			games.append(id, { type: 'correct', player: ben.id, points: 10, note: 'Missed 10' }),
			'card-signed'
		);
		expect(await snapshot(leagueId, id)).toEqual(before);
	});

	it('does not count a card with a correct entry written after the seal by hand', async () => {
		const { leagueId, ben, id } = await signedCard();
		const events = await games.eventsOf(id);
		const forged: EventRecord = {
			gameId: id,
			seq: events.length + 1,
			event: { id: 'forged', type: 'correct', player: ben.id, points: 10, note: 'Missed 10' },
			at: at(90),
			deviceId: 'a-phone',
			redoOf: null
		};
		await putEvent(forged);
		// The result still says what the players signed: the entry is not the instructor's.
		expect(await cards.changedAfterSigning(leagueId)).toEqual(new Set([id]));
		expect((await signatures.inspect(await games.get(id))).status).toBe('changed-after-signing');
		await expectVerdictsKept();
	});

	it('refuses a received card whose phone added a correction after its players signed', async () => {
		const { leagueId, ben, id } = await signedCard();
		const card = await outbox.cardOf(id);
		const added: EventRecord = {
			gameId: id,
			seq: card.events.length + 1,
			event: { id: 'added', type: 'correct', player: ben.id, points: 30, note: 'Bonus' },
			at: at(90),
			deviceId: 'a-phone',
			redoOf: null
		};
		// The phone's copy leaves this device: the instructor's store knows only the league.
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			await db.games.delete(id);
			await db.logs.delete(id);
			await db.gameSignatures.delete(id);
		});
		const entry = await inbox.receive(leagueId, { ...card, events: [...card.events, added] });
		expect(entry.state).toBe('refused');
		expect(entry.reasons.map((r) => r.code)).toContain('inbox-changed');
		expect(await db.games.get(id)).toBeUndefined();
		expect(await cards.counted(leagueId)).toEqual([]);
	});

	it('refuses to correct a card changed after signing into counting', async () => {
		const { leagueId, ana, ben, id } = await signedCard();
		await putEvent({
			gameId: id,
			seq: (await games.eventsOf(id)).length + 1,
			event: { id: 'late', type: 'correct', player: ana.id, points: 5, note: 'By hand' },
			at: at(80),
			deviceId: 'a-phone',
			redoOf: null
		});
		const before = await snapshot(leagueId, id);
		await expectCode(
			correct(id, { player: ben.id, points: 10, note: 'Missed 10' }),
			'correct-changed-card'
		);
		expect(await snapshot(leagueId, id)).toEqual(before);
	});

	it('sets aside the signatures of a card not yet signed by everyone', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const [ana, ben] = [students.get('Ana')!, students.get('Ben')!];
		const id = await playGame(leagueId, [ana, ben], [20, 15], { sign: false });
		await signatures.sign(id, ana.id, { typed: 'Ana' });
		await correct(id, { player: ben.id, points: 10, note: 'Missed 10' });
		const kept = await signatures.list(id);
		expect(kept.map((s) => s.setAsideReason)).toEqual(['Corrected: Missed 10']);
		expect(await cards.counted(leagueId)).toEqual([]);
		await signForTest(id);
		const [counted] = await cards.counted(leagueId);
		expect(counted?.winners).toEqual([ben.id]);
		// Signed after the correction: it is part of what they signed, not a later one.
		expect((await games.get(id)).record.result?.corrections).toBeUndefined();
	});

	it.each([
		['zero points', 0, 'Miscount', 'bad-points'],
		['no reason', 5, '   ', 'note-required']
	])('refuses %s and leaves the signed card as it was', async (_what, points, note, code) => {
		const { leagueId, ben, id } = await signedCard();
		const before = await snapshot(leagueId, id);
		await expectCode(correct(id, { player: ben.id, points, note }), code);
		expect(await snapshot(leagueId, id)).toEqual(before);
	});

	it('refuses a game still being played', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const [ana, ben] = [students.get('Ana')!, students.get('Ben')!];
		const game = await games.create({ players: [{ id: ana.id }, { id: ben.id }], leagueId });
		await expectCode(
			correct(game.id, { player: ana.id, points: 5, note: 'Miscount' }),
			'correct-while-playing'
		);
	});
});

describe('withdraw', () => {
	it('withdraws a correction made after signing: the card counts at once as before it', async () => {
		const { leagueId, ana, ben, id } = await signedCard();
		const signedBefore = await signatures.list(id);
		const locked = (await db.games.get(id))!;
		await correct(id, { player: ben.id, points: 10, note: 'Missed 10' }, { id: 'fix' });
		await withdraw(id, 'fix');
		const { record, state } = await games.get(id);
		expect(state.totals).toMatchObject({ [ana.id]: 20, [ben.id]: 15 });
		expect(record.result).toEqual(locked.result);
		expect(await signatures.list(id)).toEqual(signedBefore);
		expect((await cards.counted(leagueId))[0]?.winners).toEqual([ana.id]);
		expect((await signatures.inspect(await games.get(id))).status).toBe('signed');
		await expectVerdictsKept();
	});

	it('keeps the other corrections, each with the total before it worked out again', async () => {
		const { ben, id } = await signedCard();
		await correct(id, { player: ben.id, points: 10, note: 'Missed 10' }, { id: 'fix' });
		await correct(id, { player: ben.id, points: -5, note: 'Counted a 5 twice' });
		await withdraw(id, 'fix');
		const { record } = await games.get(id);
		expect(record.result?.corrections?.map((c) => [c.points, c.before, c.after])).toEqual([
			[-5, 15, 10]
		]);
		await expectVerdictsKept();
	});

	it.each([
		['a signed entry', () => 'first', 'not-a-late-correction'],
		['an entry that does not exist', () => 'nothing', 'not-a-late-correction'],
		['a correction already withdrawn', () => 'fix', 'void-already']
	])('refuses to withdraw %s and changes nothing', async (_what, target, code) => {
		const { leagueId, ben, id } = await signedCard();
		await correct(id, { player: ben.id, points: 10, note: 'Missed 10' }, { id: 'fix' });
		if (code === 'void-already') await withdraw(id, 'fix');
		const first = (await games.eventsOf(id))[0]!.event.id;
		const before = await snapshot(leagueId, id);
		await expectCode(withdraw(id, target() === 'first' ? first : target()), code);
		expect(await snapshot(leagueId, id)).toEqual(before);
	});

	it('refuses a withdrawal from a group’s phone and changes nothing', async () => {
		const { leagueId, ben, id } = await signedCard();
		await correct(id, { player: ben.id, points: 10, note: 'Missed 10' }, { id: 'fix' });
		const before = await snapshot(leagueId, id);
		await role.set('group');
		await expectCode(withdraw(id, 'fix'), 'instructor-only');
		expect(await snapshot(leagueId, id)).toEqual(before);
	});
});
