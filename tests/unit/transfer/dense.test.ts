import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { exportPublicKey, newKeyPair, fromBase64Url } from '$lib/card/keys';
import { canonicalJson } from '$lib/rules/canonical';
import { PART_DATA } from '$lib/transfer/parts';
import { decode, DENSE_MARK, encode } from '$lib/transfer/dense';
import { packCard, unpackCard } from '$lib/transfer/dense-card';
import { compress, decompress } from '$lib/transfer/p256-point';
import { fromBytes, toBytes } from '$lib/transfer/payload';
import { cardPayload } from '$lib/transfer/envelope';
import { sealed } from '$lib/transfer/sealed';
import { toCodes } from '$lib/transfer/codes';
import { deflate } from '$lib/transfer/compress';
import type { ReceivedCard } from '$lib/card/records';
import { resetDb } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';
import { cursive, playedCard } from './fixtures';
import { isFrame } from '$lib/transfer/frames';

async function signer() {
	const keys = await newKeyPair();
	return { publicKey: await exportPublicKey(keys.publicKey), privateKey: keys.privateKey };
}

/** `value` after a trip through the dense form. */
async function trip(value: unknown): Promise<unknown> {
	return decode(await encode(value));
}

describe('the dense form', () => {
	it('gives back exactly the JSON it was given, key order included', async () => {
		await fc.assert(
			fc.asyncProperty(fc.jsonValue(), async (value) => {
				expect(JSON.stringify(await trip(value))).toBe(JSON.stringify(value));
			})
		);
	});

	it.each([
		['an id', 'c0ffee00-1234-4abc-8def-0123456789ab'],
		['an id in capitals (kept as text)', 'C0FFEE00-1234-4ABC-8DEF-0123456789AB'],
		['a hash', 'ab'.repeat(32)],
		['a time', '2026-11-27T09:15:02.123Z'],
		['a time not as the app writes it', '2026-11-27T09:15:02Z'],
		['a date-like text that is no date', '2026-02-30T09:15:02.123Z'],
		['an event id', 'c0ffee00-1234-4abc-8def-0123456789ab.17'],
		['a number with a leading zero after a dot', 'c0ffee00-1234-4abc-8def-0123456789ab.07'],
		['base64url', 'A'.repeat(43)],
		['base64url that does not read back as itself', `${'A'.repeat(42)}B`],
		['right-to-left and joiners', 'مرحبا\u200d\u034fAna'],
		['a number', 1.5],
		['minus zero', -0],
		['a large whole number', Number.MAX_SAFE_INTEGER],
		['a larger one', 2 ** 60]
	])('keeps %s', async (_, value) => {
		const object = { a: value, b: [value, value], c: { [String(value)]: value } };
		expect(JSON.stringify(await trip(object))).toBe(JSON.stringify(object));
	});

	it('keeps a key __proto__ as a key, and gives objects nothing else', async () => {
		const value = JSON.parse('{"__proto__":{"x":1},"constructor":2}');
		const back = (await trip(value)) as Record<string, unknown>;
		expect(Object.keys(back)).toEqual(['__proto__', 'constructor']);
		expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
		expect(({} as Record<string, unknown>).x).toBeUndefined();
	});

	it('refuses any cut, any extra byte and random bytes with a transfer code, never a crash', async () => {
		const whole = await encode({ a: ['c0ffee00-1234-4abc-8def-0123456789ab', 1, 'word'] });
		for (let n = 0; n < whole.length; n++) {
			await expect(decode(whole.subarray(0, n))).rejects.toMatchObject({
				code: 'transfer-damaged'
			});
		}
		await expect(decode(Uint8Array.from([...whole, 0]))).rejects.toMatchObject({
			code: 'transfer-damaged'
		});
		await fc.assert(
			fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (body) => {
				for (const how of [0, 1]) {
					const bytes = Uint8Array.from([DENSE_MARK, how, ...body]);
					await decode(bytes).then(
						() => undefined,
						(e: unknown) => expect(e).toMatchObject({ name: 'TransferError' })
					);
				}
			})
		);
	});

	it('refuses a few bytes that would unpack to more than a card ever is', async () => {
		// One long text, then a list naming it again by its number: bytes standing for gigabytes.
		const bomb = await encode(new Array(20_000).fill('a'.repeat(200_000)));
		expect(bomb.length).toBeLessThan(5_000);
		await expect(decode(bomb)).rejects.toMatchObject({ code: 'transfer-too-big' });
		const cut = Uint8Array.from([DENSE_MARK, 0, 11, 4, 5, 0x80, 0x80, 0x01, 0x61]);
		await expect(decode(cut)).rejects.toMatchObject({ code: 'transfer-damaged' });
		const deep = Uint8Array.from([DENSE_MARK, 0, ...new Array(40).fill([11, 1]).flat(), 0]);
		await expect(decode(deep)).rejects.toMatchObject({ code: 'transfer-damaged' });
	});
});

describe('a public key in the dense form', () => {
	it('is compressed and found again', async () => {
		for (let i = 0; i < 5; i++) {
			const key = (await signer()).publicKey;
			const point = fromBase64Url(key)!;
			const small = compress(point)!;
			expect(small).toHaveLength(33);
			expect(decompress(small)).toEqual(point);
		}
	});

	it('is not taken for one when it is not on the curve', () => {
		const off = new Uint8Array(65);
		off[0] = 4;
		off[64] = 1;
		expect(compress(off)).toBeNull();
		const x = new Uint8Array(33).fill(0xff);
		x[0] = 2;
		expect(decompress(x)).toBeNull();
	});
});

describe("a card's QR code", () => {
	let card: ReceivedCard;

	beforeEach(async () => {
		await resetDb();
		const made = await leagueWith(['Ana Lopez', 'Ben Okafor', 'Maria Chen', 'Gus Reed']);
		card = await playedCard([...made.students.values()], 30, { leagueId: made.leagueId });
	});

	it('is one code for 30 events signed by typing, sealed by the phone', async () => {
		expect(card.events).toHaveLength(30);
		const payload = await sealed(cardPayload(card), await signer());
		const bytes = await toBytes(payload);
		const json = await deflate(new TextEncoder().encode(canonicalJson(payload)));
		const codes = await toCodes(payload);
		expect(codes).toHaveLength(1);
		expect(codes[0]!.length).toBeLessThanOrEqual(PART_DATA + 20);
		expect(bytes.length).toBeLessThan(json.length / 2);
		expect(canonicalJson(await fromBytes(bytes))).toBe(canonicalJson(payload));
	});

	it('is one moving code, read in one scan, when four players sign by drawing', async () => {
		const drawn = {
			...card,
			signatures: card.signatures.map((s, i) => ({ ...s, typed: null, ...cursive(i) }))
		};
		const payload = cardPayload(drawn);
		const codes = await toCodes(payload);
		expect(codes.length).toBeGreaterThan(1);
		expect(codes.length).toBeLessThanOrEqual(12);
		expect(codes.every(isFrame)).toBe(true);
		expect(canonicalJson(await fromBytes(await toBytes(payload)))).toBe(canonicalJson(payload));
	});

	it('still reads a code made before the dense form (deflated JSON)', async () => {
		const payload = cardPayload(card);
		const before = await deflate(new TextEncoder().encode(canonicalJson(payload)));
		expect(before[0]).not.toBe(DENSE_MARK);
		expect(canonicalJson(await fromBytes(before))).toBe(canonicalJson(payload));
	});

	it('leaves out what the card makes: its result, fingerprint, and event ids', () => {
		const packed = packCard(cardPayload(card) as never);
		const game = packed.game as Record<string, unknown>;
		expect([typeof packed.events, game.result, game.fingerprint]).toEqual(['string', '=', '=']);
		expect(canonicalJson(unpackCard(packed))).toBe(canonicalJson(cardPayload(card)));
	});

	it('carries a changed result or fingerprint as it is, for the checks to refuse', () => {
		const forged = cardPayload(card);
		forged.game = { ...forged.game, fingerprint: 'ab'.repeat(32) };
		forged.game.result = forged.game.result && { ...forged.game.result, winners: [] };
		const packed = packCard(forged as never);
		const game = packed.game as Record<string, unknown>;
		expect(game.fingerprint).toBe('ab'.repeat(32));
		expect(game.result).toEqual(forged.game.result);
		expect(canonicalJson(unpackCard(packed))).toBe(canonicalJson(forged));
	});

	it('packs a log with a penalty, and reads it back the same', () => {
		const udl = cardPayload(card);
		udl.events = udl.events.map((e, i) =>
			i === 2
				? {
						...e,
						event: {
							id: e.event.id,
							type: 'penalty',
							player: card.game.seats[1]!,
							kind: 'bogus-play'
						}
					}
				: e
		);
		const packed = packCard(udl as never);
		expect(typeof packed.events).toBe('string');
		expect(canonicalJson(unpackCard(packed))).toBe(canonicalJson(udl));
	});

	it('carries a log it cannot pack as it is', () => {
		const odd = cardPayload(card);
		odd.events = odd.events.map((e, i) => (i === 3 ? { ...e, seq: 99 } : e));
		const packed = packCard(odd as never);
		expect(canonicalJson(unpackCard(packed))).toBe(canonicalJson(odd));
	});

	it('refuses a packed log that does not read', async () => {
		const packed = packCard(cardPayload(card) as never);
		const cut = { ...packed, events: (packed.events as string).slice(0, 40) };
		expect(() => unpackCard(cut)).toThrow(expect.objectContaining({ code: 'transfer-damaged' }));
		const bytes = await encode(cut);
		await expect(fromBytes(bytes)).rejects.toMatchObject({ code: 'transfer-damaged' });
	});
});
