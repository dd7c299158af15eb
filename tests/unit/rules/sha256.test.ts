import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '$lib/rules/fingerprint';
import { sha256HexSync } from '$lib/rules/sha256';

describe('sha256HexSync', () => {
	it.each([
		['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
		['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
		[
			'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
			'248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'
		]
	])('gives the standard digest of %j', (text, digest) => {
		expect(sha256HexSync(text)).toBe(digest);
	});

	it('agrees with WebCrypto on any text, block edges and non-Latin letters included', async () => {
		await fc.assert(
			fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (text) => {
				expect(sha256HexSync(text)).toBe(await sha256Hex(text));
			}),
			{ numRuns: 300 }
		);
		for (let n = 50; n < 140; n++) {
			const text = 'é'.repeat(n % 7) + 'x'.repeat(n);
			expect(sha256HexSync(text)).toBe(await sha256Hex(text));
		}
	});
});
