import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as cards from '$lib/db/cards';
import { pagesOf, readPage } from '$lib/card/contributions';
import { DB_NAME, MugginsDB } from '$lib/db/db';
import * as games from '$lib/db/games';
import type {
	EventRecord,
	GameSignaturesRecord,
	LogRecord,
	PlayerRecord,
	SignatureRecord
} from '$lib/card/records';
import * as sessions from '$lib/db/sessions';
import { declareSchema } from '$lib/db/schema';
import { LATEST_VERSION, noteKey } from '$lib/db/version-note';
import { memoryStorage } from '../support/memory-storage';
import { expectKept, fromGameRecords, sorted } from './contribution-helpers';
import {
	resetDb,
	SHIPPED_VERSION_10,
	SHIPPED_VERSION_11,
	SHIPPED_VERSION_13,
	SHIPPED_VERSION_14,
	SHIPPED_VERSION_15,
	SHIPPED_VERSION_16,
	SHIPPED_VERSION_17,
	SHIPPED_VERSION_5,
	SHIPPED_VERSION_6,
	SHIPPED_VERSION_9,
	wholeStore
} from './helpers';
import { leagueWith, playGame } from './league-helpers';
import { contentOf } from '$lib/card/game-check';
import * as inbox from '$lib/db/inbox';
import { signedCard } from '../transfer/fixtures';

/** The database as version 1 of the app left it on a phone: its schema, and a finished game. */
async function shippedVersion1(): Promise<void> {
	const old = new Dexie(DB_NAME);
	old.version(1).stores({
		players: 'id, nameKey, leagueId',
		games: 'id, [status+createdAt], *seats, leagueId, sessionId',
		events: '[gameId+seq]',
		meta: 'key'
	});
	await old.table('games').add({
		id: 'g1',
		rulesetId: 'classroom',
		options: { target: null },
		seats: ['a', 'b'],
		sides: null,
		status: 'finished',
		createdAt: '2025-10-01T09:00:00.000Z',
		updatedAt: '2025-10-01T09:40:00.000Z',
		finishedAt: '2025-10-01T09:40:00.000Z',
		leagueId: null,
		sessionId: null,
		deviceId: 'd1'
	});
	old.close();
}

afterEach(resetDb);

/** Every object store of the open database behind `db`, as IndexedDB holds it. */
function storesOf(db: Dexie) {
	const idb = db.backendDB();
	const names = [...idb.objectStoreNames].sort();
	const tx = idb.transaction(names, 'readonly');
	return names.map((name) => {
		const store = tx.objectStore(name);
		const indexes = [...store.indexNames].sort().map((i) => {
			const index = store.index(i);
			return { i, keyPath: index.keyPath, unique: index.unique, multi: index.multiEntry };
		});
		return { name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
	});
}

const SHIPPED_VERSION_1 = {
	players: 'id, nameKey, leagueId',
	games: 'id, [status+createdAt], *seats, leagueId, sessionId',
	events: '[gameId+seq]',
	meta: 'key'
};
const SHIPPED_VERSION_3 = {
	...SHIPPED_VERSION_1,
	signatures: 'id, gameId',
	leagues: 'id',
	sessions: 'id, [leagueId+date]'
};
const SHIPPED_VERSION_4 = { ...SHIPPED_VERSION_3, matches: 'id, *gameIds' };
const SHIPPED_VERSION_8 = {
	...SHIPPED_VERSION_6,
	verdicts: SHIPPED_VERSION_9.verdicts,
	games: SHIPPED_VERSION_9.games
};

/**
 * Every version a device may hold, with its tables as it shipped (version 7 never did). Only
 * the versions that upgrade data are declared (`declareSchema`): the others' tables come with
 * the next one that does.
 */
const SHIPPED: [number, Record<string, string>][] = [
	[1, SHIPPED_VERSION_1],
	[3, SHIPPED_VERSION_3],
	[4, SHIPPED_VERSION_4],
	[5, SHIPPED_VERSION_5],
	[6, SHIPPED_VERSION_6],
	[8, SHIPPED_VERSION_8],
	[9, SHIPPED_VERSION_9],
	[10, SHIPPED_VERSION_10],
	[11, SHIPPED_VERSION_11],
	[13, SHIPPED_VERSION_13],
	[14, SHIPPED_VERSION_14],
	[15, SHIPPED_VERSION_15],
	[16, SHIPPED_VERSION_16],
	[17, SHIPPED_VERSION_17]
];

describe('opening', () => {
	it('declares the latest version the app knows without Dexie (a first screen reads plainly only at it)', () => {
		const declared = new Dexie('declared-only');
		declareSchema(declared);
		expect(declared.verno).toBe(LATEST_VERSION);
	});

	it.each(SHIPPED)(
		'upgrades a database of version %i to the same tables as a new one, keeping its rows',
		async (version, stores) => {
			const fresh = new MugginsDB('muggins-schema-new');
			await fresh.open();
			const expected = storesOf(fresh);
			fresh.close();
			await Dexie.delete('muggins-schema-new');

			const old = new Dexie(DB_NAME);
			old.version(version).stores(stores);
			await old.table('meta').put({ key: 'deviceId', value: 'd1' });
			old.close();
			const upgraded = new MugginsDB();
			expect(await upgraded.meta.get('deviceId')).toEqual({ key: 'deviceId', value: 'd1' });
			expect(upgraded.verno).toBe(LATEST_VERSION);
			expect(storesOf(upgraded)).toEqual(expected);
			upgraded.close();
		}
	);

	it('notes the version it opened at, for the first screen; and opens where storage is refused', async () => {
		const storage = memoryStorage();
		vi.stubGlobal('localStorage', storage);
		try {
			const noted = new MugginsDB();
			await noted.open();
			expect(storage.items.get(noteKey(DB_NAME))).toBe(String(LATEST_VERSION));
			noted.close();
			vi.stubGlobal('localStorage', memoryStorage(true));
			const refused = new MugginsDB();
			expect(await refused.meta.count()).toBe(0);
			refused.close();
		} finally {
			vi.unstubAllGlobals();
		}
	});
});

describe('version 2 (sign-off)', () => {
	it('gives every game of version 1 the signing fields, unsigned, and a signatures table', async () => {
		await shippedVersion1();
		const upgraded = new MugginsDB();
		expect(await upgraded.games.get('g1')).toMatchObject({
			status: 'finished',
			signedAt: null,
			fingerprint: null,
			result: null
		});
		expect(await upgraded.gameSignatures.get('g1')).toBeUndefined();
		expect(upgraded.verno).toBeGreaterThanOrEqual(2);
		upgraded.close();
	});
});

describe('version 5 (cards between devices)', () => {
	it('adds an empty inbox and turn-in table, keeping the games of version 1', async () => {
		await shippedVersion1();
		const upgraded = new MugginsDB();
		expect(await upgraded.games.get('g1')).toMatchObject({ status: 'finished' });
		expect(await upgraded.inbox.count()).toBe(0);
		expect(await upgraded.turnIns.count()).toBe(0);
		expect(upgraded.verno).toBeGreaterThanOrEqual(5);
		upgraded.close();
	});
});

describe('version 6 (standings at scale)', () => {
	it('fills the contributions from the games of version 5', async () => {
		// Leagues played and signed through the app, then written into a version 5 database.
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara']);
		const [ana, ben, cara] = [...students.values()] as [PlayerRecord, PlayerRecord, PlayerRecord];
		const other = await leagueWith(['Eve', 'Fay'], 'Period 5');
		const session = await sessions.create(leagueId, '2026-01-20');
		await playGame(leagueId, [ana, ben], [20, 10], { sessionId: session.id });
		await playGame(leagueId, [ben, cara], [5, 15], { minute: 2 });
		await playGame(leagueId, [ana, cara], [5, 15], { minute: 3, sign: false });
		const voided = await playGame(leagueId, [ana, cara], [25, 15], { minute: 4 });
		await cards.voidCard(voided, 'Wrong rules');
		await playGame(other.leagueId, [...other.students.values()], [10, 5]);
		await games.create({ players: ['Quick', 'Game'] });
		const stored = await wholeStore();
		await resetDb();
		const old = new Dexie(DB_NAME);
		old.version(5).stores(SHIPPED_VERSION_5);
		await old.open();
		for (const [table, rows] of Object.entries(stored)) await old.table(table).bulkAdd(rows);
		old.close();

		const upgraded = new MugginsDB();
		const pages = await upgraded.contributions.toArray();
		expect(upgraded.verno).toBeGreaterThanOrEqual(6);
		expect(sorted(pages)).toEqual(sorted(pagesOf(stored.games)));
		expect(pages.flatMap(readPage)).toHaveLength(3);
		upgraded.close();
		expect(await cards.counted(leagueId)).toEqual(await fromGameRecords(leagueId));
		expect(await cards.counted(leagueId)).toHaveLength(2);
		await expectKept();
	});
});

describe('version 13 (copies found by what was played)', () => {
	it('works out again the content of every card in the inbox, times left out', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara']);
		const card = await signedCard([...students.values()], 2, { leagueId });
		const entry = await inbox.receive(leagueId, card);
		// As version 11 kept it: a content hashed with each entry's time.
		const stored = {
			...(await wholeStore()),
			inbox: [{ ...entry, content: 'hashed with times' }]
		};
		await resetDb();
		const old = new Dexie(DB_NAME);
		old.version(11).stores(SHIPPED_VERSION_11);
		await old.open();
		for (const [table, rows] of Object.entries(stored)) await old.table(table).bulkAdd(rows);
		old.close();

		const upgraded = new MugginsDB();
		const content = contentOf(card.game, card.events);
		expect((await upgraded.inbox.get(entry.id))?.content).toBe(content);
		expect(
			await upgraded.inbox.where('[leagueId+content]').equals([leagueId, content]).primaryKeys()
		).toEqual([entry.id]);
		upgraded.close();
	});
});

describe('version 16 (a game’s log in one record)', () => {
	/** The derived tables, which moving the logs leaves as they are. */
	const DERIVED = ['contributions', 'verdicts', 'figures', 'studentTotals', 'dayTotals'] as const;

	it('moves every event of version 15 into its game’s log, exactly, and drops the events and the kept logs', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara']);
		const [ana, ben, cara] = [...students.values()] as [PlayerRecord, PlayerRecord, PlayerRecord];
		await playGame(leagueId, [ana, ben], [20, 10]);
		await playGame(leagueId, [ben, cara], [5, 15], { minute: 2 });
		await playGame(leagueId, [ana, cara], [5, 15], { minute: 3, sign: false });
		const stored = await wholeStore();
		const current = new MugginsDB();
		const derived = await Promise.all(DERIVED.map((t) => current.table(t).toArray()));
		current.close();
		await resetDb();
		// More events than the upgrade moves at a time (5,000): a log goes on over a page’s end.
		const many: EventRecord[] = Array.from({ length: 180 }, (_, g) =>
			Array.from({ length: 30 }, (_, i) => ({
				gameId: `m${String(g).padStart(3, '0')}`,
				seq: i + 1,
				event: { type: 'score' as const, id: `m${g}-${i}`, player: ana.id, count: 5 },
				at: '2026-01-12T09:00:00.000Z',
				deviceId: 'd1',
				redoOf: null
			}))
		).flat();
		const old = new Dexie(DB_NAME);
		old.version(15).stores(SHIPPED_VERSION_15);
		await old.open();
		for (const [table, rows] of Object.entries(stored)) await old.table(table).bulkAdd(rows);
		for (const [i, t] of DERIVED.entries()) await old.table(t).bulkAdd(derived[i]!);
		// Added in a shuffled order: the store keeps them by key, the game's and then its number.
		await old.table('events').bulkAdd([...many].reverse());
		old.close();

		const expected = new Map<string, EventRecord[]>();
		for (const e of [...stored.events, ...many]) {
			expected.set(e.gameId, [...(expected.get(e.gameId) ?? []), e]);
		}
		const logs: LogRecord[] = [...expected.keys()]
			.sort()
			.map((gameId) => ({ gameId, events: expected.get(gameId)!.sort((a, b) => a.seq - b.seq) }));
		const upgraded = new MugginsDB();
		expect(await upgraded.logs.toArray()).toEqual(logs);
		expect(storesOf(upgraded).map((s) => s.name)).not.toContain('events');
		expect(storesOf(upgraded).map((s) => s.name)).not.toContain('signedLogs');
		for (const [i, t] of DERIVED.entries()) {
			expect(await upgraded.table(t).toArray()).toEqual(derived[i]);
		}
		upgraded.close();
		expect(await wholeStore()).toEqual({ ...stored, events: logs.flatMap((l) => l.events) });
	});
});

describe('version 17 (a game’s signatures in one record)', () => {
	/** The derived tables, which moving the signatures leaves as they are. */
	const DERIVED = ['contributions', 'verdicts', 'figures', 'studentTotals', 'dayTotals'] as const;

	it('moves every signature of version 16 into its game’s record, in signing order, and drops the table', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara']);
		const [ana, ben, cara] = [...students.values()] as [PlayerRecord, PlayerRecord, PlayerRecord];
		await playGame(leagueId, [ana, ben], [20, 10]);
		await playGame(leagueId, [ben, cara], [5, 15], { minute: 2 });
		await playGame(leagueId, [ana, cara], [5, 15], { minute: 3, sign: false });
		const stored = await wholeStore();
		expect(stored.signatures.length).toBeGreaterThan(0);
		const current = new MugginsDB();
		const derived = await Promise.all(DERIVED.map((t) => current.table(t).toArray()));
		current.close();
		await resetDb();
		// More games than the upgrade moves at a time (500), three signatures each, the set-aside
		// one signed first; their ids sort against the signing order.
		const many: SignatureRecord[] = Array.from({ length: 1_201 }, (_, g) =>
			[2, 1, 0].map((k) => ({
				id: `sig-${String(g).padStart(4, '0')}-${k}`,
				gameId: `m${String(g).padStart(4, '0')}`,
				playerId: [ana, ben, cara][k]!.id,
				name: [ana, ben, cara][k]!.name,
				fingerprint: 'f'.repeat(64),
				strokes: null,
				typed: [ana, ben, cara][k]!.name,
				signedAt: `2026-01-12T09:0${2 - k}:00.000Z`,
				deviceId: 'd1',
				setAsideAt: k === 2 ? '2026-01-12T09:05:00.000Z' : null,
				setAsideReason: k === 2 ? 'a count was wrong' : null
			}))
		).flat();
		const old = new Dexie(DB_NAME);
		old.version(16).stores(SHIPPED_VERSION_16);
		await old.open();
		for (const [table, rows] of Object.entries(stored)) {
			if (table === 'events') await old.table('logs').bulkAdd(logsOf(rows as EventRecord[]));
			else await old.table(table).bulkAdd(rows);
		}
		for (const [i, t] of DERIVED.entries()) await old.table(t).bulkAdd(derived[i]!);
		// Added in a shuffled order: the store keeps them by id.
		await old.table('signatures').bulkAdd([...many].reverse());
		old.close();

		const expected = new Map<string, SignatureRecord[]>();
		for (const s of [...stored.signatures, ...many]) {
			expected.set(s.gameId, [...(expected.get(s.gameId) ?? []), s]);
		}
		const records: GameSignaturesRecord[] = [...expected.keys()].sort().map((gameId) => ({
			gameId,
			signatures: expected
				.get(gameId)!
				.sort((a, b) => a.signedAt.localeCompare(b.signedAt) || a.id.localeCompare(b.id))
		}));
		const upgraded = new MugginsDB();
		expect(await upgraded.gameSignatures.toArray()).toEqual(records);
		expect(storesOf(upgraded).map((s) => s.name)).not.toContain('signatures');
		for (const [i, t] of DERIVED.entries()) {
			expect(await upgraded.table(t).toArray()).toEqual(derived[i]);
		}
		upgraded.close();
		const after = await wholeStore();
		expect(after.signatures).toHaveLength(stored.signatures.length + many.length);
		expect({ ...after, signatures: [] }).toEqual({ ...stored, signatures: [] });
	});
});

/** `events` as one log record per game. */
function logsOf(events: readonly EventRecord[]): LogRecord[] {
	const by = new Map<string, EventRecord[]>();
	for (const e of events) by.set(e.gameId, [...(by.get(e.gameId) ?? []), e]);
	return [...by].map(([gameId, list]) => ({ gameId, events: list }));
}
