/**
 * Sealed backups (format 3, issue 37): a backup says which device saved it, and only this
 * device's own file changes the leagues it holds. A file from anywhere else (another device, an
 * older version of the app, a hand) adds what the device lacks and sends its cards for the
 * leagues held here to the inbox, where they wait for the instructor.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { planRestore, readBackup, restoreBackup, summarize } from '$lib/backup/backup';
import * as cards from '$lib/db/cards';
import { db } from '$lib/db/db';
import { deviceKey } from '$lib/db/device-key';
import * as inbox from '$lib/db/inbox';
import { inboxOf } from '../support/inbox-all';
import * as outbox from '$lib/db/outbox';
import { fingerprint as keyMark } from '$lib/card/keys';
import { toCard, type PlayerRecord } from '$lib/card/records';
import type { StoreDump } from '$lib/card/backup-records';
import { fingerprint } from '$lib/rules/fingerprint';
import { message, messageFor } from '$lib/messages';
import { at, expectCode, resetDb, wholeStore } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';
import { formatOne, formatThree, formatTwo, otherDevice, savedHere } from './helpers';

let leagueId: string;
let signed: string;
let ana: PlayerRecord;
let ben: PlayerRecord;

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana', 'Ben']);
	leagueId = made.leagueId;
	[ana, ben] = [...made.students.values()] as [PlayerRecord, PlayerRecord];
	signed = await playGame(leagueId, [ana, ben], [5, 20]);
});

/** The files no seal of this device vouches for, by where they come from. */
const OUTSIDE = [
	['sealed by another device', async (d: StoreDump) => formatThree(d, await otherDevice())],
	['of format 2 (before seals)', async (d: StoreDump) => formatTwo(d)],
	['of format 1 (one JSON object)', async (d: StoreDump) => formatOne(d)]
] as const;

describe('a backup saved here', () => {
	it('names this device, by the short mark Settings shows', async () => {
		const backup = await readBackup(await savedHere(await wholeStore()));
		expect(summarize(backup)).toMatchObject({
			origin: 'this-device',
			device: await keyMark((await deviceKey()).publicKey)
		});
		expect(backup.device).toMatch(/^[0-9A-F]{2}-[0-9A-F]{2}-[0-9A-F]{2}$/);
	});

	it('read on another device (a new laptop) names the device that saved it', async () => {
		const text = await savedHere(await wholeStore());
		const mark = await keyMark((await deviceKey()).publicKey);
		await resetDb();
		expect(summarize(await readBackup(text))).toMatchObject({
			origin: 'another-device',
			device: mark
		});
	});

	it.each([
		['format 2', formatTwo],
		['format 1', formatOne]
	])('of %s names no device', async (_, encode) => {
		const backup = await readBackup(encode(await wholeStore()));
		expect(summarize(backup)).toMatchObject({ origin: 'unsealed', device: null });
	});

	it('still holds after an editor changed its line breaks to CRLF', async () => {
		const text = (await savedHere(await wholeStore())).replace(/\n/g, '\r\n');
		expect((await readBackup(text)).origin).toBe('this-device');
	});
});

describe('who owns a restored league', () => {
	it('stays as this device’s own file names it: a phone keeps the instructor key it pinned', async () => {
		const instructor = await otherDevice();
		await db.leagues.update(leagueId, { ownerKey: instructor.publicKey });
		const text = await savedHere(await wholeStore());
		await restoreBackup(await readBackup(text), 'replace');
		expect((await db.leagues.get(leagueId))?.ownerKey).toBe(instructor.publicKey);
	});

	it('is this device, for a file from another device (a new laptop takes over)', async () => {
		const text = await formatThree(await wholeStore(), await otherDevice());
		await resetDb();
		await restoreBackup(await readBackup(text), 'replace');
		expect((await db.leagues.get(leagueId))?.ownerKey).toBeUndefined();
	});
});

describe('a sealed backup changed after it was saved', () => {
	/** This device's backup, its lines changed by `edit`. */
	async function edited(edit: (lines: string[]) => void): Promise<string> {
		const text = await savedHere(await wholeStore());
		const lines = text.split('\n');
		edit(lines);
		// The edit must change the file, or the case shows nothing.
		expect(lines.join('\n')).not.toBe(text);
		return lines.join('\n');
	}

	async function refused(text: string, code: string) {
		const before = await wholeStore();
		await expectCode(readBackup(text), code);
		expect(await wholeStore()).toEqual(before);
	}

	const lineOf = (lines: string[], kind: string) =>
		lines.findIndex((l) => l.startsWith(`{"${kind}"`));

	it.each<[string, (lines: string[]) => void]>([
		[
			'a student renamed',
			(l) =>
				(l[lineOf(l, 'player')] = l[lineOf(l, 'player')]!.replace(/"name":"\w+"/, '"name":"Eve"'))
		],
		[
			'a score changed',
			(l) => (l[lineOf(l, 'card')] = l[lineOf(l, 'card')]!.replace('"count":5', '"count":35'))
		],
		['a line removed', (l) => l.splice(lineOf(l, 'player'), 1)],
		[
			'two lines swapped',
			(l) => {
				const p = lineOf(l, 'player');
				[l[p], l[p + 1]] = [l[p + 1]!, l[p]!];
			}
		],
		[
			'its header naming another device',
			(l) => (l[0] = l[0]!.replace(/"device":"[^"]+"/, `"device":"${'B'.repeat(86)}A"`))
		],
		[
			'its end count raised with the lines to match',
			(l) => l.splice(lineOf(l, 'player'), 0, l[lineOf(l, 'player')]!.replace(ana.id, 'new-id'))
		]
	])('(%s) is refused, and nothing changes', async (_, edit) => {
		const text = await edited(edit);
		const error = await readBackup(text).catch((e: unknown) => e);
		// A line added or removed is first seen by the end's counts, a changed one by the seal.
		expect(['backup-changed', 'backup-damaged']).toContain((error as { code?: string }).code);
		await refused(text, (error as { code: string }).code);
	});

	it('is refused with words a teacher can act on', async () => {
		const text = await edited(
			(l) =>
				(l[lineOf(l, 'player')] = l[lineOf(l, 'player')]!.replace(/"name":"\w+"/, '"name":"Eve"'))
		);
		const error = await readBackup(text).catch((e: unknown) => e);
		expect(error).toMatchObject({ code: 'backup-changed' });
		expect(messageFor(error)).toBe(
			'That backup was changed after it was saved, so it cannot be trusted. Restore another copy of it. Nothing was changed.'
		);
	});

	it('with any one character changed anywhere is refused (property)', async () => {
		const text = await savedHere(await wholeStore());
		const before = await wholeStore();
		await fc.assert(
			fc.asyncProperty(
				fc.nat({ max: text.length - 2 }),
				fc.constantFrom(...'0123456789abcdefABCDEF_-xyz'),
				async (at, c) => {
					fc.pre(/[\w-]/.test(text[at]!) && text[at] !== c);
					const changed = text.slice(0, at) + c + text.slice(at + 1);
					const error = await readBackup(changed).catch((e: unknown) => e);
					expect([
						'backup-changed',
						'backup-damaged',
						'backup-not-json',
						'backup-foreign'
					]).toContain((error as { code?: string }).code);
				}
			),
			{ numRuns: 60 }
		);
		expect(await wholeStore()).toEqual(before);
	});

	it('without its seal is cut short; a line after the seal is refused', async () => {
		await refused(await edited((l) => l.splice(-2, 1)), 'backup-not-json');
		await refused(await edited((l) => l.push('{"player":{}}')), 'backup-damaged');
		await refused(await edited((l) => (l[l.length - 2] = '{"seal":42}')), 'backup-damaged');
	});

	it('sealed again by another key under this device’s name is refused', async () => {
		const mine = await deviceKey();
		const other = await otherDevice();
		const text = await formatThree(await wholeStore(), other);
		const forged = text.replace(other.publicKey, mine.publicKey);
		await refused(forged, 'backup-changed');
	});
});

describe.each(OUTSIDE)('a backup %s, merged', (_, encode) => {
	it('changes nothing of a league this device holds: its name, term or students (finding 1)', async () => {
		const before = await wholeStore();
		const data = structuredClone(before);
		const later = '2099-01-01T00:00:00.000Z';
		Object.assign(data.leagues[0]!, { name: 'Renamed', end: '2099-12-31', updatedAt: later });
		for (const p of data.players) {
			p.name = p.id === ana.id ? 'Ben' : 'Ana';
			p.updatedAt = later;
		}
		const file = await readBackup(await encode(data));
		const plan = await planRestore(file, 'merge');
		expect(plan.leagues).toEqual({ added: 0, updated: 0, kept: 1, removed: 0 });
		expect(plan.players.updated).toBe(0);
		// Its card is the one the device holds: nothing waits.
		expect(plan.waiting).toBe(0);
		await restoreBackup(file, 'merge');
		expect(await wholeStore()).toEqual(before);
	});

	it('brings a copy of a counted card (times moved by 1 ms, signatures typed again) to the inbox, not the standings (finding 2)', async () => {
		const before = await cards.counted(leagueId);
		const data = await wholeStore();
		const copyId = 'copy-of-the-card';
		const game = { ...data.games.find((g) => g.id === signed)!, id: copyId };
		const events = data.events
			.filter((e) => e.gameId === signed)
			.map((e, i) => ({
				...e,
				gameId: copyId,
				at: i === 0 ? new Date(Date.parse(e.at) + 1).toISOString() : e.at
			}));
		game.fingerprint = await fingerprint(toCard(game, events));
		const sigs = data.signatures
			.filter((s) => s.gameId === signed)
			.map((s, i) => ({
				...s,
				id: `${copyId}.${i + 1}`,
				gameId: copyId,
				fingerprint: game.fingerprint!
			}));
		data.games.push(game);
		data.events.push(...events);
		data.signatures.push(...sigs);
		const file = await readBackup(await encode(data));
		expect(await planRestore(file, 'merge')).toMatchObject({ inbox: { added: 1 }, waiting: 1 });
		await restoreBackup(file, 'merge');
		expect(await cards.counted(leagueId)).toEqual(before);
		const [waiting] = await inboxOf(leagueId);
		expect(waiting).toMatchObject({ gameId: copyId, state: 'conflict' });
		expect(waiting?.reasons.map((r) => r.code)).toContain('inbox-from-backup');
		expect(message('inbox-from-backup')).toBe(
			'This card came in a backup saved on another device, or made by hand: it counts once you accept it.'
		);
		// The instructor's choice, and only it, counts it.
		await inbox.choose(waiting!.id);
		expect(await cards.counted(leagueId)).toHaveLength(2);
	});

	it('adds a league this device does not hold, whole, its cards counting', async () => {
		const text = await encode(await wholeStore());
		await resetDb();
		const file = await readBackup(text);
		expect(file.origin).not.toBe('this-device');
		await restoreBackup(file, 'merge');
		expect((await cards.counted(leagueId)).map((c) => c.gameId)).toEqual([signed]);
		expect(await inboxOf(leagueId)).toEqual([]);
	});

	it('takes no receipt: a turn-in record never comes from outside (finding 5)', async () => {
		const card = await outbox.cardOf(signed);
		const data = await wholeStore();
		data.turnIns.push({
			gameId: signed,
			fingerprint: card.game.fingerprint!,
			at: at(90),
			how: 'file'
		});
		await restoreBackup(await readBackup(await encode(data)), 'merge');
		expect(await db.turnIns.count()).toBe(0);
	});

	it('the same file again adds nothing to the inbox', async () => {
		const file = await readBackup(await encode(await wholeStore()));
		await restoreBackup(file, 'merge');
		await restoreBackup(file, 'merge');
		expect(await inboxOf(leagueId)).toEqual([]);
		expect(await cards.counted(leagueId)).toHaveLength(1);
	});
});

describe('a backup from outside, replacing everything', () => {
	it('is the instructor’s choice: the device then holds exactly the file', async () => {
		const other = await otherDevice();
		const data = await wholeStore();
		data.leagues[0]!.name = 'Period 5';
		const file = await readBackup(await formatThree(data, other));
		expect(file.origin).toBe('another-device');
		await restoreBackup(file, 'replace');
		expect((await db.leagues.toArray()).map((l) => l.name)).toEqual(['Period 5']);
		expect(await cards.counted(leagueId)).toHaveLength(1);
	});
});
