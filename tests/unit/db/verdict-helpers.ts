/**
 * Checks for the verdicts table (schema version 8). Import `fake-indexeddb/auto` first (see
 * helpers.ts).
 */
import { expect } from 'vitest';
import { db } from '$lib/db/db';
import type { PlayerRecord, VerdictRecord } from '$lib/card/records';
import { verdictOf } from '$lib/card/verdicts';
import { leagueWith, playGame } from './league-helpers';
import { allEvents, allSignatures } from './helpers';

function byGame(a: VerdictRecord, b: VerdictRecord): number {
	return a.gameId.localeCompare(b.gameId);
}

/** The verdicts the stored games, events and signatures imply, judged afresh. */
export async function judgedAfresh(): Promise<VerdictRecord[]> {
	const [games, events, signed] = await Promise.all([
		db.games.toArray(),
		allEvents(),
		allSignatures()
	]);
	const out: VerdictRecord[] = [];
	for (const game of games) {
		const verdict = verdictOf(
			game,
			events.filter((e) => e.gameId === game.id).sort((a, b) => a.seq - b.seq),
			signed.filter((s) => s.gameId === game.id)
		);
		if (verdict) out.push(verdict);
	}
	return out.sort(byGame);
}

/** Expects the stored verdicts to be exactly those judged afresh from the stored records. */
export async function expectVerdictsKept(): Promise<void> {
	expect((await db.verdicts.toArray()).sort(byGame)).toEqual(await judgedAfresh());
}

/** A class of four with one honest signed card, one signed card to tamper with, one unsigned. */
export async function classWithCards() {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
	const s = (name: string) => students.get(name) as PlayerRecord;
	const honest = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
	const tampered = await playGame(leagueId, [s('Cara'), s('Dan')], [30, 5], {
		minute: 2,
		placed: true
	});
	const unsigned = await playGame(leagueId, [s('Ana'), s('Dan')], [5, 10], {
		minute: 3,
		sign: false
	});
	return { leagueId, s, honest, tampered, unsigned };
}
