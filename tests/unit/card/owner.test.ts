import { describe, expect, it } from 'vitest';
import { ownerKeptFromServer, ownerToPin, type OwnerFacts } from '$lib/card/owner';

const MINE = 'this device';
const OWNER = 'the instructor';
const OTHER = 'someone else';

describe('ownerToPin', () => {
	it.each<[string, OwnerFacts, string]>([
		[
			'a new league, signed by the owner it names',
			{ held: undefined, claimed: OWNER, signer: OWNER, mine: MINE },
			OWNER
		],
		[
			'a pinned league, signed by its owner',
			{ held: OWNER, claimed: OWNER, signer: OWNER, mine: MINE },
			OWNER
		],
		[
			'a receipt (no league record) under the pinned owner',
			{ held: OWNER, claimed: undefined, signer: OWNER, mine: MINE },
			OWNER
		],
		[
			'a league held from before keys: its first signed message pins',
			{ held: null, claimed: OWNER, signer: OWNER, mine: MINE },
			OWNER
		],
		[
			'a new owner’s device the phone’s users chose to follow',
			{ held: OWNER, claimed: OTHER, signer: OTHER, mine: MINE, newOwner: true },
			OTHER
		]
	])('takes %s', (_, facts, pin) => {
		expect(ownerToPin(facts)).toBe(pin);
	});

	it.each<[string, OwnerFacts, string]>([
		[
			'a league this device owns, whoever signed',
			{ held: MINE, claimed: OTHER, signer: OTHER, mine: MINE },
			'trust-own-league'
		],
		[
			'a league this device owns, even signed by itself',
			{ held: MINE, claimed: MINE, signer: MINE, mine: MINE },
			'trust-own-league'
		],
		[
			'an unsigned message',
			{ held: OWNER, claimed: OWNER, signer: null, mine: MINE },
			'trust-unsigned'
		],
		[
			'an unsigned new league',
			{ held: undefined, claimed: OWNER, signer: null, mine: MINE },
			'trust-unsigned'
		],
		[
			'a pinned league signed by another key naming itself owner',
			{ held: OWNER, claimed: OTHER, signer: OTHER, mine: MINE },
			'trust-other-owner'
		],
		[
			'a pinned league signed by another key naming the owner',
			{ held: OWNER, claimed: OWNER, signer: OTHER, mine: MINE },
			'trust-other-owner'
		],
		[
			'a new league signed by another key than the owner it names',
			{ held: undefined, claimed: OWNER, signer: OTHER, mine: MINE },
			'trust-other-owner'
		],
		[
			'a receipt for a league not on this device',
			{ held: undefined, claimed: undefined, signer: OWNER, mine: MINE },
			'trust-other-owner'
		],
		[
			'a new owner chosen, but the message names another owner than its signer',
			{ held: OWNER, claimed: OWNER, signer: OTHER, mine: MINE, newOwner: true },
			'trust-other-owner'
		],
		[
			'a new owner chosen for a league this device owns',
			{ held: MINE, claimed: OTHER, signer: OTHER, mine: MINE, newOwner: true },
			'trust-own-league'
		]
	])('refuses %s', (_, facts, code) => {
		expect(() => ownerToPin(facts)).toThrow(expect.objectContaining({ code }));
	});
});

describe('ownerKeptFromServer', () => {
	it.each<[string, string | null | undefined, string | null]>([
		['keeps the pinned owner', OWNER, OWNER],
		['keeps a league from before keys unpinned', null, null]
	])('%s', (_, held, kept) => {
		expect(ownerKeptFromServer(held, MINE)).toBe(kept);
	});

	it.each<[string, string | undefined, string]>([
		['a league this device owns', MINE, 'trust-own-league'],
		['a league not on this device', undefined, 'trust-other-owner']
	])('refuses %s', (_, held, code) => {
		expect(() => ownerKeptFromServer(held, MINE)).toThrow(expect.objectContaining({ code }));
	});
});
