import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { messageFor } from '$lib/messages';
import { makeBackup, planRestore, readBackup, restoreBackup, summarize } from '$lib/backup/backup';
import * as cards from '$lib/db/cards';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as inbox from '$lib/db/inbox';
import { inboxOf } from '../support/inbox-all';
import * as leagues from '$lib/db/leagues';
import * as matches from '$lib/db/matches';
import * as outbox from '$lib/db/outbox';
import * as roster from '$lib/db/roster';
import * as sessions from '$lib/db/sessions';
import * as settings from '$lib/db/settings';
import { toCard, type PlayerRecord } from '$lib/card/records';
import { fingerprint } from '$lib/rules/fingerprint';
import type { StoreDump } from '$lib/card/backup-records';
import { expectCode, resetDb, logOf, wholeStore } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';
import {
	FORMATS,
	asRestored,
	formatOne,
	formatThree,
	formatTwo,
	otherDevice,
	savedHere
} from './helpers';
import { sealedHere } from '$lib/class-loop/trust';
import { deviceKey } from '$lib/db/device-key';
import * as invites from '$lib/db/invites';
import { invitePayload } from '$lib/transfer/envelope';

type Data = StoreDump;

beforeEach(resetDb);

/** A league with a session, a signed card, a voided card and a game in progress. */
async function fill() {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara']);
	const [ana, ben, cara] = [...students.values()] as [PlayerRecord, PlayerRecord, PlayerRecord];
	const session = await sessions.create(leagueId, '2026-01-12');
	await sessions.setPresent(session.id, [ana.id, ben.id, cara.id]);
	await sessions.arrange(session.id, [[ana.id, ben.id, cara.id]]);
	const started = await sessions.startGame(session.id, 0);
	await games.append(started.id, { type: 'score', player: ana.id, count: 15 });
	const signed = await playGame(leagueId, [ana, ben], [20, 10]);
	const voided = await playGame(leagueId, [ben, cara], [5, 10]);
	await cards.voidCard(voided, 'Wrong rules');
	await games.create({ players: ['Quick', 'Game'] });
	const udl = await games.create({ ruleset: 'udl', players: ['Uma', 'Udo'] });
	await matches.startClock(udl.id, { now: '2026-01-12T09:00:00.000Z' });
	// The signed card also went round: turned in from here, and received into the inbox.
	const card = await outbox.cardOf(signed);
	await outbox.markTurnedIn(signed, card.game.fingerprint!, 'file');
	await inbox.receive(leagueId, card);
	return { leagueId, signed, voided };
}

async function roundTrip(): Promise<string> {
	return (await makeBackup('0.1.0', { now: new Date('2026-03-27T15:00:00Z') })).text;
}

describe('backup and restore', () => {
	it('round-trips everything onto a fresh device, sign-off fields included', async () => {
		const { leagueId } = await fill();
		const before = await wholeStore();
		const file = await makeBackup('0.1.0', { now: new Date('2026-03-27T15:00:00Z') });
		expect(file.name).toMatch(/^muggins-backup-2026-03-2[78]\.json$/);
		await resetDb();
		const backup = await readBackup(file.text);
		expect(summarize(backup)).toMatchObject({
			appVersion: '0.1.0',
			exportedAt: '2026-03-27T15:00:00.000Z',
			leagues: ['Period 3'],
			counts: { leagues: 1, players: 7, sessions: 1, games: 5, matches: 1, inbox: 1, turnIns: 1 }
		});
		await restoreBackup(backup, 'replace');
		const after = await wholeStore();
		// The device that restores the league owns it (issue 37): the old device's key stays
		// there, so the league no longer names it; this device's codes name its own key.
		expect(before.leagues[0]?.ownerKey).toMatch(/^[\w-]{87}$/);
		expect(after.leagues[0]?.ownerKey).toBeUndefined();
		const invite = await sealedHere(invitePayload(await invites.inviteOf(leagueId)));
		expect(invite.league.ownerKey).toBe((await deviceKey()).publicKey);
		expect(invite.league.ownerKey).not.toBe(before.leagues[0]?.ownerKey);
		expect(after).toEqual(asRestored(before));
		expect(await leagues.currentId()).toBe(leagueId);
		expect(await cards.counted(leagueId)).toHaveLength(1);
		// The signatures came along: the card still checks out as signed.
		expect(after.signatures).toHaveLength(4);
		expect(await cards.changedAfterSigning(leagueId)).toEqual(new Set());
	});

	it('merges by id: the same backup twice is one copy of everything', async () => {
		await fill();
		const text = await roundTrip();
		const before = await wholeStore();
		const backup = await readBackup(text);
		const plan = await planRestore(backup, 'merge');
		expect(plan.games).toEqual({ added: 0, updated: 0, kept: 5, removed: 0 });
		expect(plan.matches).toEqual({ added: 0, updated: 0, kept: 1, removed: 0 });
		await restoreBackup(backup, 'merge');
		await restoreBackup(backup, 'merge');
		expect(await wholeStore()).toEqual(before);
	});

	it('merges a newer version over an older one, and keeps what only the device has', async () => {
		const { leagueId, signed } = await fill();
		const text = await roundTrip();
		// After the backup, the device adds a student; the backup's card is then voided here.
		await roster.add(leagueId, ['Dan']);
		const older = await readBackup(text);
		await cards.voidCard(signed, 'Void after the backup', { now: '2026-03-28T10:00:00.000Z' });
		await restoreBackup(older, 'merge');
		expect((await db.games.get(signed))?.voidReason).toBe('Void after the backup');
		expect((await roster.list(leagueId)).map((p) => p.name)).toContain('Dan');

		// A backup made with a newer game log brings its whole log.
		await cards.unvoid(signed);
		const newer = await wholeStore();
		const game = newer.games.find((g) => g.id === signed)!;
		game.updatedAt = '2026-04-01T10:00:00.000Z';
		newer.events = newer.events.filter((e) => e.gameId !== signed || e.seq === 1);
		const plan = await planRestore(await readBackup(await savedHere(newer)), 'merge');
		expect(plan.games.updated).toBe(1);
		await restoreBackup(await readBackup(await savedHere(newer)), 'merge');
		expect(await logOf(signed)).toHaveLength(1);
	});

	it('merged, never changes who owns a league held here (issue 37)', async () => {
		const { leagueId } = await fill();
		const dump = await wholeStore();
		const mine = dump.leagues[0]!.ownerKey;
		const renamed = {
			...dump,
			leagues: dump.leagues.map((l) => ({
				...l,
				name: 'Renamed',
				ownerKey: 'B'.repeat(87),
				updatedAt: '2099-01-01T00:00:00.000Z'
			}))
		};
		await restoreBackup(await readBackup(await savedHere(renamed)), 'merge');
		expect(await db.leagues.get(leagueId)).toMatchObject({ name: 'Renamed', ownerKey: mine });
	});

	it('replaces everything in replace mode, keeping the device’s own settings', async () => {
		await fill();
		const text = await roundTrip();
		await leagues.create({ name: 'Extra league' });
		await settings.setPinHash({ algorithm: 'PBKDF2-SHA-256', iterations: 1, salt: '', hash: '' });
		const plan = await planRestore(await readBackup(text), 'replace');
		expect(plan.leagues).toEqual({ added: 1, updated: 0, kept: 0, removed: 2 });
		await restoreBackup(await readBackup(text), 'replace');
		expect((await leagues.list()).map((l) => l.name)).toEqual(['Period 3']);
		expect(await settings.pinHash()).not.toBeNull();
	});
});

describe('a bad file', () => {
	async function refused(file: string | Blob, code: string) {
		await fill();
		const before = await wholeStore();
		await expectCode(readBackup(file), code);
		expect(await wholeStore()).toEqual(before);
	}

	/** A valid format 1 backup, changed by `change`. */
	async function edited(change: (json: { format: number; data: Data }) => void): Promise<string> {
		const json = JSON.parse(formatOne(await wholeStore())) as { format: number; data: Data };
		change(json);
		return JSON.stringify(json);
	}

	it('cut short is refused', async () => {
		await fill();
		const text = await roundTrip();
		await refused(text.slice(0, Math.floor(text.length / 2)), 'backup-not-json');
	});

	it('that is not JSON at all is refused', async () => {
		await refused(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])]), 'backup-not-json');
	});

	it.each([
		['another app’s JSON', '{"name":"muggins-league","version":"0.1.0"}'],
		['a list', '[1,2,3]'],
		['a number', '42'],
		['JSON null', 'null']
	])('%s is refused as foreign', async (_, text) => {
		await refused(text, 'backup-foreign');
	});

	it('from a newer format is refused', async () => {
		await refused(await edited((j) => (j.format = 4)), 'backup-newer');
		const lines = (await roundTrip()).replace('"format":3', '"format":4');
		await refused(lines, 'backup-newer');
	});

	const DAMAGES: [string, (d: Data) => void][] = [
		['a game with one seat', (d) => (d.games[0]!.seats = ['x'])],
		['an unknown rule sheet', (d) => (d.leagues[0]!.rulesetId = 'chess' as never)],
		['an event of an unknown type', (d) => (d.events[0]!.event.type = 'shuffle' as never)],
		['a bad date', (d) => (d.sessions[0]!.date = '2026-13-01')],
		['a gap in a game’s events', (d) => (d.events = d.events.filter((e) => e.seq !== 2))],
		['the same game twice', (d) => d.games.push(d.games[0]!)],
		['a session of a missing league', (d) => (d.sessions[0]!.leagueId = 'gone')],
		['a seat of a missing player', (d) => (d.games[0]!.seats[0] = 'gone')],
		['a match of a missing game', (d) => (d.matches[0]!.gameIds = ['gone'])],
		['a signature of no card', (d) => (d.signatures[0]!.fingerprint = 'nope')],
		['a received card of a missing league', (d) => (d.inbox[0]!.leagueId = 'gone')],
		['a received card of an unknown state', (d) => (d.inbox[0]!.state = 'lost' as never)]
	];

	describe.each(FORMATS)('in %s', (_format, encode) => {
		it.each(DAMAGES)('with %s is refused as damaged, saying where', async (_, change) => {
			await fill();
			const data = await wholeStore();
			change(data);
			const text = await encode(data);
			const before = await wholeStore();
			const error = await readBackup(text).catch((e: unknown) => e);
			expect(error).toMatchObject({ code: 'backup-damaged' });
			expect(messageFor(error)).toMatch(/damaged \(.+\)/);
			expect(await wholeStore()).toEqual(before);
		});
	});

	it.each<[string, (d: Data) => void]>([
		['a missing table', (d) => Reflect.deleteProperty(d, 'events')],
		['an event of a missing game', (d) => (d.events[0]!.gameId = 'gone')],
		['a signature of a missing game', (d) => (d.signatures[0]!.gameId = 'gone')]
	])('in format 1, with %s is refused as damaged', async (_, change) => {
		await fill();
		const text = await edited((j) => change(j.data));
		const error = await readBackup(text).catch((e: unknown) => e);
		expect(error).toMatchObject({ code: 'backup-damaged' });
	});
});

describe('student ids in a backup', () => {
	/** A backup (format 2) of a class whose Ana has the student id S-1, changed by `change`. */
	async function backupWith(change: (d: Data) => void = () => {}) {
		const { students } = await leagueWith(['Ana', 'Ben']);
		await roster.edit(students.get('Ana')!.id, { name: 'Ana', studentId: 'S-1' });
		const data = await wholeStore();
		change(data);
		return readBackup(await savedHere(data));
	}

	/** A file in which Ana holds no id and Ben holds `benId`, newer than the device's `newer`. */
	const anaWithoutBenWith = (benId: string, newer: string[]) =>
		backupWith((j) => {
			const [ana, ben] = ['Ana', 'Ben'].map((n) => j.players.find((p) => p.name === n)!);
			ana!.studentId = null;
			ben!.studentId = benId;
			for (const p of [ana!, ben!])
				if (newer.includes(p.name)) p.updatedAt = '2027-01-01T00:00:00.000Z';
		});
	const ids = async () => (await db.players.toArray()).map((p) => [p.name, p.studentId]).sort();

	it('come back with their students', async () => {
		const backup = await backupWith();
		await resetDb();
		await restoreBackup(backup, 'replace');
		expect(await ids()).toEqual([
			['Ana', 'S-1'],
			['Ben', null]
		]);
	});

	it('are not needed: a backup from before them restores', async () => {
		const backup = await backupWith((j) =>
			j.players.forEach((p) => Reflect.deleteProperty(p, 'studentId'))
		);
		await resetDb();
		await restoreBackup(backup, 'replace');
		expect(await ids()).toEqual([
			['Ana', undefined],
			['Ben', undefined]
		]);
	});

	it.each<[string, (d: Data) => void, string]>([
		['an id with a line break', (j) => (j.players[0]!.studentId = 'S-\n1'), 'student-id-control'],
		['an id too long', (j) => (j.players[0]!.studentId = 'x'.repeat(65)), 'student-id-too-long'],
		[
			'two students with one id',
			(j) => j.players.forEach((p) => (p.studentId = ' s-1 ')),
			'student-id-taken'
		]
	])('with %s is refused, and nothing changes', async (_, change, code) => {
		const backup = await backupWith(change);
		const before = await wholeStore();
		await expectCode(restoreBackup(backup, 'replace'), code);
		expect(await wholeStore()).toEqual(before);
	});

	it('merged, may not give a student the id of another student on the device', async () => {
		// The file's newer Ben holds the id S-1 (its Ana none), while the device's Ana holds it.
		const backup = await anaWithoutBenWith('s-1', ['Ben']);
		const before = await wholeStore();
		const error = await restoreBackup(backup, 'merge').catch((e: unknown) => e);
		expect(error).toMatchObject({ code: 'student-id-taken' });
		expect(messageFor(error)).toContain('Ana already has the student id “S-1”');
		expect(await wholeStore()).toEqual(before);
	});

	it('merged, may move an id to another student when the file also takes it from the first', async () => {
		const backup = await anaWithoutBenWith('S-1', ['Ana', 'Ben']);
		await restoreBackup(backup, 'merge');
		expect(await ids()).toEqual([
			['Ana', null],
			['Ben', 'S-1']
		]);
	});
});

describe('a merge and a counted card (issue 37, finding 3)', () => {
	/** `dump`'s card `gameId` forged: its scores swapped, dated later, re-locked and signed again. */
	async function forged(dump: StoreDump, gameId: string): Promise<StoreDump> {
		const out = structuredClone(dump);
		const game = out.games.find((g) => g.id === gameId)!;
		const events = out.events.filter((e) => e.gameId === gameId);
		const [a, b] = game.seats as [string, string];
		for (const e of events) {
			if (e.event.type === 'score') e.event.player = e.event.player === a ? b : a;
		}
		game.updatedAt = '2026-06-01T10:00:00.000Z';
		const print = await fingerprint(toCard(game, events));
		game.fingerprint = print;
		for (const s of out.signatures.filter((x) => x.gameId === gameId)) s.fingerprint = print;
		return out;
	}

	const ORIGINS = [
		['made by hand (no seal)', async (d: StoreDump) => formatTwo(d)],
		['sealed by another device', async (d: StoreDump) => formatThree(d, await otherDevice())],
		['sealed by this device', savedHere]
	] as const;

	it.each(ORIGINS)(
		'never replaces it with a later-dated forged version %s: the version waits in the inbox',
		async (_, encode) => {
			const { leagueId, signed } = await fill();
			const before = await cards.counted(leagueId);
			const file = await readBackup(await encode(await forged(await wholeStore(), signed)));
			const plan = await planRestore(file, 'merge');
			expect(plan.games.updated).toBe(0);
			expect(plan.inbox.added).toBe(1);
			await restoreBackup(file, 'merge');
			expect(await cards.counted(leagueId)).toEqual(before);
			const waiting = (await inboxOf(leagueId)).filter((r) => r.state === 'conflict');
			expect(waiting.map((r) => r.gameId)).toEqual([signed]);
			// The instructor's choice, and only it, puts the other version in its place.
			await inbox.choose(waiting[0]!.id);
			const [chosen] = await cards.counted(leagueId);
			expect(chosen?.winners).not.toEqual(before[0]?.winners);
		}
	);

	it('takes the same backup again without a conflict', async () => {
		const { leagueId } = await fill();
		const file = await readBackup(await roundTrip());
		await restoreBackup(file, 'merge');
		expect((await inboxOf(leagueId)).filter((r) => r.state === 'conflict')).toEqual([]);
	});
});
