/**
 * Phones' public keys imported once (issue 40): every card and live message carries its phone's
 * seal, and importing the key again for each took 0.8 s of a 33 s profile of live play alone
 * (docs/speed.md). A key is cached by its text, which names exactly one point (keys.ts `verify`
 * checks the text's one spelling before asking), so a cached key only ever checks seals that
 * name that very key: a message sealed by another key still fails its signature.
 */
import { importVerifyKey, type VerifyKeyOf } from '$lib/card/keys';

/** Keys held at most, by default: a district's phones (200 leagues × 8) several times over. */
export const KEYS_MAX = 10_000;

/**
 * A `keyOf` for `verify` that keeps up to `max` imported keys, the least recently used going
 * first; `importKey` does the importing (Web Crypto's, or a test's that counts).
 */
export function cachedVerifyKeys(
	max = KEYS_MAX,
	importKey: VerifyKeyOf = importVerifyKey
): VerifyKeyOf & { readonly size: number } {
	const keys = new Map<string, Promise<CryptoKey>>();
	const keyOf = (key: string, raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> => {
		const held = keys.get(key);
		if (held) {
			// Used again: moved to the newest end, so the oldest unused key goes first.
			keys.delete(key);
			keys.set(key, held);
			return held;
		}
		const imported = importKey(key, raw);
		// A point Web Crypto refuses is not kept: each try is refused anew.
		imported.catch(() => keys.delete(key));
		keys.set(key, imported);
		if (keys.size > max) keys.delete(keys.keys().next().value as string);
		return imported;
	};
	return Object.defineProperty(keyOf, 'size', { get: () => keys.size }) as VerifyKeyOf & {
		readonly size: number;
	};
}
