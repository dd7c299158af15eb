import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, durableDb, type MugginsDB } from '$lib/db/db';
import * as games from '$lib/db/games';
import { toCard, type GameRecord } from '$lib/card/records';
import * as signatures from '$lib/db/signatures';
import { MAX_REASON_LENGTH } from '$lib/card/signing';
import { cardResult } from '$lib/rules/card';
import { fingerprint, shortFingerprint } from '$lib/rules/fingerprint';
import {
	allSignatures,
	at,
	expectCode,
	resetDb,
	rowCounts,
	putEvent,
	deleteEvent,
	eventAt
} from './helpers';

/** A short stroke, encoded as the signature box stores it. */
const SCRIBBLE = { strokes: '320x120:M20 60l10-20 15 30 20-25 25 20' };

let game: GameRecord;
let A: string, B: string, C: string;

/** Plays a short game and ends it: Ana 15, Ben 10, a hand Ana goes out of, the end. */
async function finished(): Promise<void> {
	await games.append(game.id, { type: 'score', player: A, count: 15 }, { now: at(1) });
	await games.append(game.id, { type: 'score', player: B, count: 10 }, { now: at(2) });
	await games.append(
		game.id,
		{
			type: 'hand-end',
			outcome: 'domino',
			wentOut: A,
			hands: { [B]: { pips: 9, tiles: 2 }, [C]: { pips: 12, tiles: 3 } }
		},
		{ now: at(3) }
	);
	await games.append(game.id, { type: 'end', reason: 'Class is over' }, { now: at(4) });
}

async function signAll(players = [A, B, C], minute = 10): Promise<signatures.Signed[]> {
	const done: signatures.Signed[] = [];
	for (const [i, p] of players.entries()) {
		done.push(await signatures.sign(game.id, p, SCRIBBLE, { now: at(minute + i) }));
	}
	return done;
}

/** The fingerprint of the game as stored, computed independently of the module under test. */
async function storedFingerprint(): Promise<string> {
	const { record, events } = await games.get(game.id);
	return fingerprint(toCard(record, events));
}

/** Records the durability of every transaction `on` opens, as "readwrite strict". */
function spyDurability(on: MugginsDB): { seen: string[]; stop: () => void } {
	const seen: string[] = [];
	on.close({ disableAutoOpen: false });
	on.use({
		stack: 'dbcore',
		name: 'durability-spy',
		create: (down) => ({
			...down,
			transaction: (stores, mode, options) => {
				const tx = down.transaction(stores, mode, options) as IDBTransaction;
				seen.push(`${mode} ${tx.durability}`);
				return tx;
			}
		})
	});
	return {
		seen,
		stop: () => {
			on.close({ disableAutoOpen: false });
			on.unuse({ stack: 'dbcore', name: 'durability-spy' });
		}
	};
}

beforeEach(async () => {
	await resetDb();
	game = await games.create({ players: ['Ana', 'Ben', 'Cy'], now: at(0) });
	[A, B, C] = game.seats as [string, string, string];
});

describe('sign', () => {
	it('records who signed, under which name, and the fingerprint of the card they signed', async () => {
		await finished();
		const { signature, record, complete } = await signatures.sign(game.id, A, SCRIBBLE, {
			now: at(10),
			id: 's1'
		});
		expect(signature).toMatchObject({
			id: 's1',
			gameId: game.id,
			playerId: A,
			name: 'Ana',
			fingerprint: await storedFingerprint(),
			strokes: SCRIBBLE.strokes,
			typed: null,
			signedAt: at(10),
			setAsideAt: null,
			setAsideReason: null
		});
		expect(complete).toBe(false);
		expect(record.signedAt).toBeNull();
		expect((await signatures.inspect(await games.get(game.id))).status).toBe('signing');
	});

	it('locks the card when the last player signs: signedAt, fingerprint and result together', async () => {
		await finished();
		const [, , last] = await signAll();
		const print = await storedFingerprint();
		const { record, state } = await games.get(game.id);
		expect(last!.complete).toBe(true);
		expect(last!.record).toEqual(record);
		expect(record).toMatchObject({ signedAt: at(12), fingerprint: print });
		expect(record.result).toEqual(cardResult(state, at(4)));
		expect(record.result).toMatchObject({
			sides: [
				{ label: A, total: 19 },
				{ label: B, total: 10 },
				{ label: C, total: 0 }
			],
			winners: [A],
			hands: 1,
			finishedAt: at(4)
		});
		const check = await signatures.inspect(await games.get(game.id));
		expect(check).toMatchObject({
			status: 'signed',
			fingerprint: print,
			short: shortFingerprint(print)
		});
		expect(check.signers.map((s) => [s.playerId, s.current])).toEqual([
			[A, true],
			[B, true],
			[C, true]
		]);
	});

	it('stores the strokes normalised, whatever spacing they came with', async () => {
		await finished();
		const { signature } = await signatures.sign(game.id, A, { strokes: '320x120:M20 60l10 -20' });
		expect(signature.strokes).toBe('320x120:M20 60l10-20');
	});

	it('accepts a typed name for someone who cannot draw, if it is their name', async () => {
		await finished();
		await expectCode(signatures.sign(game.id, A, { typed: 'Ben' }), 'typed-name-mismatch');
		const { signature } = await signatures.sign(game.id, A, { typed: '  ana ' });
		expect(signature).toMatchObject({ strokes: null, typed: 'ana', name: 'Ana' });
	});

	it.each([
		['a blank box', { strokes: '320x120:' }, 'signature-empty'],
		['an unreadable drawing', { strokes: '320x120:M1 1L2 2' }, 'signature-bad'],
		['an empty typed name', { typed: '   ' }, 'signature-empty']
	])('refuses %s, storing nothing', async (_, mark, code) => {
		await finished();
		await expectCode(signatures.sign(game.id, A, mark), code);
		expect((await allSignatures()).length).toBe(0);
	});

	it('refuses a game that is not over', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 15 });
		await expectCode(signatures.sign(game.id, A, SCRIBBLE), 'card-not-finished');
		expect((await allSignatures()).length).toBe(0);
	});

	it('refuses someone who is not at the table, and an unknown game', async () => {
		await finished();
		await expectCode(signatures.sign(game.id, 'zed', SCRIBBLE), 'unknown-player');
		await expectCode(signatures.sign('nope', A, SCRIBBLE), 'not-found');
	});

	it('refuses a second signature of the same card by the same player', async () => {
		await finished();
		await signatures.sign(game.id, A, SCRIBBLE);
		await expectCode(signatures.sign(game.id, A, SCRIBBLE), 'already-signed');
		expect((await allSignatures()).length).toBe(1);
	});

	it('refuses when the card is no longer the one the signer checked', async () => {
		await finished();
		const checked = await storedFingerprint();
		await games.undo(game.id);
		await games.append(game.id, { type: 'end' });
		await expectCode(
			signatures.sign(game.id, A, SCRIBBLE, { fingerprint: checked }),
			'card-changed'
		);
		const now = await storedFingerprint();
		expect(
			(await signatures.sign(game.id, A, SCRIBBLE, { fingerprint: now })).signature.fingerprint
		).toBe(now);
	});

	it('does not count a signature of an earlier version: that player signs again', async () => {
		await finished();
		await signAll([A, B]);
		// Before Cy signs, the end is undone and a correction recorded: Ana and Ben signed another card.
		await games.undo(game.id);
		await games.append(game.id, { type: 'adjust', player: C, points: 5, note: 'Late count' });
		await games.append(game.id, { type: 'end' });
		const { complete } = await signatures.sign(game.id, C, SCRIBBLE, { now: at(20) });
		expect(complete).toBe(false);
		const check = await signatures.inspect(await games.get(game.id));
		expect(check.status).toBe('signing');
		expect(check.signers.map((s) => s.current)).toEqual([false, false, true]);
		await signAll([A, B], 21);
		expect((await signatures.inspect(await games.get(game.id))).status).toBe('signed');
	});

	it('commits with strict durability, while scores keep the default', async () => {
		await finished();
		const durable = spyDurability(durableDb());
		const main = spyDurability(db);
		try {
			await signatures.sign(game.id, A, SCRIBBLE);
			await signatures.reopen(game.id, 'Testing');
			await games
				.append(game.id, { type: 'adjust', player: A, points: 1, note: 'x' })
				.catch(() => {});
		} finally {
			durable.stop();
			main.stop();
		}
		expect(durable.seen.filter((s) => s.startsWith('readwrite'))).toEqual([
			'readwrite strict',
			'readwrite strict'
		]);
		expect(main.seen.filter((s) => s.startsWith('readwrite'))).not.toContain('readwrite strict');
		expect(main.seen.filter((s) => s.startsWith('readwrite')).length).toBeGreaterThan(0);
	});
});

describe('a signed card', () => {
	it('refuses append, undo and redo with card-signed, storing nothing', async () => {
		await finished();
		await signAll();
		const before = await rowCounts();
		const record = await db.games.get(game.id);
		await expectCode(games.append(game.id, { type: 'score', player: A, count: 5 }), 'card-signed');
		await expectCode(games.undo(game.id), 'card-signed');
		await expectCode(games.redo(game.id), 'card-signed');
		expect(await rowCounts()).toEqual(before);
		expect(await db.games.get(game.id)).toEqual(record);
	});

	it('cannot be signed again', async () => {
		await finished();
		await signAll();
		await expectCode(signatures.sign(game.id, A, SCRIBBLE), 'card-signed');
	});
});

describe('reopen', () => {
	it.each([
		['no reason', '', 'reason-required'],
		['only spaces', '   \n ', 'reason-required'],
		['a reason too long', 'x'.repeat(MAX_REASON_LENGTH + 1), 'reason-too-long']
	])('refuses %s, changing nothing', async (_, reason, code) => {
		await finished();
		await signAll();
		const record = await db.games.get(game.id);
		await expectCode(signatures.reopen(game.id, reason), code);
		expect(await db.games.get(game.id)).toEqual(record);
		expect((await signatures.inspect(await games.get(game.id))).status).toBe('signed');
	});

	it('refuses a card nobody signed', async () => {
		await finished();
		await expectCode(signatures.reopen(game.id, 'Why not'), 'card-not-signed');
	});

	it('keeps the old signatures in the history with the reason, and lifts the lock', async () => {
		await finished();
		await signAll();
		const reopened = await signatures.reopen(game.id, '  Ben’s 10 was Cy’s  ', { now: at(30) });
		expect(reopened).toMatchObject({ signedAt: null, fingerprint: null, result: null });
		expect(await db.games.get(game.id)).toEqual(reopened);

		const kept = await signatures.list(game.id);
		expect(kept).toHaveLength(3);
		for (const s of kept) {
			expect(s).toMatchObject({ setAsideAt: at(30), setAsideReason: 'Ben’s 10 was Cy’s' });
		}
		const check = await signatures.inspect(await games.get(game.id));
		expect(check.status).toBe('unsigned');
		expect(check.signers.every((s) => s.signature === null)).toBe(true);
		expect(check.history).toEqual([{ at: at(30), reason: 'Ben’s 10 was Cy’s', signatures: kept }]);
	});

	it('requires every player to sign again, and then the card is signed and locked again', async () => {
		await finished();
		await signAll();
		await signatures.reopen(game.id, 'Wrong player credited', { now: at(30) });
		await games.undo(game.id);
		await games.append(game.id, { type: 'adjust', player: C, points: 10, note: 'Was Cy’s' });
		await games.append(game.id, { type: 'adjust', player: B, points: -10, note: 'Was Cy’s' });
		await games.append(game.id, { type: 'end' });

		await signAll([A, B], 40);
		expect((await signatures.inspect(await games.get(game.id))).status).toBe('signing');
		await expectCode(signatures.reopen(game.id, ''), 'reason-required');
		await signatures.sign(game.id, C, SCRIBBLE, { now: at(42) });

		const check = await signatures.inspect(await games.get(game.id));
		expect(check.status).toBe('signed');
		expect(check.fingerprint).toBe(await storedFingerprint());
		expect(check.history).toHaveLength(1);
		expect(check.history[0]!.signatures.every((s) => s.fingerprint !== check.fingerprint)).toBe(
			true
		);
		expect(await signatures.list(game.id)).toHaveLength(6);
		expect((await db.games.get(game.id))?.result?.sides.map((s) => s.total)).toEqual([19, 0, 10]);
		await expectCode(games.append(game.id, { type: 'end' }), 'card-signed');
	});
});

describe('verify', () => {
	it('hashes nothing while the game is played and nobody has signed', async () => {
		await games.append(game.id, { type: 'score', player: A, count: 15 });
		expect(await signatures.inspect(await games.get(game.id))).toMatchObject({
			status: 'unsigned',
			fingerprint: null,
			short: null
		});
	});

	it('gives the fingerprint of a finished card before anyone signs', async () => {
		await finished();
		const check = await signatures.inspect(await games.get(game.id));
		expect(check).toMatchObject({ status: 'unsigned', fingerprint: await storedFingerprint() });
		expect(check.short).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
	});

	it('says changed-after-signing when a stored event is edited, and the card stays locked', async () => {
		await finished();
		await signAll();
		const first = (await eventAt(game.id, 1))!;
		await putEvent({ ...first, event: { ...first.event, count: 20 } as typeof first.event });
		const check = await signatures.inspect(await games.get(game.id));
		expect(check.status).toBe('changed-after-signing');
		expect(check.signers.every((s) => !s.current)).toBe(true);
		await expectCode(games.append(game.id, { type: 'end' }), 'card-signed');
	});

	it('says changed-after-signing when an event is deleted or the lock is removed by hand', async () => {
		await finished();
		await signAll();
		const second = (await eventAt(game.id, 2))!;
		await deleteEvent(game.id, 2);
		expect((await signatures.inspect(await games.get(game.id))).status).toBe(
			'changed-after-signing'
		);

		await putEvent(second);
		expect((await signatures.inspect(await games.get(game.id))).status).toBe('signed');
		await db.games.update(game.id, { signedAt: null });
		expect((await signatures.inspect(await games.get(game.id))).status).toBe(
			'changed-after-signing'
		);
	});

	it('can reopen a card changed after signing, so it can be checked and signed again', async () => {
		await finished();
		await signAll();
		await db.games.update(game.id, { fingerprint: 'f'.repeat(64) });
		expect((await signatures.inspect(await games.get(game.id))).status).toBe(
			'changed-after-signing'
		);
		await signatures.reopen(game.id, 'The record was edited');
		await signAll([A, B, C], 50);
		expect((await signatures.inspect(await games.get(game.id))).status).toBe('signed');
	});
});
