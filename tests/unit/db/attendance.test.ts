import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { lastPresent } from '$lib/db/attendance';
import * as roster from '$lib/db/roster';
import * as sessions from '$lib/db/sessions';
import { resetDb } from './helpers';
import { leagueWith } from './league-helpers';

beforeEach(resetDb);

describe('lastPresent', () => {
	it('is empty for a league’s first session', async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		const first = await sessions.create(leagueId, '2026-01-12');
		expect(await lastPresent(leagueId, '2026-01-12', first.id)).toEqual([]);
	});

	it('gives the latest earlier session’s class, without students retired since', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
		const id = (name: string) => students.get(name)!.id;
		const monday = await sessions.create(leagueId, '2026-01-12');
		await sessions.setPresent(monday.id, [id('Ana'), id('Ben')]);
		const tuesday = await sessions.create(leagueId, '2026-01-13');
		await sessions.setPresent(tuesday.id, [id('Ana'), id('Cara'), id('Dan')]);
		await roster.setRetired(id('Dan'), true);
		const wednesday = await sessions.create(leagueId, '2026-01-14');
		const prefilled = await lastPresent(leagueId, '2026-01-14', wednesday.id);
		expect(prefilled).toEqual([id('Ana'), id('Cara')]);
		await sessions.setPresent(wednesday.id, [...prefilled, id('Ben')]);
		// A session entered late, for a day between: the class of the day before it.
		const between = await sessions.create(leagueId, '2026-01-12');
		expect(await lastPresent(leagueId, '2026-01-12', between.id)).toEqual([id('Ana'), id('Ben')]);
		// One before every other: the latest session's class.
		const early = await sessions.create(leagueId, '2026-01-05');
		expect(await lastPresent(leagueId, '2026-01-05', early.id)).toEqual([
			id('Ana'),
			id('Ben'),
			id('Cara')
		]);
	});

	it('reads only the league asked for', async () => {
		const a = await leagueWith(['Ana'], 'Period 1');
		const b = await leagueWith(['Ben'], 'Period 2');
		const s = await sessions.create(a.leagueId, '2026-01-12');
		await sessions.setPresent(s.id, [a.students.get('Ana')!.id]);
		const other = await sessions.create(b.leagueId, '2026-01-13');
		expect(await lastPresent(b.leagueId, '2026-01-13', other.id)).toEqual([]);
	});
});
