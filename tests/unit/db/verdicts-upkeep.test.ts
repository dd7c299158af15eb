import 'fake-indexeddb/auto';
import Dexie, {
	type DBCore,
	type DBCoreMutateRequest,
	type DBCoreTable,
	type Middleware
} from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { readPage } from '$lib/card/contributions';
import { DB_NAME, MugginsDB, db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as inbox from '$lib/db/inbox';
import * as leagues from '$lib/db/leagues';
import * as outbox from '$lib/db/outbox';
import { signaturesByGame, type EventRecord, type SignatureRecord } from '$lib/card/records';
import * as signatures from '$lib/db/signatures';
import { vouchPrints } from '$lib/db/upkeep';
import { leagueCsv } from '$lib/export/league';
import {
	at,
	resetDb,
	SHIPPED_VERSION_10,
	SHIPPED_VERSION_6,
	SHIPPED_VERSION_9,
	logOf,
	putEvent,
	deleteEvent,
	restoreDump,
	wholeStore
} from './helpers';
import { leagueWith, signForTest } from './league-helpers';
import { classWithCards, expectVerdictsKept, judgedAfresh } from './verdict-helpers';

beforeEach(resetDb);

/** A stored score event of game `gameId`, to edit by hand. */
async function scoreOf(gameId: string): Promise<EventRecord> {
	const rows = await logOf(gameId);
	return rows.find((e) => e.event.type === 'score')!;
}

async function changed(leagueId: string): Promise<string[]> {
	return [...(await cards.changedAfterSigning(leagueId))].sort();
}

describe('a verdict is kept for every signed card, in the write that signs it', () => {
	it('sign: one verdict per locked card, none for unsigned or in-progress games', async () => {
		const { leagueId, honest, tampered } = await classWithCards();
		const kept = await db.verdicts.toArray();
		expect(kept.map((v) => v.gameId).sort()).toEqual([honest, tampered].sort());
		expect(kept.every((v) => v.leagueId === leagueId && v.changed === 0)).toBe(true);
		expect(kept.map((v) => v.fingerprint)).toEqual(
			await Promise.all(kept.map(async (v) => (await db.games.get(v.gameId))!.fingerprint))
		);
		await expectVerdictsKept();
	});

	it('a score tap on a game in progress writes no verdict', async () => {
		const { leagueId, s } = await classWithCards();
		const game = await games.create({
			players: [{ id: s('Ben').id }, { id: s('Cara').id }],
			leagueId
		});
		const before = await db.verdicts.toArray();
		await games.append(game.id, { type: 'score', player: s('Ben').id, count: 10 });
		expect(await db.verdicts.toArray()).toEqual(before);
	});

	it("an event of a signed card changed twice (its verdict stays 'changed') keeps its verdict's hands", async () => {
		const { tampered } = await classWithCards();
		const row = await scoreOf(tampered);
		for (const count of [31, 32]) {
			await putEvent({ ...row, event: { ...row.event, count } as typeof row.event });
			await expectVerdictsKept();
		}
	});

	it('a score tap on a game in progress reads no verdict, no standings page, and its game once', async () => {
		const { leagueId, s } = await classWithCards();
		const game = await games.create({
			players: [{ id: s('Ben').id }, { id: s('Cara').id }],
			leagueId
		});
		await games.append(game.id, { type: 'score', player: s('Ben').id, count: 5 });
		const calls: string[] = [];
		// Below both upkeeps (levels 10, 11), above IndexedDB: every request they pass on.
		const probe: Middleware<DBCore> = {
			stack: 'dbcore',
			name: 'Probe',
			level: 5,
			create: (down) => ({
				...down,
				table(name) {
					const table = down.table(name);
					const note =
						<K extends 'get' | 'getMany' | 'query' | 'mutate'>(k: K) =>
						(req: Parameters<DBCoreTable[K]>[0]) => {
							calls.push(`${name}.${k === 'mutate' ? (req as DBCoreMutateRequest).type : k}`);
							return (table[k] as (r: typeof req) => ReturnType<DBCoreTable[K]>)(req);
						};
					return {
						...table,
						get: note('get'),
						getMany: note('getMany'),
						query: note('query'),
						mutate: note('mutate')
					};
				}
			})
		};
		db.use(probe);
		db.close({ disableAutoOpen: false });
		try {
			await games.append(game.id, { type: 'score', player: s('Ben').id, count: 10 });
		} finally {
			db.unuse({ stack: 'dbcore', name: 'Probe' });
			db.close({ disableAutoOpen: false });
		}
		expect(calls.filter((c) => !c.startsWith('meta.')).sort()).toEqual(
			// The game is read as `bulkUpdate` reads it (`getMany`, with the transaction's cache).
			['games.getMany', 'logs.get', 'games.put', 'logs.put'].sort()
		);
	});

	it('a card reopened by hand, its record changed in place and put back, loses its verdict and its place in the standings', async () => {
		const { leagueId, honest } = await classWithCards();
		expect(await db.verdicts.get(honest)).toBeDefined();
		await db.transaction('rw', db.games, async () => {
			const record = (await db.games.get(honest))!;
			record.signedAt = null;
			record.fingerprint = null;
			await db.games.put(record);
		});
		expect(await db.verdicts.get(honest)).toBeUndefined();
		const pages = await db.contributions
			.where('[leagueId+page]')
			.between([leagueId, 0], [leagueId, Infinity])
			.toArray();
		expect(pages.flatMap((p) => readPage(p).map((c) => c.gameId))).not.toContain(honest);
		await expectVerdictsKept();
	});

	it('reopen removes the verdict; signing again brings it back', async () => {
		const { tampered } = await classWithCards();
		await signatures.reopen(tampered, 'Missed a count', { now: at(60) });
		expect(await db.verdicts.get(tampered)).toBeUndefined();
		await signForTest(tampered, at(61));
		expect(await db.verdicts.get(tampered)).toMatchObject({ changed: 0 });
		await expectVerdictsKept();
	});
});

describe('every write that can change a verdict changes it in the same transaction', () => {
	it('an event edited, then put back', async () => {
		const { leagueId, tampered } = await classWithCards();
		const row = await scoreOf(tampered);
		const count = (row.event as { count: number }).count;
		await putEvent({ ...row, event: { ...row.event, count: count + 5 } as typeof row.event });
		expect(await changed(leagueId)).toEqual([tampered]);
		await putEvent(row);
		expect(await changed(leagueId)).toEqual([]);
		await expectVerdictsKept();
	});

	it('an event taken out of a log, the log deleted, and the log put back', async () => {
		const { leagueId, tampered } = await classWithCards();
		const all = await games.eventsOf(tampered);
		const last = all.at(-1)!;
		await deleteEvent(tampered, last.seq);
		expect(await changed(leagueId)).toEqual([tampered]);
		await putEvent(last);
		expect(await changed(leagueId)).toEqual([]);
		await db.logs.delete(tampered);
		expect(await changed(leagueId)).toEqual([tampered]);
		await db.logs.add({ gameId: tampered, events: all });
		expect(await changed(leagueId)).toEqual([]);
		await db.logs.clear();
		expect((await changed(leagueId)).length).toBe(2);
		await expectVerdictsKept();
	});

	it('a game added in the transaction that added its log is judged on the log as stored, whatever its writer did after', async () => {
		// A restore's batch adds its logs, then its games: the upkeep judges them on the logs it
		// was given (issue 39), which must be what the store holds when the game comes.
		const { leagueId, honest, tampered } = await classWithCards();
		const ids = [honest, tampered];
		const kept = await Promise.all(
			ids.map(async (id) => ({
				game: (await db.games.get(id))!,
				log: (await db.logs.get(id))!,
				signatures: await signatures.list(id)
			}))
		);
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			await db.games.bulkDelete(ids);
			await db.logs.bulkDelete(ids);
			await db.gameSignatures.bulkDelete(ids);
		});
		expect(await db.verdicts.count()).toBe(0);
		const [h, t] = kept as [(typeof kept)[0], (typeof kept)[0]];
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			const events = [...h.log.events];
			await db.logs.add({ gameId: honest, events });
			// The writer's list changed after the write: the store holds the whole log still.
			events.pop();
			await db.logs.add(t.log);
			// Put again, changed: the upkeep must judge this one, not the log first added.
			const score = t.log.events.findIndex((e) => e.event.type === 'score');
			const row = t.log.events[score]!;
			const changedRow = {
				...row,
				event: { ...row.event, count: (row.event as { count: number }).count + 5 }
			} as typeof row;
			await db.logs.put({ gameId: tampered, events: t.log.events.with(score, changedRow) });
			await db.gameSignatures.bulkAdd(signaturesByGame([...h.signatures, ...t.signatures]));
			await db.games.bulkAdd([h.game, t.game]);
		});
		expect(await changed(leagueId)).toEqual([tampered]);
		await expectVerdictsKept();
	});

	it('takes a fingerprint vouched for only for that very game record added with that very log', async () => {
		const { leagueId, honest, tampered } = await classWithCards();
		const ids = [honest, tampered];
		const kept = await Promise.all(
			ids.map(async (id) => ({
				game: (await db.games.get(id))!,
				log: (await db.logs.get(id))!,
				signatures: await signatures.list(id)
			}))
		);
		const [h, t] = kept as [(typeof kept)[0], (typeof kept)[0]];
		const remove = () =>
			db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
				await db.games.bulkDelete(ids);
				await db.logs.bulkDelete(ids);
				await db.gameSignatures.bulkDelete(ids);
			});
		const wrong = 'f'.repeat(64);
		await remove();
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			// Vouched for a copy of the record, not the one added: not taken.
			vouchPrints([{ game: { ...h.game }, log: h.log, print: wrong }]);
			// Vouched for the very records, but the log was put again after: not taken.
			vouchPrints([{ game: t.game, log: t.log, print: wrong }]);
			await db.logs.bulkAdd([h.log, t.log]);
			await db.logs.put({ ...t.log });
			await db.gameSignatures.bulkAdd(signaturesByGame([...h.signatures, ...t.signatures]));
			await db.games.bulkAdd([h.game, t.game]);
		});
		expect(await changed(leagueId)).toEqual([]);
		await expectVerdictsKept();
		// For the very records, unchanged, the word is taken (a restore's: it hashed the card).
		await remove();
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			vouchPrints([{ game: h.game, log: h.log, print: wrong }]);
			await db.logs.bulkAdd([h.log, t.log]);
			await db.gameSignatures.bulkAdd(signaturesByGame([...h.signatures, ...t.signatures]));
			await db.games.bulkAdd([h.game, t.game]);
		});
		expect(await changed(leagueId)).toEqual([honest]);
	});

	it('takes the signatures vouched for a game added with them, unless signatures were otherwise written', async () => {
		const { honest } = await classWithCards();
		const kept = {
			game: (await db.games.get(honest))!,
			log: (await db.logs.get(honest))!,
			signatures: await signatures.list(honest)
		};
		const verdict = await db.verdicts.get(honest);
		expect(verdict).toBeDefined();
		const remove = () =>
			db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
				await db.games.delete(honest);
				await db.logs.delete(honest);
				await db.gameSignatures.delete(honest);
			});
		const print = kept.game.fingerprint!;
		// The word for the very signature records added: taken, not read back. Vouched as the
		// first alone, the card is judged with one signature (what the word says), not all.
		const [first] = kept.signatures as [SignatureRecord];
		await remove();
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			vouchPrints([{ game: kept.game, log: kept.log, print, signatures: [first] }]);
			await db.logs.add(kept.log);
			await db.gameSignatures.add({ gameId: honest, signatures: kept.signatures });
			await db.games.add(kept.game);
		});
		expect(await db.verdicts.get(honest)).not.toEqual(verdict);
		// A signature put in the same transaction: the word is not taken, the signatures are read.
		await remove();
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			vouchPrints([{ game: kept.game, log: kept.log, print, signatures: [first] }]);
			await db.logs.add(kept.log);
			await db.gameSignatures.add({ gameId: honest, signatures: kept.signatures });
			await db.gameSignatures.put({
				gameId: honest,
				signatures: kept.signatures.map((s) => (s === first ? { ...first } : s))
			});
			await db.games.add(kept.game);
		});
		expect(await db.verdicts.get(honest)).toEqual(verdict);
		// Copies of the records added, not the very ones: not taken either.
		await remove();
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			vouchPrints([{ game: kept.game, log: kept.log, print, signatures: [{ ...first }] }]);
			await db.logs.add(kept.log);
			await db.gameSignatures.add({ gameId: honest, signatures: kept.signatures });
			await db.games.add(kept.game);
		});
		expect(await db.verdicts.get(honest)).toEqual(verdict);
	});

	it('a signature set aside, deleted, or moved to another card by hand', async () => {
		const { leagueId, honest, tampered } = await classWithCards();
		const all = await signatures.list(honest);
		const [first, second] = all as [SignatureRecord, SignatureRecord];
		const put = (gameId: string, list: SignatureRecord[]) =>
			db.gameSignatures.put({ gameId, signatures: list });
		const aside = { ...first, setAsideAt: at(70), setAsideReason: 'x' };
		await put(
			honest,
			all.map((s) => (s === first ? aside : s))
		);
		expect(await changed(leagueId)).toEqual([honest]);
		await put(honest, all);
		expect(await changed(leagueId)).toEqual([]);
		await put(
			honest,
			all.filter((s) => s !== second)
		);
		expect(await changed(leagueId)).toEqual([honest]);
		await put(honest, all);
		// Moved to the other card: taken from this one's record, put in the other's.
		const theirs = await signatures.list(tampered);
		await db.transaction('rw', db.gameSignatures, async () => {
			await put(
				honest,
				all.filter((s) => s !== second)
			);
			await put(tampered, [...theirs, { ...second, gameId: tampered }]);
		});
		expect(await changed(leagueId)).toEqual([honest]);
		await db.gameSignatures.delete(honest);
		await db.gameSignatures.clear();
		expect(await changed(leagueId)).toEqual([honest, tampered].sort());
		await expectVerdictsKept();
	});

	it('the record edited: its fingerprint, its league, voided and restored', async () => {
		const { leagueId, honest, tampered } = await classWithCards();
		const other = await leagueWith(['Eve', 'Fay'], 'Period 5');
		await db.games.update(honest, { fingerprint: 'f'.repeat(64) });
		expect(await changed(leagueId)).toEqual([honest]);
		// The league is part of what was signed: moved by hand, the card no longer matches.
		await db.games.update(tampered, { leagueId: other.leagueId });
		expect(await db.verdicts.get(tampered)).toMatchObject({ leagueId: other.leagueId, changed: 1 });
		expect(await changed(leagueId)).toEqual([honest]);
		await cards.voidCard(tampered, 'Wrong rules');
		await cards.unvoid(tampered);
		expect(await changed(other.leagueId)).toEqual([tampered]);
		await db.games.update(tampered, { leagueId });
		expect(await changed(leagueId)).toEqual([honest]);
		await expectVerdictsKept();
	});

	it('a game and its verdict leave together: deleted, league removed, every game cleared', async () => {
		const { leagueId, honest } = await classWithCards();
		await db.games.delete(honest);
		expect(await db.verdicts.get(honest)).toBeUndefined();
		await expectVerdictsKept();
		const other = await classWithCards();
		await leagues.remove(leagueId);
		await expectVerdictsKept();
		expect(await db.verdicts.count()).toBe(2);
		await db.games.where('leagueId').equals(other.leagueId).delete();
		expect(await db.verdicts.count()).toBe(0);
		await classWithCards();
		await db.games.clear();
		expect(await db.verdicts.count()).toBe(0);
	});

	it('a quick game attached to a league and signed', async () => {
		const { leagueId, s } = await classWithCards();
		const seats = [{ id: s('Ana').id }, { id: s('Cara').id }];
		const quick = await games.create({ players: seats, now: at(30) });
		await games.append(quick.id, { type: 'score', player: seats[0]!.id, count: 10 });
		await games.append(quick.id, { type: 'end' });
		await outbox.attach(quick.id, leagueId);
		await signForTest(quick.id);
		expect(await db.verdicts.get(quick.id)).toMatchObject({ leagueId, changed: 0 });
		await expectVerdictsKept();
	});

	it('a card received through the inbox', async () => {
		const { leagueId, tampered } = await classWithCards();
		const card = await outbox.cardOf(tampered);
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			await db.games.delete(tampered);
			await db.logs.delete(tampered);
			await db.gameSignatures.delete(tampered);
		});
		expect(await db.verdicts.get(tampered)).toBeUndefined();
		await inbox.receive(leagueId, card);
		expect(await db.verdicts.get(tampered)).toMatchObject({ changed: 0 });
		await expectVerdictsKept();
	});

	it.each(['merge', 'replace'] as const)(
		'a backup restored (%s), tampered card included',
		async (mode) => {
			const { leagueId, tampered } = await classWithCards();
			const row = await scoreOf(tampered);
			await putEvent({ ...row, event: { ...row.event, count: 35 } as typeof row.event });
			const snapshot = await wholeStore();
			await resetDb();
			await restoreDump(snapshot, mode);
			expect(await changed(leagueId)).toEqual([tampered]);
			await expectVerdictsKept();
		}
	);
});

/**
 * `stored` (and `verdicts`, for the versions that kept them) written into a fresh database of
 * schema `version`, as an older app left it.
 */
async function storeAsVersion(
	version: number,
	schema: Record<string, string>,
	stored: Awaited<ReturnType<typeof wholeStore>>,
	verdicts: object[] = []
): Promise<void> {
	const old = new Dexie(DB_NAME);
	old.version(version).stores(schema);
	await old.open();
	for (const [table, rows] of Object.entries(stored)) await old.table(table).bulkAdd(rows);
	if (verdicts.length) await old.table('verdicts').bulkAdd(verdicts);
	old.close();
}

describe('version 8 (signature verdicts)', () => {
	it('judges every signed card of an older database once, as it is', async () => {
		const { leagueId, tampered } = await classWithCards();
		const row = await scoreOf(tampered);
		await putEvent({ ...row, event: { ...row.event, count: 35 } as typeof row.event });
		const expected = await judgedAfresh();
		const stored = await wholeStore();
		await resetDb();
		await storeAsVersion(6, SHIPPED_VERSION_6, stored);

		const upgraded = new MugginsDB();
		expect(await upgraded.verdicts.toArray()).toEqual(expected);
		expect(expected.filter((v) => v.changed === 1).map((v) => v.gameId)).toEqual([tampered]);
		upgraded.close();
		expect(await changed(leagueId)).toEqual([tampered]);
	});

	it('gives a signed card the result of its events, not a forged one (issue 13)', async () => {
		const { tampered: forged } = await classWithCards();
		const honest = (await db.games.get(forged))?.result;
		if (!honest) throw new Error('the card has a result');
		const stored = await wholeStore();
		const game = stored.games.find((g) => g.id === forged);
		if (!game?.result) throw new Error('the card is in the dump');
		game.result = { ...game.result, sides: game.result.sides.map((s) => ({ ...s, total: 99 })) };
		await resetDb();
		await storeAsVersion(6, SHIPPED_VERSION_6, stored);

		const upgraded = new MugginsDB();
		expect((await upgraded.games.get(forged))?.result).toEqual(honest);
		upgraded.close();
		await expectVerdictsKept();
	});
});

describe('version 10 (the hands kept with the verdicts)', () => {
	it('gives every verdict of an older database the hands its card replays to', async () => {
		const { leagueId, tampered } = await classWithCards();
		const row = await scoreOf(tampered);
		await putEvent({ ...row, event: { ...row.event, count: 35 } as typeof row.event });
		const expected = await judgedAfresh();
		const stored = await wholeStore();
		const verdicts = await db.verdicts.toArray();
		await resetDb();
		// As version 9 kept them: the same verdicts, without hands.
		await storeAsVersion(
			9,
			SHIPPED_VERSION_9,
			stored,
			verdicts.map((v) => {
				const older: Partial<typeof v> = { ...v };
				delete older.hands;
				return older;
			})
		);

		const upgraded = new MugginsDB();
		const kept = await upgraded.verdicts.toArray();
		upgraded.close();
		expect(kept.sort((a, b) => a.gameId.localeCompare(b.gameId))).toEqual(expected);
		expect(kept.every((v) => v.hands !== null && v.hands.hands.length > 0)).toBe(true);
		expect(await changed(leagueId)).toEqual([tampered]);
	});
});

describe("version 11 (the signed cards' logs kept whole, dropped by version 16)", () => {
	it('keeps every card of a version 10 database and exports the same events, from the logs', async () => {
		const { leagueId, tampered, unsigned } = await classWithCards();
		const row = await scoreOf(tampered);
		await putEvent({ ...row, event: { ...row.event, count: 35 } as typeof row.event });
		const csv = (await leagueCsv(leagueId, 'events', '2026-01-01')).text;
		const stored = await wholeStore();
		const verdicts = await db.verdicts.toArray();
		await resetDb();
		// As version 10 kept them: the verdicts with their hands, no logs.
		await storeAsVersion(10, SHIPPED_VERSION_10, stored, verdicts);

		const upgraded = new MugginsDB();
		const games = (await upgraded.games.toArray()).map((g) => g.id).sort();
		const logs = (await upgraded.logs.toArray()).flatMap((l) => l.events);
		const tables = [...upgraded.backendDB().objectStoreNames];
		upgraded.close();
		expect(games).toEqual(stored.games.map((g) => g.id).sort());
		expect(logs).toEqual(stored.events);
		expect(logs.map((e) => e.gameId)).toContain(unsigned);
		expect(tables).not.toContain('signedLogs');
		await expectVerdictsKept();
		expect((await leagueCsv(leagueId, 'events', '2026-01-01')).text).toBe(csv);
	});
});
