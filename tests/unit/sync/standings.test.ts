/**
 * The shared standings over the school server (in this process, PGlite in memory): the
 * instructor's device pushes them only when what the phones show changed; a phone keeps them
 * with its league through the receipt's newer-wins path, and a hide reaches it the same way.
 */
import 'fake-indexeddb/auto';
import { freshPhoneFrom } from './fresh-phone';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlayerRecord } from '$lib/card/records';
import * as shared from '$lib/class-loop/sharing';
import { snapshotFor } from '$lib/league/standings-sent';
import { useFetch } from '$lib/sync/api';
import * as links from '$lib/sync/links';
import * as standings from '$lib/sync/standings';
import * as sync from '$lib/sync/sync';
import type { StandingsSnapshot } from '$lib/transfer/standings-snapshot';
import { openDatabase, type Database } from '../../../server/core/db';
import { appOn, emptyTables } from '../../server/support';
import { at, resetDb } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';

const ADDRESS = 'https://scores.example.school';
let server: Database;
let leagueId: string;
let students: PlayerRecord[];
/** PUTs of standings the server received. */
let puts = 0;

beforeAll(async () => {
	server = await openDatabase({ dataDir: 'memory://' });
	const app = appOn(server);
	useFetch(async (input, init) => {
		if (init?.method === 'PUT' && String(input).endsWith('/standings')) puts++;
		return app.request(String(input), init);
	});
}, 60_000);
afterAll(() => server.close());

beforeEach(async () => {
	await emptyTables(server);
	await resetDb();
	puts = 0;
	const made = await leagueWith(['Ana Lopez', 'Ben Diaz', 'Cleo Park']);
	leagueId = made.leagueId;
	students = [...made.students.values()];
});

async function instructorLink() {
	return (await links.linkOf(leagueId)) ?? Promise.reject(new Error('no link'));
}

/** What the server holds for the phones. */
async function onServer(): Promise<unknown> {
	const [row] = await server.query<{ standings: unknown }>(
		'select standings from leagues where id = $1',
		[leagueId]
	);
	return typeof row?.standings === 'string' ? JSON.parse(row.standings) : row?.standings;
}

describe('the instructor’s device', () => {
	it('pushes the standings once, and again only when the figures change', async () => {
		const [ana, ben] = students as [PlayerRecord, PlayerRecord];
		await playGame(leagueId, [ana, ben], [15, 5], { minute: 1 });
		await shared.setSharing(leagueId, { on: true, firstNames: true });
		await sync.connect(ADDRESS, leagueId);
		const first = (await snapshotFor(leagueId)) as StandingsSnapshot;
		expect(await standings.pushStandings(await instructorLink(), first)).toBe(true);
		expect(await onServer()).toEqual(first);

		// Worked out again later with the same figures: not pushed.
		const again = (await snapshotFor(leagueId, {
			now: new Date(Date.now() + 60_000).toISOString()
		}))!;
		expect(again.at).not.toBe(first.at);
		expect(await standings.pushStandings(await instructorLink(), again)).toBe(false);
		expect(puts).toBe(1);

		await playGame(leagueId, [ana, ben], [5, 20], { minute: 2 });
		const changed = (await snapshotFor(leagueId, {
			now: new Date(Date.now() + 120_000).toISOString()
		}))!;
		expect(changed.rows).not.toEqual(first.rows);
		expect(await standings.pushStandings(await instructorLink(), changed)).toBe(true);
		expect(await onServer()).toEqual(changed);
		expect(puts).toBe(2);
	});

	it('pushes them in its sync round, and the hide once sharing is off', async () => {
		await shared.setSharing(leagueId, { on: true, firstNames: true });
		await sync.connect(ADDRESS, leagueId);
		await sync.syncLink(await instructorLink(), { standings: await snapshotFor(leagueId) });
		expect((await onServer()) as StandingsSnapshot).toMatchObject({ league: leagueId });
		await shared.setSharing(leagueId, { on: false, firstNames: true });
		await sync.syncLink(await instructorLink(), { standings: await snapshotFor(leagueId) });
		expect(((await onServer()) as StandingsSnapshot).rows).toBeNull();
		// A round with nothing new pushes nothing.
		await sync.syncLink(await instructorLink(), { standings: await snapshotFor(leagueId) });
		expect(puts).toBe(2);
	});

	it('works them out again when a card counts or sharing changes', async () => {
		let latest: StandingsSnapshot | undefined;
		let emitted = 0;
		let check: () => void = () => {};
		const stop = standings.watch(leagueId, (s) => {
			latest = s;
			emitted++;
			check();
		});
		/** Resolves once the watch has given a snapshot that passes `ok`. */
		const until = (ok: (s: StandingsSnapshot | undefined) => boolean) =>
			new Promise<void>((resolve) => {
				check = () => {
					if (emitted > 0 && ok(latest)) resolve();
				};
				check();
			});
		try {
			await until(() => true);
			expect(latest).toBeUndefined(); // never shared
			await shared.setSharing(leagueId, { on: true, firstNames: true });
			await until((s) => s !== undefined);
			expect(latest?.rows?.every((r) => r[1] === 0)).toBe(true);
			const [ana, ben] = students as [PlayerRecord, PlayerRecord];
			await playGame(leagueId, [ana, ben], [15, 5], { minute: 1 });
			await until((s) => s?.rows?.find((r) => r[0] === 'Ana')?.[1] === 1);
			expect(latest?.rows?.find((r) => r[0] === 'Ana')?.slice(1, 3)).toEqual([1, 1]);
			await shared.setSharing(leagueId, { on: false, firstNames: true });
			await until((s) => s?.rows === null);
		} finally {
			stop();
		}
	});
});

describe('the sync round’s watches', () => {
	it('watch the instructor’s leagues only, and tell the round when the standings change', async () => {
		await shared.setSharing(leagueId, { on: true, firstNames: true });
		const instructor = await sync.connect(ADDRESS, leagueId);
		let told: () => void = () => {};
		const toldOnce = new Promise<void>((resolve) => (told = resolve));
		const watches = new standings.StandingsWatches(() => told());
		watches.follow([{ ...instructor, leagueId: 'a-phone’s', role: 'device' }, instructor]);
		await toldOnce;
		expect(watches.latest(leagueId)?.league).toBe(leagueId);
		expect(watches.latest('a-phone’s')).toBeUndefined();
		watches.follow([]);
		expect(watches.latest(leagueId)).toBeUndefined();
	});
});

describe('a group phone', () => {
	it('sees the standings with its league, with no code, and hides them once sharing is off', async () => {
		const [ana, ben] = students as [PlayerRecord, PlayerRecord];
		await playGame(leagueId, [ana, ben], [15, 5], { minute: 1 });
		await shared.setSharing(leagueId, { on: true, firstNames: true }, { now: at(5) });
		const instructor = await sync.connect(ADDRESS, leagueId);
		const shown = (await snapshotFor(leagueId, { now: at(6) }))!;
		await shared.setSharing(leagueId, { on: false, firstNames: true }, { now: at(7) });
		const hide = (await snapshotFor(leagueId))!;
		await standings.pushStandings(instructor, shown);

		await freshPhoneFrom(leagueId); // a fresh phone that took the league's invite
		const phone = await sync.join(ADDRESS, leagueId, instructor.joinCode ?? '', 'Group 1');
		expect(await sync.pullLeague(phone)).toBe(true);
		expect((await shared.held(leagueId))?.rows).toEqual(shown.rows);

		await standings.pushStandings(instructor, hide);
		expect(await sync.pullLeague((await links.linkOf(leagueId)) ?? phone)).toBe(true);
		expect(await shared.held(leagueId)).toBeNull();
	});

	it('keeps nothing that is not a snapshot of its league', async () => {
		await leagueWith(['Zed'], 'Other'); // so the league is held here
		expect(await standings.keepPulled(leagueId, { league: leagueId, rows: 'all' })).toBe(false);
		expect(await standings.keepPulled(leagueId, { league: 'other', at: at(3), rows: [] })).toBe(
			false
		);
		expect(await standings.keepPulled(leagueId, null)).toBe(false);
		expect(await shared.held(leagueId)).toBeNull();
	});
});
