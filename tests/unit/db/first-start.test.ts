/** The device's role as stored, and the first start's question: asked once, never again. */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as firstStart from '$lib/db/first-start';
import * as role from '$lib/db/role';
import { at, resetDb } from './helpers';
import { leagueWith } from './league-helpers';

beforeEach(resetDb);

describe('the first start’s question', () => {
	it('is asked on a new device', async () => {
		expect(await firstStart.asksAtStart()).toBe(true);
		expect(await role.get()).toBeNull();
	});

	it.each(['instructor', 'group'] as const)(
		'takes the %s role when chosen, and is not asked again',
		async (chosen) => {
			await firstStart.answerAtStart(chosen, { now: at(1) });
			expect(await role.get()).toBe(chosen);
			expect(await firstStart.asksAtStart()).toBe(false);
		}
	);

	it('leaves the device without a role for "just keep score" or "later", asking no more', async () => {
		await firstStart.answerAtStart(null, { now: at(1) });
		expect(await role.get()).toBeNull();
		expect(await firstStart.asksAtStart()).toBe(false);
		expect(await db.meta.get('roleAsked')).toEqual({ key: 'roleAsked', value: at(1) });
	});

	it('is not asked on a device that already holds a league', async () => {
		await leagueWith(['Ana', 'Ben']);
		await db.meta.delete('role');
		expect(await firstStart.asksAtStart()).toBe(false);
	});

	it('is not asked once a league made the device the instructor’s', async () => {
		await role.afterCreate();
		expect(await firstStart.asksAtStart()).toBe(false);
	});
});
