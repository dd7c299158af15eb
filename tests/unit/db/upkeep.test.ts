/**
 * The store's upkeep (`db/upkeep.ts`) judges a card with the fingerprint its writer already
 * took in the same transaction: a card is hashed once on the device that signs it, and once
 * on the device that receives it (issue 35).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as inbox from '$lib/db/inbox';
import * as outbox from '$lib/db/outbox';
import * as players from '$lib/db/players';
import * as signatures from '$lib/db/signatures';
import { canonicalCard } from '$lib/rules/fingerprint';
import { toCard } from '$lib/card/records';
import { resetDb } from './helpers';
import { leagueWith, playGame } from './league-helpers';
import { expectVerdictsKept } from './verdict-helpers';

/** The texts SHA-256 was taken of, in order. */
const hashed = vi.hoisted(() => [] as string[]);

vi.mock('$lib/rules/sha256', async (original) => {
	const real = await original<typeof import('$lib/rules/sha256')>();
	return {
		sha256Hex: (text: string) => {
			hashed.push(text);
			return real.sha256Hex(text);
		}
	};
});

beforeEach(async () => {
	await resetDb();
	hashed.length = 0;
});

describe('a card hashed once on each device', () => {
	it('hashes each signature’s card once, the lock and its verdict included', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const seated = [students.get('Ana')!, students.get('Ben')!];
		const gameId = await playGame(leagueId, seated, [60, 30], { sign: false });
		const { record, events } = await games.get(gameId);
		const text = canonicalCard(toCard(record, events));
		hashed.length = 0;
		for (const p of seated) {
			const { name } = await players.get(p.id);
			await signatures.sign(gameId, p.id, { typed: name });
		}
		// One hash a signature; the second locks the card, and its verdict reuses that hash.
		expect(hashed).toEqual([text, text]);
		await expectVerdictsKept();
	});

	it('hashes a received card once, plus its content, the verdict included', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const seated = [students.get('Ana')!, students.get('Ben')!];
		const gameId = await playGame(leagueId, seated, [60, 30], { placed: true });
		const card = await outbox.cardOf(gameId);
		// The phone's copy leaves this device: the instructor's store knows only the league.
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			await db.games.clear();
			await db.logs.clear();
			await db.gameSignatures.clear();
		});
		hashed.length = 0;
		const entry = await inbox.receive(leagueId, card);
		expect(entry.state).toBe('counted');
		const text = canonicalCard(toCard(card.game, card.events));
		expect(hashed.filter((h) => h === text)).toHaveLength(1);
		expect(entry.fingerprint).toBe(card.game.fingerprint);
		await expectVerdictsKept();
	});
});
