/**
 * A seeded synthetic league for the standings and export benchmarks: `scale` classes of 36
 * students, each meeting 60 times in 9 groups of 4 (540 signed cards a class), one league.
 * Plain records shaped as the store keeps them, so the same data feeds Node and IndexedDB.
 */
import type { GameRecord, PlayerRecord, SessionRecord } from '../src/lib/db/records';
import { cardResult } from '../src/lib/rules/card';
import { seededRandom, shuffle } from '../src/lib/rules/groups';
import type { GameState } from '../src/lib/rules/types';

export const STUDENTS = 36;
export const SESSIONS = 60;
export const GROUP = 4;
export const HANDS = 10;

/** A league's records: its roster, sessions and signed games. */
export interface SyntheticLeague {
	leagueId: string;
	players: PlayerRecord[];
	sessions: SessionRecord[];
	games: GameRecord[];
}

function day(i: number): string {
	return new Date(Date.UTC(2026, 0, 5) + i * 86_400_000).toISOString().slice(0, 10);
}

/** The league `scale` classes make, the same for the same `seed`. */
export function syntheticLeague(scale: number, seed = 7): SyntheticLeague {
	const random = seededRandom(seed);
	const leagueId = `league-${scale}`;
	const at = '2026-01-05T15:00:00.000Z';
	const players: PlayerRecord[] = [];
	const sessions: SessionRecord[] = [];
	const games: GameRecord[] = [];
	for (let c = 0; c < scale; c++) {
		const ids = Array.from({ length: STUDENTS }, (_, i) => `p${c}-${i}`);
		for (const id of ids) {
			players.push({
				id,
				name: `Student ${id}`,
				nameKey: `student ${id}`,
				createdAt: at,
				updatedAt: at,
				lastPlayedAt: null,
				retiredAt: null,
				leagueId
			});
		}
		for (let s = 0; s < SESSIONS; s++) {
			const sessionId = `s${c}-${s}`;
			const date = day(s);
			const order = shuffle(ids, random);
			const groups = Array.from({ length: STUDENTS / GROUP }, (_, g) =>
				order.slice(g * GROUP, g * GROUP + GROUP)
			);
			const finishedAt = `${date}T16:00:00.000Z`;
			groups.forEach((seats, g) => {
				const totals = Object.fromEntries(seats.map((p) => [p, Math.floor(random() * 40) * 5]));
				const best = Math.max(...Object.values(totals));
				const state = {
					rulesetId: 'classroom',
					setup: { ruleset: 'classroom', players: seats },
					sides: seats.map((p) => ({ label: p, players: [p] })),
					totals,
					winners: seats.filter((p) => totals[p] === best),
					hands: Array.from({ length: HANDS + 1 }, (_, h) => ({
						settlement: h < HANDS ? {} : null
					})),
					endCause: 'end',
					over: true
				} as unknown as GameState;
				games.push({
					id: `g${c}-${s}-${g}`,
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
					fingerprint: '0'.repeat(64),
					result: cardResult(state, finishedAt)
				});
			});
			sessions.push({
				id: sessionId,
				leagueId,
				date,
				present: ids,
				groups: groups.map((p, g) => ({ players: p, gameId: `g${c}-${s}-${g}` })),
				createdAt: at,
				updatedAt: at
			});
		}
	}
	return { leagueId, players, sessions, games };
}
