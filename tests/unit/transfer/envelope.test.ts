import { describe, expect, it } from 'vitest';
import { messageFor } from '$lib/messages';
import { asCards, asReceipt, receiptPayload } from '$lib/transfer/envelope';
import { fromCodes, toCodes } from '$lib/transfer/codes';
import { parsePayload } from '$lib/transfer/payload';
import type { Payload } from '$lib/transfer/schema';

const league = { id: 'l1', name: 'Period 3' };
const receipt = receiptPayload(league, '2026-02-10T10:00:00.000Z', [
	{ gameId: 'g1', fingerprint: 'a'.repeat(64) }
]);
const invite = {
	app: 'muggins-league',
	kind: 'invite',
	format: 1,
	league: {
		id: 'l1',
		name: 'Period 3',
		term: { name: '', start: null, end: null },
		rulesetId: 'classroom',
		options: {},
		createdAt: '2026-01-05T10:00:00.000Z',
		updatedAt: '2026-01-05T10:00:00.000Z'
	},
	roster: []
} as const;

function said(act: () => unknown): string {
	try {
		act();
	} catch (e) {
		return messageFor(e);
	}
	return 'accepted';
}

describe('the class loop’s messages', () => {
	it('a receipt travels through QR codes unchanged', async () => {
		expect(await fromCodes(await toCodes(receipt))).toEqual(receipt);
	});

	it.each([
		[
			'a receipt with a bad fingerprint',
			{ ...receipt, cards: [{ gameId: 'g1', fingerprint: 'x' }] }
		],
		['a receipt for no card', { ...receipt, cards: [] }],
		['a group without players', { ...receipt, kind: 'group', group: { players: [] } }]
	])('refuses %s as damaged', (_, value) => {
		expect(said(() => parsePayload(value))).toMatch(/^That code or file is damaged/);
	});

	it('says which screen takes what, when a payload is opened on the wrong one', () => {
		const payload = parsePayload(invite) as Payload;
		expect(said(() => asCards(payload))).toBe(
			'That is not a set of signed cards: open invites and group codes on a phone.'
		);
		expect(said(() => asReceipt(payload))).toBe(
			'That is not a receipt. The instructor’s device shows the receipt once it has read the cards.'
		);
		expect(asReceipt(receipt)).toBe(receipt);
	});
});
