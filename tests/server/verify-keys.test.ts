/**
 * The server's cache of imported public keys (issue 40): a key is imported once, and a cached
 * key never makes a seal hold that another key made.
 */
import { describe, expect, it } from 'vitest';
import { importVerifyKey, type VerifyKeyOf } from '$lib/card/keys';
import { TrustError } from '$lib/card/errors';
import { sealed, signerOf } from '$lib/transfer/sealed';
import { livePayload } from '$lib/transfer/envelope';
import { cachedVerifyKeys } from '../../server/core/verify-keys';
import { checkSender } from '../../server/core/payloads';
import type { Caller } from '../../server/core/caller';
import { newSigner } from '../unit/class-loop/owner-keys';
import { entries, liveGame } from './live-support';

const LEAGUE = '3f2c1a4e-9d7b-4c1e-8a2f-5b6d7e8f9a0b';

/** A key importer that counts its imports. */
function counting(): VerifyKeyOf & { imports: string[] } {
	const imports: string[] = [];
	const keyOf = (key: string, raw: Uint8Array<ArrayBuffer>) => {
		imports.push(key);
		return importVerifyKey(key, raw);
	};
	return Object.assign(keyOf, { imports });
}

const message = () => livePayload(liveGame(LEAGUE, 'g1'), entries('g1', 1, 2));

describe('cachedVerifyKeys', () => {
	it('imports a key once for every seal it checks', async () => {
		const importer = counting();
		const keys = cachedVerifyKeys(10, importer);
		const phone = await newSigner();
		for (let i = 0; i < 3; i++) {
			expect(await signerOf(await sealed(message(), phone), keys)).toBe(phone.publicKey);
		}
		expect(importer.imports).toEqual([phone.publicKey]);
	});

	it("refuses a message sealed by another key that names a cached one's", async () => {
		const keys = cachedVerifyKeys(10);
		const [phone, thief] = [await newSigner(), await newSigner()];
		expect(await signerOf(await sealed(message(), phone), keys)).toBe(phone.publicKey);
		const stolen = await sealed(message(), thief);
		const named = { ...stolen, seal: { key: phone.publicKey, sig: stolen.seal!.sig } };
		await expect(signerOf(named, keys)).rejects.toThrow(TrustError);
		// The other key's own seal holds, and is told apart from the phone's.
		expect(await signerOf(stolen, keys)).toBe(thief.publicKey);
		const caller: Caller = {
			role: 'device',
			leagueId: LEAGUE,
			deviceId: 'd1',
			lastSeenAt: null,
			deviceKey: phone.publicKey
		};
		await expect(checkSender(named, caller)).rejects.toMatchObject({ code: 'trust-forged' });
		await expect(checkSender(stolen, caller)).rejects.toMatchObject({
			code: 'trust-other-phone'
		});
		await expect(checkSender(await sealed(message(), phone), caller)).resolves.toBeUndefined();
	});

	it('keeps at most its number of keys, the least recently used going first', async () => {
		const importer = counting();
		const keys = cachedVerifyKeys(2, importer);
		const [a, b, c] = [await newSigner(), await newSigner(), await newSigner()];
		const check = async (s: typeof a) => signerOf(await sealed(message(), s), keys);
		await check(a);
		await check(b);
		await check(a);
		await check(c);
		expect(keys.size).toBe(2);
		await check(a);
		await check(b);
		expect(importer.imports).toEqual([a, b, c, b].map((s) => s.publicKey));
	});

	it('keeps no key Web Crypto refused', async () => {
		let tries = 0;
		const keys = cachedVerifyKeys(10, () => {
			tries++;
			return Promise.reject(new Error('not a point'));
		});
		const phone = await newSigner();
		const payload = await sealed(message(), phone);
		await expect(signerOf(payload, keys)).rejects.toThrow(TrustError);
		await expect(signerOf(payload, keys)).rejects.toThrow(TrustError);
		expect(tries).toBe(2);
		expect(keys.size).toBe(0);
	});
});
