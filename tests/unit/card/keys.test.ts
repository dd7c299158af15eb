import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	exportPublicKey,
	fingerprint,
	fromBase64Url,
	newKeyPair,
	sign,
	toBase64Url,
	verify
} from '$lib/card/keys';

const bytes = new TextEncoder().encode('{"kind":"invite"}');

describe('signatures', () => {
	it('hold for the signed bytes under the signer’s key, and for nothing else', async () => {
		const pair = await newKeyPair();
		const other = await newKeyPair();
		const key = await exportPublicKey(pair.publicKey);
		const seal = { key, sig: await sign(pair.privateKey, bytes) };
		expect(key).toHaveLength(87);
		expect(seal.sig).toHaveLength(86);
		expect(await verify(seal, bytes)).toBe(true);
		expect(await verify({ ...seal, key: await exportPublicKey(other.publicKey) }, bytes)).toBe(
			false
		);
		expect(await verify(seal, new TextEncoder().encode('{"kind":"invitf"}'))).toBe(false);
		expect(pair.privateKey.extractable).toBe(false);
	});

	it('refuse a seal with its last character’s unused bits set (one way to write each)', async () => {
		const pair = await newKeyPair();
		const seal = {
			key: await exportPublicKey(pair.publicKey),
			sig: await sign(pair.privateKey, bytes)
		};
		const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
		const bumped = (text: string) => {
			const last = alphabet.indexOf(text.at(-1)!);
			return text.slice(0, -1) + alphabet[last ^ 1];
		};
		expect(await verify({ ...seal, key: bumped(seal.key) }, bytes)).toBe(false);
		expect(await verify({ ...seal, sig: bumped(seal.sig) }, bytes)).toBe(false);
	});

	it('refuse the same key written in the hybrid form (prefix 0x06 or 0x07), which verifies in Node', async () => {
		const pair = await newKeyPair();
		const raw = fromBase64Url(await exportPublicKey(pair.publicKey))!;
		const sig = await sign(pair.privateKey, bytes);
		const odd = raw[64]! & 1;
		const hybrid = Uint8Array.from(raw);
		hybrid[0] = 0x06 | odd;
		expect(await verify({ key: toBase64Url(raw), sig }, bytes)).toBe(true);
		expect(await verify({ key: toBase64Url(hybrid), sig }, bytes)).toBe(false);
	});

	it('refuse a seal with any character changed, without throwing', async () => {
		const pair = await newKeyPair();
		const seal = {
			key: await exportPublicKey(pair.publicKey),
			sig: await sign(pair.privateKey, bytes)
		};
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom<'key' | 'sig'>('key', 'sig'),
				fc.nat(),
				fc.constantFrom(...'AZaz09-_!'),
				async (field, at, ch) => {
					const text = seal[field];
					const i = at % text.length;
					fc.pre(text[i] !== ch);
					const changed = { ...seal, [field]: text.slice(0, i) + ch + text.slice(i + 1) };
					expect(await verify(changed, bytes)).toBe(false);
				}
			),
			{ numRuns: 200 }
		);
	});
});

describe('base64url', () => {
	it('round-trips any bytes, and refuses text that is not base64url', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 80 }), (b) => {
				expect([...(fromBase64Url(toBase64Url(b)) ?? [])]).toEqual([...b]);
			})
		);
		expect(fromBase64Url('a+b/')).toBeNull();
	});
});

describe('fingerprint', () => {
	it('is three bytes a person can read, the same for the same key', async () => {
		const key = await exportPublicKey((await newKeyPair()).publicKey);
		const shown = await fingerprint(key);
		expect(shown).toMatch(/^[0-9A-F]{2}-[0-9A-F]{2}-[0-9A-F]{2}$/);
		expect(await fingerprint(key)).toBe(shown);
	});
});
