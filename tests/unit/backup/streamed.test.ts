/**
 * The streamed backup (issue 14): written a part at a time as a header line, a record a line
 * and an end line; read back as a stream, a part at a time, and restored in one transaction,
 * so a record refused half-way changes nothing, and a file of any size restores.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { readBackup, restoreBackup, summarize, writeBackup } from '$lib/backup/backup';
import type { RestoreShown } from '$lib/backup/restore-progress';
import * as leagues from '$lib/db/leagues';
import type { PlayerRecord, SignatureRecord } from '$lib/card/records';
import * as storeDump from '$lib/db/store-dump';
import { at, expectCode, resetDb, wholeStore } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';
import { asRestored, formatOne, formatTwo } from './helpers';
import { deviceKey } from '$lib/db/device-key';

let leagueId: string;

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana', 'Ben']);
	leagueId = made.leagueId;
	const [ana, ben] = [...made.students.values()] as [PlayerRecord, PlayerRecord];
	await playGame(leagueId, [ana, ben], [5, 20]);
	await playGame(leagueId, [ben, ana], [10, 20], { minute: 100 });
});

/** `count` more students of the league, as records (not stored). */
function students(count: number): PlayerRecord[] {
	return Array.from({ length: count }, (_, i) => ({
		id: `extra-${i}`,
		name: `Student ${i}`,
		nameKey: `student ${i}`,
		createdAt: at(1),
		updatedAt: at(1),
		lastPlayedAt: null,
		retiredAt: null,
		leagueId
	}));
}

describe('a streamed backup', () => {
	it('is a header line naming the device, one record a line, an end line that counts them and the seal', async () => {
		const parts: string[] = [];
		const shares: number[] = [];
		const counts = await writeBackup('0.1.0', (p) => void parts.push(p), {
			now: new Date('2026-03-27T15:00:00Z'),
			onProgress: (s) => shares.push(s)
		});
		expect(parts.length).toBeGreaterThan(2);
		const lines = parts.join('').trimEnd().split('\n');
		expect(JSON.parse(lines[0]!)).toEqual({
			app: 'muggins-league',
			format: 3,
			appVersion: '0.1.0',
			exportedAt: '2026-03-27T15:00:00.000Z',
			device: (await deviceKey()).publicKey
		});
		expect(JSON.parse(lines.pop()!)).toEqual({ seal: expect.stringMatching(/^[\w-]{86}$/) });
		const kinds = lines.slice(1).map((l) => Object.keys(JSON.parse(l) as object));
		expect(kinds.every((k) => k.length === 1)).toBe(true);
		expect(kinds.filter(([k]) => k === 'card')).toHaveLength(2);
		expect(kinds.filter(([k]) => k === 'player')).toHaveLength(2);
		expect(JSON.parse(lines.at(-1)!)).toEqual({ end: counts });
		expect(counts).toMatchObject({ leagues: 1, players: 2, games: 2, signatures: 4 });
		expect(counts.events).toBeGreaterThan(4);
		expect(shares.at(-1)).toBe(1);
	});

	it('round-trips onto a fresh device, reporting its progress', async () => {
		const before = await wholeStore();
		const parts: string[] = [];
		await writeBackup('0.1.0', (p) => void parts.push(p));
		await resetDb();
		const shown: RestoreShown[] = [];
		const backup = await readBackup(new Blob(parts));
		expect(summarize(backup).counts).toMatchObject({ leagues: 1, players: 2, games: 2 });
		await restoreBackup(backup, 'replace', { onProgress: (s) => shown.push(s) });
		expect(await wholeStore()).toEqual(asRestored(before));
		expect(await leagues.currentId()).toBe(leagueId);
		const shares = shown.map((s) => s.share);
		expect(shares.at(-1)).toBe(1);
		expect([...shares].sort((a, b) => a - b)).toEqual(shares);
		// Onto an empty device, checking and writing go together: one step.
		expect(shown[0]!.doing).toBe('Restoring 0 of 2 games');
		expect(shown.at(-1)).toMatchObject({ doing: 'Restoring 2 of 2 games', left: 'Almost done' });
	});

	it('still restores a format 1 file (one JSON object)', async () => {
		const before = await wholeStore();
		const text = formatOne(before);
		await resetDb();
		const backup = await readBackup(text);
		expect(backup.format).toBe(1);
		await restoreBackup(backup, 'merge');
		expect(await wholeStore()).toEqual(asRestored(before));
	});

	it('cut short at the end of a line is refused, as is an end that counts otherwise', async () => {
		const text = formatTwo(await wholeStore());
		const lines = text.trimEnd().split('\n');
		await expectCode(readBackup(lines.slice(0, -1).join('\n') + '\n'), 'backup-not-json');
		await expectCode(readBackup(lines.slice(0, -2).join('\n') + '\n'), 'backup-not-json');
		const wrongEnd = lines.slice(0, -2).concat(lines.at(-1)!).join('\n');
		await expectCode(readBackup(wrongEnd), 'backup-damaged');
	});

	it.each(['replace', 'merge'] as const)(
		'with a refused record after thousands of good ones changes nothing (%s)',
		async (mode) => {
			const data = await wholeStore();
			// Over 2000 records come before the bad one: they are a part written before it is read.
			data.players.push(...students(2500));
			data.players.push({ ...students(1)[0]!, id: 'last', name: '\u200b\u202e' });
			const backup = await readBackup(formatTwo(data));
			expect(backup.counts.players).toBe(2503);
			const before = await wholeStore();
			await expectCode(restoreBackup(backup, mode), 'incoming-name');
			expect(await wholeStore()).toEqual(before);
		}
	);

	it('over 20 MB restores, read as a stream', async () => {
		const data = await wholeStore();
		const game = data.games[0]!;
		// Copies of a finished card, each with 60 set-aside signatures drawn in 200,000 characters.
		for (let c = 0; c < 2; c++) {
			const id = `copy-${c}`;
			data.games.push({ ...game, id, signedAt: null, fingerprint: null, result: null });
			data.events.push(
				...data.events.filter((e) => e.gameId === game.id).map((e) => ({ ...e, gameId: id }))
			);
			const model = data.signatures.find((s) => s.gameId === game.id)!;
			for (let s = 0; s < 60; s++) {
				const signature: SignatureRecord = {
					...model,
					id: `${id}-sig-${s}`,
					gameId: id,
					strokes: 'A'.repeat(200_000),
					setAsideAt: at(60),
					setAsideReason: 'Reopened'
				};
				data.signatures.push(signature);
			}
		}
		const file = new Blob([formatTwo(data)]);
		expect(file.size).toBeGreaterThan(20 * 1024 * 1024);
		await resetDb();
		const backup = await readBackup(file);
		await restoreBackup(backup, 'replace');
		expect(await storeDump.counts()).toMatchObject({ games: 4, signatures: 124 });
		// 20 MB read twice, staged and written in fake-indexeddb: seconds on a busy machine.
	}, 30_000);
});
