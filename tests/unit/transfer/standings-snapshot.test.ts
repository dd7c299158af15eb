import { describe, expect, it } from 'vitest';
import { messageFor } from '$lib/messages';
import { receiptPayload } from '$lib/transfer/envelope';
import { fromCodes, toCodes } from '$lib/transfer/codes';
import { parsePayload } from '$lib/transfer/payload';
import {
	isNewer,
	readSnapshot,
	sharedRows,
	toSnapshotRow,
	type StandingsSnapshot
} from '$lib/transfer/standings-snapshot';

const snapshot: StandingsSnapshot = {
	league: 'l1',
	at: '2026-02-10T10:00:00.000Z',
	rows: [
		['Ana', 3, 2, 145, 1],
		['Ben', 3, 1, 120, 2]
	]
};
const receipt = receiptPayload(
	{ id: 'l1', name: 'Period 3' },
	'2026-02-10T10:00:00.000Z',
	[{ gameId: 'g1', fingerprint: 'a'.repeat(64) }],
	snapshot
);

function said(act: () => unknown): string {
	try {
		act();
	} catch (e) {
		return messageFor(e);
	}
	return 'accepted';
}

describe('readSnapshot', () => {
	it('reads a snapshot, and one that says to hide the standings', () => {
		expect(readSnapshot(snapshot)).toEqual(snapshot);
		expect(readSnapshot({ ...snapshot, rows: null })).toEqual({ ...snapshot, rows: null });
	});

	it.each([
		['no league', { ...snapshot, league: '' }],
		['a time that is not one', { ...snapshot, at: 'yesterday' }],
		['more games won than played', { ...snapshot, rows: [['Ana', 1, 2, 10, 1]] }],
		['a place of 0', { ...snapshot, rows: [['Ana', 1, 1, 10, 0]] }],
		['a fractional count', { ...snapshot, rows: [['Ana', 1.5, 1, 10, 1]] }],
		['a line without a name', { ...snapshot, rows: [['', 1, 1, 10, 1]] }],
		['a line too short', { ...snapshot, rows: [['Ana', 1, 1]] }],
		['no rows at all', { league: 'l1', at: snapshot.at }]
	])('refuses %s', (_, value) => {
		expect(readSnapshot(value)).toBeNull();
	});
});

describe('isNewer', () => {
	const later = { ...snapshot, at: '2026-02-11T10:00:00.000Z' };
	it('keeps the first snapshot a phone gets', () => {
		expect(isNewer(null, snapshot)).toBe(true);
	});
	it('replaces an older snapshot with a newer one, and never the other way round', () => {
		expect(isNewer(snapshot, later)).toBe(true);
		expect(isNewer(later, snapshot)).toBe(false);
	});
	it('changes nothing for a copy of the one held', () => {
		expect(isNewer(snapshot, { ...snapshot })).toBe(false);
	});
	it('lets a newer hide replace shown standings', () => {
		expect(isNewer(snapshot, { ...later, rows: null })).toBe(true);
	});
	it('never replaces one league’s standings with another’s', () => {
		expect(isNewer(snapshot, { ...later, league: 'l2' })).toBe(false);
	});
	it('compares times, not their text (an offset is the same instant)', () => {
		expect(isNewer(snapshot, { ...snapshot, at: '2026-02-10T11:00:00+01:00' })).toBe(false);
	});
});

describe('the rows', () => {
	it('go out and come back as the screen reads them', () => {
		const row = { name: 'Ana', played: 3, won: 2, points: 145, place: 1 };
		expect(toSnapshotRow(row)).toEqual(['Ana', 3, 2, 145, 1]);
		expect(sharedRows(snapshot)[0]).toEqual(row);
		expect(sharedRows({ ...snapshot, rows: null })).toEqual([]);
	});
});

describe('standings riding on a receipt', () => {
	it('travel through the QR codes unchanged', async () => {
		expect(await fromCodes(await toCodes(receipt))).toEqual(receipt);
	});

	it('leave a receipt without them as it was', () => {
		const plain = receiptPayload({ id: 'l1', name: 'Period 3' }, snapshot.at, receipt.cards);
		expect('standings' in plain).toBe(false);
		expect(parsePayload(plain)).toEqual(plain);
	});

	it('make the whole receipt refused as damaged when malformed', () => {
		const bad = { ...receipt, standings: { ...snapshot, rows: [['Ana', 1, 5, 10, 1]] } };
		expect(said(() => parsePayload(bad))).toMatch(/^That code or file is damaged/);
	});

	it('keep a class of 30 within one code, or a moving code of a few fragments', async () => {
		const rows = Array.from({ length: 30 }, (_, i) =>
			toSnapshotRow({ name: `Student ${i + 1}`, played: 9, won: 4, points: 310, place: i + 1 })
		);
		const codes = await toCodes({ ...receipt, standings: { ...snapshot, rows } });
		const fragments = Number(/^UR:BYTES\/\d+-(\d+)\//.exec(codes[0] ?? '')?.[1] ?? 1);
		expect(fragments).toBeLessThanOrEqual(3);
		expect(await fromCodes(codes)).toMatchObject({ standings: { rows } });
	});
});
