/**
 * Who may change a league on this device (issue 37): only the device that made it. Its
 * public key is the league's `ownerKey`; a phone pins it when it first takes the league (the
 * code shown in class) and from then on takes that league's invites, group codes, receipts
 * and shared standings only under that key. A device never takes changes to a league it owns.
 */
import type { StoredRole } from '$lib/roles/rules';
import { TrustError } from './errors';
import type { LeagueRecord } from './records';

/** What is known when a message about a league arrives. */
export interface OwnerFacts {
	/**
	 * The owner key this device holds for the league: undefined when the league is not on this
	 * device, null when it is but from before keys (its first signed message pins it).
	 */
	held: string | null | undefined;
	/** The owner key the message's own league record names; undefined when it carries none. */
	claimed: string | undefined;
	/** The key whose signature of the message holds (`sealed.ts`); null when unsigned. */
	signer: string | null;
	/** This device's public key. */
	mine: string;
	/**
	 * The people holding the phone chose to follow a new instructor's device (a new laptop): the
	 * pinned key gives way to the key that signed, if the message names it as owner.
	 */
	newOwner?: boolean;
}

/**
 * The owner key to keep for the league once the message is taken.
 * @throws TrustError `trust-own-league` when this device owns it, `trust-unsigned` when the
 * message has no signature, `trust-other-owner` when another key than the owner's signed it
 */
export function ownerToPin({ held, claimed, signer, mine, newOwner }: OwnerFacts): string {
	if (held === mine) throw new TrustError('trust-own-league');
	if (signer === null) throw new TrustError('trust-unsigned');
	if (typeof held === 'string' && !newOwner) {
		if (signer !== held) throw new TrustError('trust-other-owner');
		return held;
	}
	// Not pinned yet: the league's record must name its signer as owner. A league the device
	// holds from before keys is pinned by its first signed message (it was joined by the same
	// trust: a code shown in class).
	if (claimed !== undefined && claimed !== signer) throw new TrustError('trust-other-owner');
	if (held === undefined && claimed === undefined) throw new TrustError('trust-other-owner');
	return signer;
}

/**
 * The owner key to keep when the school server brings a league's changes: the server is
 * trusted with what the owner's token pushed (names, term), never with who owns it, so the
 * league must already be on this phone (from its invite or code) and its pin stays.
 * @throws TrustError `trust-own-league` when this device owns it, `trust-other-owner` when the
 * league is not on this device
 */
export function ownerKeptFromServer(held: string | null | undefined, mine: string): string | null {
	if (held === mine) throw new TrustError('trust-own-league');
	if (held === undefined) throw new TrustError('trust-other-owner');
	return held;
}

/**
 * The owner key this device holds for `league`: its `ownerKey`, or for a league from before
 * keys, this device's own key on the instructor's device (which made it) and null on a group's
 * phone (the league's next signed message pins its owner). Undefined when the league is not here.
 */
export function ownerKeyHeld(
	league: LeagueRecord | undefined,
	role: StoredRole,
	mine: string
): string | null | undefined {
	if (!league) return undefined;
	return league.ownerKey ?? (role === 'group' ? null : mine);
}
