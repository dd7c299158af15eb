/**
 * A payload a device sends the server (a card, a live game): read through the app's one
 * envelope (`parsePayload`), and its seal checked against the phone's key, so the server takes
 * exactly what the instructor's inbox would, from the phone that says it sent it.
 */
import { TrustError } from '$lib/card/errors';
import { TransferError } from '$lib/transfer/errors';
import { parsePayload } from '$lib/transfer/payload';
import type { Payload } from '$lib/transfer/schema';
import { signerOf } from '$lib/transfer/sealed';
import type { Caller } from './caller';
import { ApiError } from './errors';
import { cachedVerifyKeys } from './verify-keys';

/** The phones' keys, imported once for every card and live message of this process. */
const verifyKeys = cachedVerifyKeys();

/**
 * `body` as a payload, or the refusal the inbox would give a file like it.
 * @throws ApiError 400 (not a payload of this app), 422 `transfer-newer` (a later format)
 */
export function readPayload(body: unknown): Payload {
	try {
		return parsePayload(body);
	} catch (e) {
		if (!(e instanceof TransferError)) throw e;
		// A later format is a valid payload this server cannot check: it is refused, not the request.
		throw new ApiError(e.code === 'transfer-newer' ? 422 : 400, e.code, e.params);
	}
}

/**
 * Refuses a payload `caller` did not seal (issue 37): a phone that recorded its key when it
 * joined sends only payloads sealed by that key, so a stolen token cannot bring in one made
 * elsewhere. A phone from before keys, and the instructor, send as before; a seal that does not
 * hold is refused from anyone.
 * @throws ApiError 422 `trust-forged`, `trust-unsigned`, `trust-other-phone`
 */
export async function checkSender(payload: Payload, caller: Caller): Promise<void> {
	let signer;
	try {
		signer = await signerOf(payload, verifyKeys);
	} catch (e) {
		if (e instanceof TrustError) throw new ApiError(422, e.code);
		throw e;
	}
	if (caller.deviceKey === null) return;
	if (signer === null) throw new ApiError(422, 'trust-unsigned');
	if (signer !== caller.deviceKey) throw new ApiError(422, 'trust-other-phone');
}
