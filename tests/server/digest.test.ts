import { describe, expect, it } from 'vitest';
import { fastDigest } from '../../server/digest';

const subtle = globalThis.crypto.subtle;
const webDigest = subtle.digest.bind(subtle);
const hex = (b: ArrayBuffer) => Buffer.from(b).toString('hex');

describe('fastDigest', () => {
	const digest = fastDigest(webDigest);

	it.each([
		['empty', new Uint8Array(0)],
		['text', new TextEncoder().encode('Muggins: 5, 10, 15 ✓')],
		['a view into a larger buffer', new Uint8Array(new Uint8Array(64).fill(7).buffer, 8, 20)],
		['a DataView', new DataView(new Uint8Array([1, 2, 3, 4, 5]).buffer, 1, 3)],
		['an ArrayBuffer', new Uint8Array([9, 8, 7]).buffer]
	])('gives the SHA-256 WebCrypto gives, for %s', async (_, data) => {
		expect(hex(await digest('SHA-256', data))).toBe(hex(await webDigest('SHA-256', data)));
		expect(hex(await digest({ name: 'sha-256' }, data))).toBe(
			hex(await webDigest('SHA-256', data))
		);
	});

	it('knows the SHA-256 of "abc"', async () => {
		expect(hex(await digest('SHA-256', new TextEncoder().encode('abc')))).toBe(
			'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
		);
	});

	it('hands other algorithms to WebCrypto', async () => {
		const data = new TextEncoder().encode('abc');
		expect(hex(await digest('SHA-512', data))).toBe(hex(await webDigest('SHA-512', data)));
	});
});
