import { describe, expect, it } from 'vitest';
import { placing, type Arrival, type Placing } from '$lib/card/inbox-rule';

const PRINT = 'f1';
const PHONE = { key: 'group 3' };

/** A card in its place, from a phone that says so, with nothing of its game here yet. */
function arrival(change: Partial<Arrival> = {}): Arrival {
	return {
		group: 3,
		sender: PHONE,
		fromBackup: false,
		rivals: 0,
		local: undefined,
		fingerprint: PRINT,
		...change
	};
}

describe('placing', () => {
	it.each<[string, Partial<Arrival>, Placing]>([
		['counts a card in its place from its phone', {}, { kind: 'counts', store: true }],
		[
			'counts, storing nothing, the very card this device holds',
			{ local: { fingerprint: PRINT } },
			{ kind: 'counts', store: false }
		],
		[
			'lets a card outside any place wait to be accepted',
			{ group: null },
			{ kind: 'waits', reasons: [{ code: 'inbox-no-place' }] }
		],
		[
			'lets a card from nobody who says so wait, even beside another version',
			{ sender: null, rivals: 1 },
			{ kind: 'waits', reasons: [{ code: 'inbox-no-sender' }] }
		],
		[
			'says a card from nobody came in a backup from outside',
			{ sender: null, group: null, fromBackup: true },
			{
				kind: 'waits',
				reasons: [{ code: 'inbox-no-place' }, { code: 'inbox-from-backup' }]
			}
		],
		[
			'counts a card outside its place that is the one this device holds',
			{ group: null, sender: null, local: { fingerprint: PRINT } },
			{ kind: 'counts', store: false }
		],
		[
			'sets a card beside another received version of its game',
			{ rivals: 1 },
			{ kind: 'versions' }
		],
		[
			'sets a card beside another version this device recorded',
			{ local: { fingerprint: 'f0' } },
			{ kind: 'versions' }
		],
		[
			'sets a card outside its place beside this device’s own version, not waiting alone',
			{ group: null, local: { fingerprint: null } },
			{ kind: 'versions' }
		]
	])('%s', (_, change, expected) => {
		expect(placing(arrival(change))).toEqual(expected);
	});
});
