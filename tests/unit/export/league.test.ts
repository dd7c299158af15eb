import 'fake-indexeddb/auto';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { correct } from '$lib/db/corrections';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as roster from '$lib/db/roster';
import * as sessions from '$lib/db/sessions';
import { BOM } from '$lib/export/csv';
import { EXPORT_KINDS, leagueCsv, writeLeagueCsv } from '$lib/export/league';
import { gameLabel } from '$lib/export/sheets';
import { cardPlaces } from '$lib/league/card-place';
import { replay } from '$lib/rules/game';
import { playedHands } from '$lib/rules/hand-lines';
import { at, resetDb } from '../db/helpers';
import { leagueWith, playGame, signForTest } from '../db/league-helpers';

beforeEach(resetDb);

/** The file's rows as objects keyed by the header, cells as text. */
function records(text: string): Record<string, string>[] {
	expect(text.startsWith(BOM)).toBe(true);
	return Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true })
		.data;
}

async function smallLeague() {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben, "B"', 'Cara', '=Dan']);
	const s = (n: string) => students.get(n)!;
	await roster.edit(s('Ana').id, { name: 'Ana', studentId: 'S-1001' });
	await roster.edit(s('Cara').id, { name: 'Cara', studentId: 'cara@school.org' });
	const session = await sessions.create(leagueId, '2026-01-12');
	const g1 = await playGame(leagueId, [s('Ana'), s('Ben, "B"'), s('Cara')], [30, 10, 5], {
		sessionId: session.id
	});
	const g2 = await playGame(leagueId, [s('Cara'), s('=Dan')], [20, 20], { minute: 2 });
	const voided = await playGame(leagueId, [s('=Dan'), s('Ana')], [50, 0], { minute: 3 });
	await cards.voidCard(voided, 'Wrong table');
	const open = await games.create({
		players: [{ id: s('Ana').id }, { id: s('Cara').id }],
		leagueId
	});
	await games.append(open.id, { type: 'score', player: s('Ana').id, count: 10 });
	return { leagueId, g1, g2, voided, open: open.id };
}

/** The rows of the game numbered `n` (in the order the league's games were started). */
const gameNo = (n: number) => (r: Record<string, string>) => r['Game no.'] === String(n);

describe('leagueCsv', () => {
	it('exports the standings with the champion, a name with a comma and a guarded name', async () => {
		const { leagueId } = await smallLeague();
		const file = await leagueCsv(leagueId, 'standings', '2026-03-27');
		expect(file.name).toBe('muggins-period-3-standings-2026-03-27.csv');
		const rows = records(file.text);
		expect(
			rows.map((r) => [
				r.Place,
				r['Student id'],
				r.Student,
				r.Played,
				r.Won,
				r['Shared wins'],
				r.Points,
				r.Honour
			])
		).toEqual([
			['1', 'S-1001', 'Ana', '1', '1', '0', '30', 'champion'],
			['2', 'cara@school.org', 'Cara', '2', '1', '1', '25', 'runner-up'],
			['3', '', "'=Dan", '1', '1', '1', '20', ''],
			['4', '', 'Ben, "B"', '1', '0', '0', '10', '']
		]);
		expect(file.rows).toBe(4);
	});

	it('exports the gradebook: one row per student in roster order, zeros for no games', async () => {
		const { leagueId } = await smallLeague();
		await roster.add(leagueId, [{ name: 'Abe', studentId: 'S-0999' }]);
		const file = await leagueCsv(leagueId, 'gradebook', '2026-03-27');
		expect(file.name).toBe('muggins-period-3-gradebook-2026-03-27.csv');
		expect(file.text.split('\r\n')[0]).toBe(
			'\uFEFFStudent id,Student,Games played,Won,Shared wins,Points'
		);
		// The roster page's order: by name, "=Dan" first.
		expect(records(file.text).map((r) => Object.values(r))).toEqual([
			['', "'=Dan", '1', '1', '1', '20'],
			['S-0999', 'Abe', '0', '0', '0', '0'],
			['S-1001', 'Ana', '1', '1', '0', '30'],
			['', 'Ben, "B"', '1', '0', '0', '10'],
			['cara@school.org', 'Cara', '2', '1', '1', '25']
		]);
		expect(file.rows).toBe(5);
	});

	it('exports the insights: one row per student in roster order, the gradebook unchanged', async () => {
		const { leagueId } = await smallLeague();
		await roster.add(leagueId, [{ name: 'Abe', studentId: 'S-0999' }]);
		const everyone = await roster.everyone(leagueId);
		const id = (name: string) => everyone.find((p) => p.name === name)!;
		// Ana takes a count of 10 that Ben missed: 10 each, a shared win.
		await playGame(leagueId, [id('Ben, "B"'), id('Ana')], [10, 0], { steals: 1, minute: 5 });
		const file = await leagueCsv(leagueId, 'insights', '2026-03-27');
		expect(file.name).toBe('muggins-period-3-insights-2026-03-27.csv');
		expect(file.text.split('\r\n')[0]).toBe(
			'\uFEFFStudent id,Student,Rating,Rated games,Winning streak now,Longest winning streak,' +
				'Games with counting,Counts made,Count points,Steals made,Steal points,' +
				'Counts lost to a steal,Points lost to steals,Hand bonuses,Bonus points'
		);
		// Nobody has the 5 games a rating needs: "new", and blank for Abe, who has not played.
		expect(records(file.text).map((r) => Object.values(r))).toEqual([
			['', "'=Dan", 'new', '1', '1', '1', '1', '1', '20', '0', '0', '0', '0', '0', '0'],
			['S-0999', 'Abe', '', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0'],
			['S-1001', 'Ana', 'new', '2', '2', '2', '2', '1', '30', '1', '10', '0', '0', '0', '0'],
			['', 'Ben, "B"', 'new', '2', '1', '1', '2', '2', '20', '0', '0', '1', '10', '0', '0'],
			[
				'cara@school.org',
				'Cara',
				'new',
				'2',
				'1',
				'1',
				'2',
				'2',
				'25',
				'0',
				'0',
				'0',
				'0',
				'0',
				'0'
			]
		]);
		expect((await leagueCsv(leagueId, 'gradebook')).text.split('\r\n')[0]).toBe(
			'\uFEFFStudent id,Student,Games played,Won,Shared wins,Points'
		);
	});

	it('exports one row per player per game, every game with its status', async () => {
		const { leagueId } = await smallLeague();
		const rows = records((await leagueCsv(leagueId, 'games')).text);
		expect(rows).toHaveLength(3 + 2 + 2 + 2);
		expect(
			rows
				.filter(gameNo(1))
				.map((r) => [
					r.Date,
					r.Game,
					r.Seat,
					r['Student id'],
					r.Student,
					r.Points,
					r.Result,
					r.Counts
				])
		).toEqual([
			['2026-01-12', 'Mon 12 Jan 2026, Session 1', '1', 'S-1001', 'Ana', '30', 'won', 'yes'],
			['2026-01-12', 'Mon 12 Jan 2026, Session 1', '2', '', 'Ben, "B"', '10', 'lost', 'yes'],
			[
				'2026-01-12',
				'Mon 12 Jan 2026, Session 1',
				'3',
				'cara@school.org',
				'Cara',
				'5',
				'lost',
				'yes'
			]
		]);
		expect(rows.find(gameNo(2))?.Game).toMatch(/^\w{3} \d{1,2} \w{3} \d{4}, outside sessions$/);
		expect(rows.find(gameNo(3))).toMatchObject({
			Status: 'voided',
			Counts: 'no',
			'Void reason': 'Wrong table'
		});
		expect(rows.find(gameNo(4))).toMatchObject({
			Status: 'in progress',
			Points: '10',
			Result: ''
		});
	});

	it('exports a card the instructor corrected after signing with its corrected points, the old ones and the reason', async () => {
		const { leagueId, g1 } = await smallLeague();
		const { record } = await games.get(g1);
		await correct(g1, { player: record.seats[1]!, points: 25, note: 'A 25 was not written down' });
		const rows = records((await leagueCsv(leagueId, 'games')).text).filter(gameNo(1));
		expect(
			rows.map((r) => [r.Student, r.Points, r.Result, r.Counts, r['Corrected by the instructor']])
		).toEqual([
			['Ana', '30', 'lost', 'yes', ''],
			[
				'Ben, "B"',
				'35',
				'won',
				'yes',
				'Ben, "B" +25 (was 10, now 35). Reason: A 25 was not written down'
			],
			['Cara', '5', 'lost', 'yes', '']
		]);
		const standings = records((await leagueCsv(leagueId, 'standings')).text);
		expect(standings.find((r) => r.Student === 'Ben, "B"')).toMatchObject({
			Won: '1',
			Points: '35'
		});
	});

	it('exports one row per player per hand with running totals', async () => {
		const { leagueId } = await smallLeague();
		const rows = records((await leagueCsv(leagueId, 'hands')).text).filter(gameNo(2));
		expect(
			rows.map((r) => [r.Hand, r['Student id'], r.Student, r['Play points'], r['Running total']])
		).toEqual([
			['1', 'cara@school.org', 'Cara', '20', '20'],
			['1', '', "'=Dan", '20', '20']
		]);
	});

	it("reads a signed card's hands kept with its verdict, the same as its replay gives", async () => {
		const { leagueId, g2 } = await smallLeague();
		const kept = (await leagueCsv(leagueId, 'hands')).text;
		// Without kept hands, every log is read and replayed: the same file.
		await db.verdicts.toCollection().modify((v) => void (v.hands = null));
		expect((await leagueCsv(leagueId, 'hands')).text).toBe(kept);
		// With them, they are what the file says (here, changed by hand to show it).
		const seats = (await db.games.get(g2))!.seats;
		const played = playedHands(replay({ ruleset: 'classroom', players: seats }, []));
		played.hands[0]!.play = [99, 98];
		await db.verdicts.update(g2, { hands: played });
		const rows = records((await leagueCsv(leagueId, 'hands')).text).filter(gameNo(2));
		expect(rows.map((r) => [r.Student, r['Play points'], r.Note])).toEqual([
			['Cara', '99', 'not finished'],
			["'=Dan", '98', 'not finished']
		]);
	});

	it('exports every stored event as the audit trail', async () => {
		const { leagueId, open } = await smallLeague();
		await games.undo(open);
		const rows = records((await leagueCsv(leagueId, 'events')).text).filter(gameNo(4));
		expect(
			rows.map((r) => [r.Seq, r.Type, r['Student id'], r.Player, r.Count, r.Undone, r.Description])
		).toEqual([
			['1', 'score', 'S-1001', 'Ana', '10', 'yes', 'Ana 10'],
			['2', 'void', '', '', '', 'no', 'Undo']
		]);
		expect(rows[1]!.Undoes).toBe(rows[0]!.Event);
	});

	it('marks the undone entries of a signed card, read from its log without a replay', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const [ana, ben] = [students.get('Ana')!, students.get('Ben')!];
		const game = await games.create({ players: [{ id: ana.id }, { id: ben.id }], leagueId });
		await games.append(game.id, { type: 'score', player: ana.id, count: 10 });
		await games.undo(game.id);
		await games.append(game.id, { type: 'score', player: ben.id, count: 15 });
		await games.append(game.id, { type: 'end' });
		await signForTest(game.id);
		const rows = records((await leagueCsv(leagueId, 'events')).text);
		expect(rows.map((r) => [r.Seq, r.Type, r.Player, r.Undone, r.Status])).toEqual([
			['1', 'score', 'Ana', 'yes', 'signed'],
			['2', 'void', '', 'no', 'signed'],
			['3', 'score', 'Ben', 'no', 'signed'],
			['4', 'end', '', 'no', 'signed']
		]);
		expect(rows[1]!.Undoes).toBe(rows[0]!.Event);
	});
});

describe('writeLeagueCsv (streamed a batch of games at a time)', () => {
	it.each(EXPORT_KINDS)(
		'writes %s in parts that make the same file, telling its progress',
		async (kind) => {
			const { leagueId } = await smallLeague();
			const whole = await leagueCsv(leagueId, kind);
			const parts: string[] = [];
			const progress: [number, number][] = [];
			const rows = await writeLeagueCsv(leagueId, kind, (part) => void parts.push(part), {
				batch: 2,
				onProgress: (done, total) => progress.push([done, total])
			});
			expect(parts.join('')).toBe(whole.text);
			expect(rows).toBe(whole.rows);
			if (kind !== 'standings' && kind !== 'gradebook' && kind !== 'insights') {
				// Four games, two at a time: the header, then one part per batch.
				expect(parts).toHaveLength(3);
				expect(progress).toEqual([
					[2, 4],
					[4, 4]
				]);
			}
		}
	);

	it("places each game as the whole league does, reading only its batch's sessions", async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
		const [a, b, c, d] = [...students.values()];
		// Two sessions on one day (told apart by when they were made) and one the day before,
		// added latest first, with a game outside sessions between them.
		const sessionOf = async (date: string, minute: number, groups: number) => {
			const id = crypto.randomUUID();
			const gameIds = Array.from({ length: groups }, () => crypto.randomUUID());
			await db.sessions.add({
				id,
				leagueId,
				date,
				present: [a!.id, b!.id, c!.id, d!.id],
				groups: gameIds.map((gameId, i) => ({
					players: i % 2 ? [c!.id, d!.id] : [a!.id, b!.id],
					gameId
				})),
				createdAt: at(minute),
				updatedAt: at(minute)
			});
			for (const [i, gameId] of gameIds.entries()) {
				await games.create({
					id: gameId,
					players: (i % 2 ? [c!, d!] : [a!, b!]).map((p) => ({ id: p.id })),
					leagueId,
					sessionId: id,
					now: at(minute + i + 1)
				});
			}
		};
		await sessionOf('2026-01-13', 30, 2);
		await sessionOf('2026-01-13', 20, 3);
		await playGame(leagueId, [a!, c!], [10, 5], { minute: 25 });
		await sessionOf('2026-01-12', 40, 2);
		const league = await cards.ofLeague(leagueId);
		const places = cardPlaces(league, await sessions.list(leagueId));
		// Numbered as the export numbers games: in the order they were started.
		const expected = league
			.sort((x, y) => x.createdAt.localeCompare(y.createdAt) || (x.id < y.id ? -1 : 1))
			.map((r) => {
				const place = places.get(r.id)!;
				return gameLabel(place.date, place.session, place.group);
			});
		const parts: string[] = [];
		await writeLeagueCsv(leagueId, 'games', (part) => void parts.push(part), { batch: 2 });
		const byNumber = new Map(records(parts.join('')).map((r) => [r['Game no.'], r.Game]));
		expect([...byNumber.values()]).toEqual(expected);
		expect(expected).toHaveLength(8);
		expect(expected).toContain('Tue 13 Jan 2026, Session 3, Group 2');
		expect(expected).toContain('Mon 12 Jan 2026, Session 1, Group 2');
	});

	it('writes the header alone for a league without games', async () => {
		const { leagueId } = await leagueWith(['Ana']);
		const parts: string[] = [];
		expect(await writeLeagueCsv(leagueId, 'events', (part) => void parts.push(part))).toBe(0);
		expect(parts.join('')).toMatch(/^\uFEFFDate,Game,Game no\.,/);
	});
});
