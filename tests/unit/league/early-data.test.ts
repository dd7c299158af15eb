import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as roster from '$lib/db/roster';
import {
	cardsKey,
	dropEarly,
	standingsKey,
	startPageData,
	studentKey
} from '$lib/league/early-data';
import { CARDS_PER_PAGE, type StandingsView } from '$lib/league/views';
import { early, takeEarly, type LiveObserver } from '$lib/state/early-live';
import { resetDb } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';

beforeEach(async () => {
	dropEarly();
	await resetDb();
});

/** The values (and errors) the early query under `key` hands on once taken over. */
function takeOver(key: string) {
	const seen: unknown[] = [];
	const observer: LiveObserver<unknown> = {
		next: (v) => seen.push(v),
		error: (e) => seen.push(e)
	};
	const subscription = takeEarly(key, observer);
	if (!subscription) throw new Error(`no early query ${key}`);
	// Taken once only: a second page (or a restarted one) starts its own.
	expect(takeEarly(key, observer)).toBeUndefined();
	return { seen, subscription };
}

describe('startPageData', () => {
	it('starts the query of the standings, a student’s page and the card list', () => {
		startPageData('/league/L%201');
		startPageData('/league/L2/students/P%2F9');
		startPageData('/league/L3/cards');
		expect([...early.keys()]).toEqual([
			standingsKey('L 1'),
			studentKey('L2', 'P/9'),
			cardsKey('L3', CARDS_PER_PAGE)
		]);
	});

	it('starts nothing for the league’s other pages, other routes, or a broken path', () => {
		for (const path of [
			'/',
			'/league',
			'/league/',
			'/league/L1/sessions',
			'/league/L1/cards/G1',
			'/league/L1/students',
			'/game/L1',
			'/league/%E0%A4%A'
		]) {
			startPageData(path);
		}
		expect(early.size).toBe(0);
	});

	it('hands its page the standings it read, then the ones after a write', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const [ana, ben] = [students.get('Ana')!, students.get('Ben')!];
		startPageData(`/league/${leagueId}`);
		const { seen, subscription } = takeOver(standingsKey(leagueId));
		await expect.poll(() => seen.length).toBe(1);
		expect((seen[0] as StandingsView).counted).toBe(0);
		await playGame(leagueId, [ana, ben], [20, 10]);
		await expect.poll(() => (seen.at(-1) as StandingsView).counted).toBe(1);
		const last = seen.at(-1) as StandingsView;
		expect(last.rows.map((r) => last.names.get(r.player))).toEqual(['Ana', 'Ben']);
		subscription.unsubscribe();
	});

	it('gives a page that takes it over late the result it already has', async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		await roster.add(leagueId, [{ name: 'Cara' }]);
		startPageData(`/league/${leagueId}`);
		const query = early.get(standingsKey(leagueId))!;
		// A first observer tells when the result is in; the page's comes after it.
		const first: unknown[] = [];
		query.attach({ next: (v) => first.push(v), error: (e) => first.push(e) });
		await expect.poll(() => first.length).toBe(1);
		const seen: unknown[] = [];
		const subscription = query.attach({ next: (v) => seen.push(v), error: (e) => seen.push(e) });
		expect(seen).toHaveLength(1);
		const view = seen[0] as StandingsView;
		expect(view.rows.map((r) => view.names.get(r.player))).toEqual(['Ana', 'Ben', 'Cara']);
		subscription.unsubscribe();
	});

	it('drops the queries no page took over', async () => {
		const { leagueId } = await leagueWith(['Ana']);
		startPageData(`/league/${leagueId}`);
		startPageData(`/league/${leagueId}/cards`);
		dropEarly();
		expect(early.size).toBe(0);
	});
});
