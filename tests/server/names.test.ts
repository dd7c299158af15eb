/**
 * One name rule on both sides (issue 35): a roster name the app's rule (`card/names.ts`
 * `checkedName`) refuses, the server refuses (400); one it takes, the server stores as the app
 * would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedName } from '$lib/card/names';
import type { Database } from '../../server/core/db';
import { L1, appOn, client, type Call } from './support';
import { openDatabase } from '../../server/core/db';

/** Names an attacker or a slip of the keyboard would send. */
const HOSTILE = [
	'Ana',
	'  Ana   López  ',
	'ana\tlópez\n',
	'A'.repeat(40),
	'A'.repeat(41),
	`${'é'.repeat(40)}`,
	'e\u0301'.repeat(40),
	'Ana\u200b',
	'\u202eanA',
	'\u200b\u200b',
	'',
	'   ',
	'\u0000\u0007',
	'Robert"); drop table players;--',
	'<img src=x onerror=alert(1)>',
	'😀'.repeat(20),
	'😀'.repeat(21),
	'\ud800Ana',
	'Zoë\u2028Ann'
];

/** The app's verdict: the name as stored, or null when refused. */
function appRule(name: string): string | null {
	try {
		return checkedName(name);
	} catch {
		return null;
	}
}

describe('the server and the app agree on names', () => {
	let db: Database;
	let call: Call;
	let instructor: string;

	beforeAll(async () => {
		db = await openDatabase({ dataDir: 'memory://' });
		call = client(appOn(db));
		const made = await call('POST', '/api/leagues', { json: { id: L1, name: 'P3' } });
		instructor = made.body.instructorToken as string;
	}, 180_000);
	afterAll(() => db.close());

	it.each(HOSTILE.map((n) => [JSON.stringify(n), n]))('%s', async (_, name) => {
		const put = await call('PUT', `/api/leagues/${L1}/roster`, {
			token: instructor,
			json: { players: [{ id: 'p1', name }] }
		});
		const league = await call('GET', `/api/leagues/${L1}`, { token: instructor });
		const stored = (league.body.roster as { name: string }[])[0]?.name ?? null;
		const expected = appRule(name);
		if (expected === null) {
			expect(put.status).toBe(400);
		} else {
			expect(put.status).toBe(200);
			expect(stored).toBe(expected);
		}
		await call('PUT', `/api/leagues/${L1}/roster`, { token: instructor, json: { players: [] } });
	});
});
