import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '$lib/rules/sha256';

/** WebCrypto's SHA-256 of `text`, the reference. */
async function webCrypto(text: string): Promise<string> {
	const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
	return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('sha256Hex', () => {
	it.each([
		['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
		['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
		[
			'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
			'248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'
		]
	])('gives the standard digest of %j', (text, digest) => {
		expect(sha256Hex(text)).toBe(digest);
	});

	it('agrees with WebCrypto on any text, block edges and non-Latin letters included', async () => {
		await fc.assert(
			fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (text) => {
				expect(sha256Hex(text)).toBe(await webCrypto(text));
			}),
			{ numRuns: 300 }
		);
		for (let n = 50; n < 140; n++) {
			const text = 'é'.repeat(n % 7) + 'x'.repeat(n);
			expect(sha256Hex(text)).toBe(await webCrypto(text));
		}
	});
});
