/**
 * The checks of records from outside that need no store (`incoming-check.ts`): hand-made
 * backups and league names, refused or cleaned with no database at all (this file loads no
 * IndexedDB), so the school server can run the same checks.
 */
import { describe, expect, it } from 'vitest';
import type { StoreDump } from '$lib/card/backup-records';
import { CardError } from '$lib/card/errors';
import {
	assertOwnIds,
	assertSameLeague,
	byGame,
	checkDump,
	checkDumpWithPrints,
	incomingLeagueName,
	vouched
} from '$lib/card/incoming-check';
import { MAX_LEAGUE_NAME } from '$lib/card/names';
import type {
	GameRecord,
	LeagueRecord,
	LogRecord,
	PlayerRecord,
	SignatureRecord
} from '$lib/card/records';
import { bare } from '$lib/rules/bare';

const AT = '2026-01-12T09:00:00.000Z';

function league(id: string, name = 'Period 3'): LeagueRecord {
	return {
		id,
		name,
		term: { name: 'Trimester 2', start: null, end: null },
		rulesetId: 'classroom',
		options: {},
		createdAt: AT,
		updatedAt: AT
	};
}

function student(id: string, name: string, extra: Partial<PlayerRecord> = {}): PlayerRecord {
	return {
		id,
		name,
		nameKey: name.toLowerCase(),
		createdAt: AT,
		updatedAt: AT,
		lastPlayedAt: null,
		retiredAt: null,
		leagueId: 'L1',
		studentId: null,
		...extra
	};
}

/** A backup of one league with Ana and Ben, changed by `edit`. */
function file(edit: (dump: StoreDump) => void = () => {}): StoreDump {
	const dump: StoreDump = {
		leagues: [league('L1')],
		players: [student('p1', 'Ana'), student('p2', 'Ben')],
		sessions: [],
		games: [],
		events: [],
		matches: [],
		signatures: [],
		inbox: [],
		turnIns: []
	};
	edit(dump);
	return dump;
}

describe('checkDump', () => {
	it.each<[string, (dump: StoreDump) => void, string]>([
		['a league with a blank name', (d) => (d.leagues[0]!.name = ' \u200b '), 'incoming-name'],
		[
			'a league name one character too long',
			(d) => (d.leagues[0]!.name = 'x'.repeat(MAX_LEAGUE_NAME + 1)),
			'incoming-name'
		],
		[
			'a student named only by invisible characters',
			(d) => (d.players[0]!.name = '\u3164'),
			'incoming-name'
		],
		[
			'a student whose name is not text',
			(d) => (d.players[0]!.name = 7 as unknown as string),
			'incoming-name'
		],
		['two students under one id', (d) => (d.players[1]!.id = 'p1'), 'incoming-id-taken'],
		[
			'two leagues under one id',
			(d) => d.leagues.push(league('L1', 'Period 5')),
			'incoming-id-taken'
		],
		[
			'a student id with a right-to-left override',
			(d) => (d.players[0]!.studentId = 'a\u202eb'),
			'student-id-control'
		],
		[
			'a student id of 65 characters',
			(d) => (d.players[0]!.studentId = 'x'.repeat(65)),
			'student-id-too-long'
		],
		[
			'two students of one league with one student id, told apart by case only',
			(d) => {
				d.players[0]!.studentId = 'A.Lee@school.org';
				d.players[1]!.studentId = 'a.lee@School.org';
			},
			'student-id-taken'
		]
	])('refuses %s, and leaves the file as it came', async (_, edit, code) => {
		const hostile = file(edit);
		const before = structuredClone(hostile);
		const refused = checkDump(hostile);
		await expect(refused).rejects.toBeInstanceOf(CardError);
		await expect(refused).rejects.toMatchObject({ code });
		expect(hostile).toEqual(before);
	});

	it('cleans names by the one name rule and keeps a record without a student id as it was', async () => {
		const checked = await checkDump(
			file((d) => {
				d.leagues[0]!.name = '  Period\t3 ';
				d.players[0]!.name = ' ana   LÓPEZ\u200b';
				d.players[0]!.studentId = '  s-1 ';
				delete d.players[1]!.studentId;
			})
		);
		expect(checked.leagues.map((l) => l.name)).toEqual(['Period 3']);
		expect(checked.players.map((p) => [p.name, p.nameKey, p.studentId])).toEqual([
			['ana LÓPEZ', 'ana lópez', 's-1'],
			['Ben', 'ben', undefined]
		]);
		expect('studentId' in checked.players[1]!).toBe(false);
	});

	it('accepts one student id in two leagues', async () => {
		const checked = await checkDump(
			file((d) => {
				d.leagues.push(league('L2', 'Period 5'));
				d.players[0]!.studentId = 's-1';
				d.players[1] = { ...d.players[1]!, leagueId: 'L2', studentId: 'S-1' };
			})
		);
		expect(checked.players.map((p) => p.studentId)).toEqual(['s-1', 'S-1']);
	});
});

describe('incomingLeagueName', () => {
	it.each([
		['  Period   3 ', 'Period 3'],
		['x'.repeat(MAX_LEAGUE_NAME), 'x'.repeat(MAX_LEAGUE_NAME)]
	])('keeps %j as %j', (raw, clean) => {
		expect(incomingLeagueName(raw)).toBe(clean);
	});

	it.each([[''], ['\u2800'], ['x'.repeat(MAX_LEAGUE_NAME + 1)], [null], [{ name: 'Period 3' }]])(
		'refuses %j',
		(raw) => {
			expect(() => incomingLeagueName(raw)).toThrow(
				expect.objectContaining({ code: 'incoming-name' })
			);
		}
	);
});

describe('assertSameLeague', () => {
	const held = new Map([
		['g1', { id: 'g1', leagueId: 'L1' }],
		['q1', { id: 'q1', leagueId: null }]
	]);

	it.each([
		['a record of the same league', { id: 'g1', leagueId: 'L1' }],
		['a record the device does not hold', { id: 'g2', leagueId: 'L2' }],
		['a quick game as a quick game', { id: 'q1', leagueId: null }]
	])('lets in %s', (_, record) => {
		expect(() => assertSameLeague([record], held)).not.toThrow();
	});

	it.each([
		['a record of another league', { id: 'g1', leagueId: 'L2' }],
		['a quick game taken into a league', { id: 'q1', leagueId: 'L1' }],
		['a league record made a quick one', { id: 'g1', leagueId: null }]
	])('refuses %s', (_, record) => {
		expect(() => assertSameLeague([record], held)).toThrow(
			expect.objectContaining({ code: 'incoming-id-taken' })
		);
	});
});

describe('byGame', () => {
	it('groups records by their game, each in its order', () => {
		const rows = [
			{ gameId: 'b', seq: 1 },
			{ gameId: 'a', seq: 1 },
			{ gameId: 'b', seq: 2 },
			{ gameId: '__proto__', seq: 1 }
		];
		expect([...byGame(rows)]).toEqual([
			['b', [rows[0], rows[2]]],
			['a', [rows[1]]],
			['__proto__', [rows[3]]]
		]);
	});
});

describe('vouched: the prints a restore hands to the upkeep', () => {
	const ids = ['__proto__', 'constructor', 'g3'];
	const games = ids.map((id) => ({ id }) as GameRecord);
	const logs: LogRecord[] = ids.map((gameId) => ({ gameId, events: [] }));
	const signatures = ids.map((gameId, i) => ({ id: `s${i}`, gameId }) as SignatureRecord);

	it.each([
		[
			'a prototype-free object',
			() =>
				bare([
					['__proto__', 'p1'],
					['constructor', 'p2']
				])
		],
		['the same read back from storage', () => JSON.parse('{"__proto__":"p1","constructor":"p2"}')]
	])('pairs each game of any id with its print, log and signatures, from %s', (_, prints) => {
		const out = vouched(games, logs, signatures, prints() as Record<string, string>);
		expect(
			out.map((v) => [v.game.id, v.print, v.log.gameId, v.signatures?.map((s) => s.id)])
		).toEqual([
			['__proto__', 'p1', '__proto__', ['s0']],
			['constructor', 'p2', 'constructor', ['s1']]
		]);
	});
});

describe('checkDumpWithPrints', () => {
	it('keeps the prints in a prototype-free object: a game may be named __proto__', async () => {
		const { prints } = await checkDumpWithPrints(file());
		expect(Object.getPrototypeOf(prints)).toBeNull();
	});
});

describe('assertOwnIds', () => {
	it('passes signatures of one id each, and refuses two under one id', () => {
		const s = (id: string) => ({ id, gameId: 'g' }) as SignatureRecord;
		expect(() => assertOwnIds([s('a'), s('b'), s('__proto__')])).not.toThrow();
		expect(() => assertOwnIds([s('a'), s('__proto__'), s('__proto__')])).toThrow(
			expect.objectContaining({ code: 'incoming-id-taken' })
		);
	});
});
