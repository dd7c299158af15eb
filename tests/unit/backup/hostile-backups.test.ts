/**
 * Crafted backups (issue 13): a restored or merged backup goes through the same checks as a
 * card file. Each case here changed the standings or the store before the fix.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { readBackup, restoreBackup } from '$lib/backup/backup';
import * as cards from '$lib/db/cards';
import * as signatures from '$lib/db/signatures';
import { db } from '$lib/db/db';
import { MAX_EVENTS } from '$lib/card/game-check';
import type { PlayerRecord } from '$lib/card/records';
import { at, resetDb, wholeStore } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';
import { FORMATS, formatTwo } from './helpers';

type Data = Awaited<ReturnType<typeof wholeStore>>;

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

/** The format crafted files are written in, for the cases running. */
let encode: (data: Data) => Promise<string> = async (data) => formatTwo(data);

/** This device's backup, changed by `edit` as a hostile student would, then read back. */
async function crafted(edit: (data: Data) => void) {
	const data = await wholeStore();
	edit(data);
	return readBackup(await encode(data));
}

/**
 * A merge of `file` is refused with `code` when the file is the device's own (its records go
 * through the checks of records from outside); from outside, it changes nothing of the league
 * held here, so there is nothing to refuse (`card/outside-part.ts`).
 */
async function refusedOrLeft(
	file: Awaited<ReturnType<typeof crafted>>,
	origin: string,
	code: string
) {
	const before = await wholeStore();
	if (origin === 'own') {
		await expect(restoreBackup(file, 'merge')).rejects.toMatchObject({ code });
	} else {
		await restoreBackup(file, 'merge');
		expect(await wholeStore()).toEqual(before);
	}
}

describe.each(FORMATS)('in %s', (_format, format, origin) => {
	beforeEach(() => {
		encode = format;
	});

	describe('a crafted backup', () => {
		it('cannot forge a winner through the stored result (item 2)', async () => {
			const forged = await crafted((data) => {
				const result = data.games.find((g) => g.id === signed)?.result;
				if (!result) throw new Error('the signed game has a result');
				for (const s of result.sides) if (s.players.includes(ana.id)) s.total = 99;
				result.winners = result.sides.filter((s) => s.players.includes(ana.id)).map((s) => s.label);
			});
			for (const mode of ['replace', 'merge'] as const) {
				await restoreBackup(forged, mode);
				const [card] = await cards.counted(leagueId);
				expect(card?.sides.map((s) => s.total)).toEqual([5, 20]);
				expect(card?.winners).toEqual([ben.id]);
			}
		});

		it(`is refused when a game has more than ${MAX_EVENTS} entries (item 7)`, async () => {
			const before = await wholeStore();
			const huge = await crafted((data) => {
				const open = { ...data.games[0]!, id: 'huge', signedAt: null, fingerprint: null };
				data.games.push({ ...open, result: null, status: 'in-progress', finishedAt: null });
				for (let seq = 1; seq <= MAX_EVENTS + 1; seq++) {
					data.events.push({
						gameId: 'huge',
						seq,
						event: { id: `e${seq}`, type: 'score', player: ana.id, count: 5 },
						at: at(1),
						deviceId: 'd',
						redoOf: null
					});
				}
			});
			await expect(restoreBackup(huge, 'merge')).rejects.toMatchObject({
				code: 'incoming-too-big'
			});
			await expect(restoreBackup(huge, 'replace')).rejects.toMatchObject({
				code: 'incoming-too-big'
			});
			expect(await wholeStore()).toEqual(before);
		});

		it.each([
			['200 characters', 'x'.repeat(200)],
			['only blanks', '   '],
			['only invisible characters', '\u200b\u202e\u2066'],
			['a newline alone', '\n']
		])('is refused when a name is %s (item 8)', async (_what, name) => {
			const before = await wholeStore();
			const bad = await crafted((data) => {
				data.players[0]!.name = name;
			});
			await expect(restoreBackup(bad, 'replace')).rejects.toMatchObject({ code: 'incoming-name' });
			expect(await wholeStore()).toEqual(before);
		});

		it('stores names by the one name rule: no zero-width, control or bidi characters (item 8)', async () => {
			const sneaky = await crafted((data) => {
				const p = data.players.find((x) => x.id === ana.id)!;
				p.name = 'Ana\u200b\u202e\n';
				p.updatedAt = at(95);
			});
			await restoreBackup(sneaky, 'merge');
			expect(await db.players.get(ana.id)).toMatchObject({ name: 'Ana', nameKey: 'ana' });
		});

		it('cannot take over a signature of another card on the device: each card keeps its own (item 1, merge)', async () => {
			const other = await playGame(leagueId, [ben, ana], [10, 5], { minute: 100 });
			const victims = await signatures.list(other);
			const thief = await crafted((data) => {
				data.games = data.games.filter((g) => g.id === signed);
				data.events = data.events.filter((e) => e.gameId === signed);
				data.signatures = data.signatures.filter((s) => s.gameId === signed);
				data.signatures[0]!.id = victims[0]!.id;
				// Newer than the device's, so the merge takes it.
				data.games[0]!.signedAt = at(200);
			});
			await restoreBackup(thief, 'merge');
			expect(await signatures.list(other)).toEqual(victims);
			expect(await cards.counted(leagueId)).toHaveLength(2);
		});
	});

	describe('a crafted backup merged', () => {
		it('cannot move a game, session or player of another league (item 1)', async () => {
			const other = await leagueWith(['Zoe'], 'Period 5');
			const zoe = [...other.students.values()][0]!;
			const thief = await crafted((data) => {
				const p = data.players.find((x) => x.id === zoe.id)!;
				p.leagueId = leagueId;
				p.updatedAt = at(500);
			});
			await refusedOrLeft(thief, origin, 'incoming-id-taken');
			expect((await db.players.get(zoe.id))?.leagueId).toBe(other.leagueId);
		});
	});
});
