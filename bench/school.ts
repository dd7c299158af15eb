/**
 * A seeded school for the page benchmarks, built in the page and stored through the app's own
 * db module (its middlewares keep the contributions and the signature verdicts): classes of 36
 * students meeting 60 times in 9 groups of 4, so 540 signed cards a class, each a real log of
 * about 30 events that replays under the classroom rules, with four drawn signatures.
 *
 * A few logs are made and replayed once, with stand-in player ids, then copied for every game
 * with the real ids: replaying 54,000 games would take longer than the pages being timed.
 * Each copy gets its own fingerprint (the card's id, league and players are in it).
 */
import { db } from '$lib/db/db';
import * as leagues from '$lib/db/leagues';
import { replayRecords } from '$lib/card/log';
import {
	logsOfEvents,
	signaturesByGame,
	toSetup,
	type EventRecord,
	type GameRecord,
	type PlayerRecord,
	type SessionRecord,
	type SignatureRecord
} from '$lib/card/records';
import { printOf } from '$lib/card/verdicts';
import { cardResult, type CardResult } from '$lib/rules/card';
import { seededRandom, shuffle } from '$lib/rules/groups';
import { encode } from '$lib/signatures/strokes';

import { GROUP, SESSIONS, STUDENTS } from './school-size';

export { GROUP, SESSIONS, STUDENTS };
const SCORES = 29;
const TEMPLATES = 12;
const STAND_IN = ['@0@', '@1@', '@2@', '@3@'];

interface Template {
	events: string;
	result: string;
}

function day(i: number): string {
	return new Date(Date.UTC(2026, 0, 5) + i * 86_400_000).toISOString().slice(0, 10);
}

/** A drawn signature of a few strokes, as the signature box stores it. */
function drawn(random: () => number): string {
	const strokes = Array.from({ length: 3 }, () =>
		Array.from({ length: 12 }, (_, i) => ({
			x: 10 + i * 20 + Math.floor(random() * 8),
			y: 20 + Math.floor(random() * 60)
		}))
	);
	return encode({ width: 300, height: 100, strokes });
}

function templates(random: () => number): Template[] {
	return Array.from({ length: TEMPLATES }, (_, t) => {
		const at = '2026-01-05T15:10:00.000Z';
		const events: EventRecord[] = [];
		for (let i = 0; i < SCORES; i++) {
			events.push({
				gameId: '@game@',
				seq: i + 1,
				event: {
					id: `e${t}-${i}`,
					type: 'score',
					player: STAND_IN[i % GROUP]!,
					count: 5 * (1 + Math.floor(random() * 4))
				},
				at,
				deviceId: 'bench',
				redoOf: null
			});
		}
		events.push({
			gameId: '@game@',
			seq: SCORES + 1,
			event: { id: `e${t}-end`, type: 'end' },
			at,
			deviceId: 'bench',
			redoOf: null
		});
		const game = { rulesetId: 'classroom', seats: STAND_IN, sides: null, options: {} };
		const { state } = replayRecords(toSetup(game as unknown as GameRecord), events);
		if (!state.over) throw new Error('A template game did not end.');
		const result: CardResult = cardResult(state, '@finished@');
		return { events: JSON.stringify(events), result: JSON.stringify(result) };
	});
}

function fill(text: string, ids: Record<string, string>): string {
	return text.replace(/@[^@"]+@/g, (m) => ids[m] ?? m);
}

/** Stores `classes` classes in each of `leagueCount` leagues; gives the league ids. */
export async function loadSchool(
	classes: number,
	leagueCount = 1,
	seed = 7
): Promise<{ leagueIds: string[]; students: string[][] }> {
	const random = seededRandom(seed);
	const made = templates(random);
	const leagueIds: string[] = [];
	const students: string[][] = [];
	for (let l = 0; l < leagueCount; l++) {
		const league = await leagues.create({
			name: `Period ${l + 1}`,
			termName: 'Trimester 2',
			start: '2026-01-05',
			end: '2026-03-27'
		});
		leagueIds.push(league.id);
		const roster: string[] = [];
		for (let c = 0; c < classes; c++) {
			roster.push(...(await loadClass(league.id, `${l}-${c}`, made, random)));
		}
		students.push(roster);
	}
	return { leagueIds, students };
}

async function loadClass(
	leagueId: string,
	tag: string,
	made: Template[],
	random: () => number
): Promise<string[]> {
	const at = '2026-01-05T15:00:00.000Z';
	const ids = Array.from({ length: STUDENTS }, (_, i) => `p${tag}-${i}`);
	const players: PlayerRecord[] = ids.map((id, i) => ({
		id,
		name: `Student ${tag}-${i + 1}`,
		nameKey: `student ${tag}-${i + 1}`,
		createdAt: at,
		updatedAt: at,
		lastPlayedAt: null,
		retiredAt: null,
		leagueId
	}));
	const sessions: SessionRecord[] = [];
	const games: GameRecord[] = [];
	const events: EventRecord[] = [];
	const signatures: SignatureRecord[] = [];
	for (let s = 0; s < SESSIONS; s++) {
		const sessionId = `s${tag}-${s}`;
		const date = day(s);
		const order = shuffle(ids, random);
		const groups = Array.from({ length: STUDENTS / GROUP }, (_, g) =>
			order.slice(g * GROUP, g * GROUP + GROUP)
		);
		const finishedAt = `${date}T16:00:00.000Z`;
		groups.forEach((seats, g) => {
			const id = `g${tag}-${s}-${g}`;
			const template = made[Math.floor(random() * made.length)]!;
			const names: Record<string, string> = { '@game@': id, '@finished@': finishedAt };
			seats.forEach((p, i) => (names[STAND_IN[i]!] = p));
			const log = (JSON.parse(fill(template.events, names)) as EventRecord[]).map((e) => ({
				...e,
				at: `${date}T15:30:00.000Z`
			}));
			const record: GameRecord = {
				id,
				rulesetId: 'classroom',
				options: { target: null },
				seats,
				sides: null,
				status: 'finished',
				createdAt: `${date}T15:00:00.000Z`,
				updatedAt: finishedAt,
				finishedAt,
				leagueId,
				sessionId,
				deviceId: 'bench',
				voidedAt: null,
				voidReason: null,
				signedAt: finishedAt,
				fingerprint: null,
				result: JSON.parse(fill(template.result, names)) as CardResult
			};
			record.fingerprint = printOf(record, log);
			games.push(record);
			events.push(...log);
			for (const p of seats) {
				signatures.push({
					id: `sig-${id}-${p}`,
					gameId: id,
					playerId: p,
					name: `Student ${p}`,
					fingerprint: record.fingerprint,
					strokes: drawn(random),
					typed: null,
					signedAt: finishedAt,
					deviceId: 'bench',
					setAsideAt: null,
					setAsideReason: null
				});
			}
		});
		sessions.push({
			id: sessionId,
			leagueId,
			date,
			present: ids,
			groups: groups.map((p, g) => ({ players: p, gameId: `g${tag}-${s}-${g}` })),
			createdAt: at,
			updatedAt: at
		});
	}
	// One transaction for the class, as the app's restore writes a part of a backup: one commit
	// rather than five. Logs and signatures first: their game is not there yet, so the
	// verdicts' upkeep has nothing to judge; each game is then judged once, when its record is
	// stored.
	await db.transaction(
		'rw',
		[db.players, db.sessions, db.games, db.logs, db.gameSignatures],
		async () => {
			await db.players.bulkPut(players);
			await db.sessions.bulkPut(sessions);
			await db.logs.bulkPut(logsOfEvents(events));
			await db.gameSignatures.bulkPut(signaturesByGame(signatures));
			await db.games.bulkPut(games);
		}
	);
	return ids;
}
